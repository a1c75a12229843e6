/*
 * tail_chains.h - which callbacks may put `current` back when they
 * return, given their calls in tail position: decided for the whole
 * module before anything changes (tail_chains.cpp says how).
 */
#ifndef CCPROF_LLVM_TAIL_CHAINS_H
#define CCPROF_LLVM_TAIL_CHAINS_H

#include <functional>
#include <set>

namespace llvm {
class Function;
class Module;
class TargetLibraryInfo;
} // namespace llvm

namespace ccprof {

/* The functions of CalledBack whose calls in tail position allow a
 * store of `current` after them (restoresOnReturn in instrument.cpp).
 * TLIOf gives each function's library info.  Run with the module's
 * levers set (levers.h): a tiny leaf's call moves nothing. */
std::set<const llvm::Function *> tailCallsAllowRestore(
	llvm::Module &M, const std::set<const llvm::Function *> &CalledBack,
	const std::function<const llvm::TargetLibraryInfo *(llvm::Function &)>
		&TLIOf);

} // namespace ccprof

#endif
