/*
 * levers.h - the LLVM side of plugin-common/levers.h: which functions
 * system=caller charges to their callers, which are tiny leaves
 * (leaf-size=N: counted, no `current`), and which return with `current`
 * as they found it, so that their callers need no reset.  Decided for the
 * whole module before anything is instrumented, on the IR as clang
 * emits it (pipeline start): a function's size is its instructions but
 * allocas, debug and lifetime intrinsics and the loads and stores of
 * allocas (what mem2reg removes), plus the sizes of the functions it
 * calls.
 */
#ifndef CCPROF_LLVM_LEVERS_H
#define CCPROF_LLVM_LEVERS_H

#include <map>
#include <set>

namespace llvm {
class CallBase;
class Function;
class TargetLibraryInfo;
} // namespace llvm

namespace ccprof {

class Levers {
public:
	/* Labelled: functions with a CCPROF_CC label (always profiled).
	 * Context: mode=context, where a tiny leaf calls nothing (its
	 * callees' contexts must have it as parent) and is the only
	 * function after whose calls no reset is needed. */
	Levers(std::set<const llvm::Function *> Labelled, bool Context)
		: Labelled(Labelled), Context(Context)
	{
	}

	/* system=caller and F is of the C++ standard library or of a
	 * system header (its debug info's file; without -g by name only). */
	bool chargedToCaller(const llvm::Function &F) const;

	/* F has no loop, and its size with that of every function it calls
	 * (each a tiny leaf too; in context mode none) is at most
	 * leaf-size. */
	bool isTinyLeaf(const llvm::Function &F);

	/* Copy is a copy of Origin made after the decisions (a context-mode
	 * body): it is decided as Origin was. */
	void decideAs(const llvm::Function &Copy, const llvm::Function &Origin);

	/* A call of F returns with `current` as it was: F is defined here,
	 * cannot be replaced at link or load time, and is a tiny leaf or is
	 * charged to its caller (which restores `current` after every call
	 * that may move it, tail calls too); or F is one of libstdc++.so's
	 * functions that run no code of the program.  In context mode: F is
	 * a tiny leaf. */
	bool leavesCurrentUnchanged(const llvm::Function &F);

	bool contextMode() const { return Context; }

private:
	bool eligible(const llvm::Function &F) const;
	unsigned sizeOf(const llvm::Function &F);

	std::set<const llvm::Function *> Labelled;
	bool Context;
	std::map<const llvm::Function *, unsigned> Size; /* ~0u: no leaf */
	std::map<const llvm::Function *, int> Unchanged; /* -1: deciding */
};

/* The levers of the module being instrumented (set by the driver for
 * instrument.cpp's reset rule; null: none). */
void setModuleLevers(Levers *L);
bool calleeLeavesCurrentUnchanged(const llvm::Function *Callee);

/* Whether F restores `current` after tail calls too (it is charged to
 * its caller, whose callers rely on it). */
bool restoresAfterTailCalls(const llvm::Function &F);

} // namespace ccprof

#endif
