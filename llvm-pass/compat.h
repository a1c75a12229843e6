/*
 * compat.h - every difference between the LLVM versions ccprof supports
 * (14 and 22) lives here, so the pass itself has no version #ifs.
 *
 *   - PassPlugin.h moved from llvm/Passes/ to llvm/Plugins/ (LLVM 22).
 *   - Typed pointers (LLVM 14): an untyped "ptr" is spelt i8* and every
 *     pointer constant must be bitcast to it; opaque pointers from 15 on.
 *   - thread_local globals are addressed through llvm.threadlocal.address
 *     from LLVM 16 on; before that the global itself is the address.
 *   - StringRef::startswith became starts_with.
 *   - getConstantStringInfo lost its offset argument (LLVM 16).
 *   - Triple.h moved from llvm/ADT/ to llvm/TargetParser/ (LLVM 17), and
 *     Module::getTargetTriple() returns a Triple, not a string (LLVM 21).
 *   - Function::splice moves blocks between functions (LLVM 16); before,
 *     the block lists themselves.
 *   - A new instruction is placed by an iterator (InsertPosition, LLVM
 *     19), before by the instruction it goes before.
 *   - Register allocation around a computed goto: LLVM 14 gives context
 *     mode's node a register over an interpreter's whole dispatch and
 *     pays for it at every dispatch; LLVM 22 does not, and a stack slot
 *     costs it more (instrument.cpp, keepsNodeInMemory).
 *   - An option given twice: LLVM 14 refuses it ("may only occur zero or
 *     one times!") unless it is cl::ZeroOrMore; from LLVM 15 on the last
 *     value wins, as with GCC's -fplugin-arg- (LastValueWins).
 */
#ifndef CCPROF_LLVM_COMPAT_H
#define CCPROF_LLVM_COMPAT_H

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Type.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#if LLVM_VERSION_MAJOR >= 17
#include "llvm/TargetParser/Triple.h"
#else
#include "llvm/ADT/Triple.h"
#endif

#if LLVM_VERSION_MAJOR >= 21
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

namespace ccprof {

/* Whether M is compiled for x86-64 with 64-bit pointers (not x32). */
inline bool isX86_64LP64(const llvm::Module &M)
{
	llvm::Triple T(M.getTargetTriple());
	return T.getArch() == llvm::Triple::x86_64 && T.isArch64Bit() &&
	       T.getEnvironment() != llvm::Triple::GNUX32;
}

/* The one pointer type ccprof's IR uses: i8* (typed) or ptr (opaque). */
inline llvm::PointerType *ptrType(llvm::LLVMContext &Ctx)
{
#if LLVM_VERSION_MAJOR >= 15
	return llvm::PointerType::getUnqual(Ctx);
#else
	return llvm::Type::getInt8PtrTy(Ctx);
#endif
}

/* A pointer to Elem: Elem* (typed) or ptr (opaque). */
inline llvm::PointerType *pointerTo(llvm::Type *Elem)
{
#if LLVM_VERSION_MAJOR >= 15
	return llvm::PointerType::getUnqual(Elem->getContext());
#else
	return Elem->getPointerTo();
#endif
}

/* A constant pointer to C, as ptrType(). */
inline llvm::Constant *asPtr(llvm::Constant *C)
{
	return llvm::ConstantExpr::getPointerCast(C, ptrType(C->getContext()));
}

/* The address of this thread's instance of the thread_local GV, as a
 * pointer to a ptrType() slot. */
inline llvm::Value *threadLocalAddress(llvm::IRBuilder<> &B,
				       llvm::GlobalVariable *GV)
{
#if LLVM_VERSION_MAJOR >= 16
	return B.CreateThreadLocalAddress(GV);
#else
	(void)B;
	return GV;
#endif
}

/* The whole string constant V points to, its NULs kept (the terminating
 * one too): getConstantStringInfo took an offset before the flag up to
 * LLVM 15. */
inline bool wholeConstantString(const llvm::Value *V, llvm::StringRef &Str)
{
#if LLVM_VERSION_MAJOR >= 16
	return llvm::getConstantStringInfo(V, Str, false);
#else
	return llvm::getConstantStringInfo(V, Str, 0, false);
#endif
}

/* Moves every block of From to the end of To. */
inline void moveBlocks(llvm::Function &From, llvm::Function &To)
{
#if LLVM_VERSION_MAJOR >= 16
	To.splice(To.end(), &From);
#else
	To.getBasicBlockList().splice(To.end(), From.getBasicBlockList());
#endif
}

/* Where a new instruction goes: before I. */
#if LLVM_VERSION_MAJOR >= 19
inline llvm::InsertPosition before(llvm::Instruction *I)
{
	return I->getIterator();
}
#else
inline llvm::Instruction *before(llvm::Instruction *I)
{
	return I;
}
#endif

inline bool startsWith(llvm::StringRef S, llvm::StringRef Prefix)
{
#if LLVM_VERSION_MAJOR >= 16
	return S.starts_with(Prefix);
#else
	return S.startswith(Prefix);
#endif
}

/* Whether a function with a computed goto keeps context mode's node in a
 * stack slot: measured on Lua's luaV_execute (calls.lua 1, cachegrind),
 * LLVM 14 1.2-1.5% fewer instructions in all, LLVM 22 0.3% more; the
 * versions between are not measured and keep LLVM 22's choice. */
inline bool nodeInMemoryAtComputedGoto()
{
	return LLVM_VERSION_MAJOR <= 14;
}

/* What every ccprof option is given: a key given twice takes its last
 * value with every LLVM (and GCC); LLVM 14 refused it without this. */
const llvm::cl::NumOccurrencesFlag LastValueWins = llvm::cl::ZeroOrMore;

} // namespace ccprof

#endif
