/*
 * tail_position.h - does a call sit in tail position?
 */
#ifndef CCPROF_LLVM_TAIL_POSITION_H
#define CCPROF_LLVM_TAIL_POSITION_H

namespace llvm {
class CallInst;
}

namespace ccprof {

/* True if nothing observable runs between the return of Call and the
 * return of its function, which returns Call's value or nothing. */
bool isInTailPosition(llvm::CallInst *Call);

} // namespace ccprof

#endif
