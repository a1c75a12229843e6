/*
 * tail_chains.cpp - whether a callback's calls in tail position let it
 * put `current` back when it returns (design.md, "Callbacks and signal
 * handlers put `current` back").
 *
 * The store after a call in tail position stops the call from being a
 * jump: the callback keeps its frame while the callee runs.  That costs
 * one frame, once, unless the callee can come back to the callback
 * through calls in tail position only: then a loop that ran in constant
 * stack (a threaded interpreter's handlers calling each other through a
 * table, mutual recursion written as tail calls) would grow by a frame
 * per round.  So each call in tail position of a callback F must be
 *
 *  - of something that cannot move `current` (an intrinsic, a library
 *    function that cannot call back, a tiny leaf), or
 *  - a direct call of a function defined in this module, not
 *    interposable, from which the calls in tail position, followed as
 *    far as they go, stay among such functions and never reach F: none
 *    of them is through a pointer, of a function of another unit that
 *    may run profiled code, or `musttail`.
 *
 * A call that is not in tail position cannot be a jump, so only those in
 * tail position are followed.  A chain may loop among other functions
 * (jumps there stay jumps); only a loop back to F would grow.  Each
 * function's calls in tail position are summarised once, on the code as
 * the front end made it; each callback's search is cut off after
 * MAX_VISITS functions (then it does not restore).
 */
#include "tail_chains.h"

#include "instrument.h"
#include "tail_position.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <map>
#include <vector>

using namespace llvm;

namespace ccprof {

namespace {

enum { MAX_VISITS = 4096 };

/* A function's calls in tail position that may move `current`. */
struct TailCalls {
	bool Escapes = false; /* through a pointer, out of the unit, musttail */
	std::vector<const Function *> Next; /* direct, defined here */
};

bool followable(const Function *Callee)
{
	return Callee && !Callee->isDeclaration() && !Callee->isInterposable();
}

TailCalls summarise(Function &F, const TargetLibraryInfo *TLI)
{
	TailCalls S;
	for (BasicBlock &BB : F)
		for (Instruction &I : BB) {
			auto *CI = dyn_cast<CallInst>(&I);
			if (!CI)
				continue;
			if (CI->isMustTailCall()) {
				S.Escapes = true;
				continue;
			}
			if (!isInTailPosition(CI) || !mayMoveCurrent(CI, TLI))
				continue;
			const Function *Callee = CI->getCalledFunction();
			if (followable(Callee))
				S.Next.push_back(Callee);
			else
				S.Escapes = true;
		}
	return S;
}

/* Whether the chains of calls in tail position from Start stay in the
 * unit and never reach F. */
bool chainsStayAway(const Function *F, const Function *Start,
		    const std::map<const Function *, TailCalls> &Summary)
{
	std::set<const Function *> Seen{Start};
	std::vector<const Function *> Work{Start};
	while (!Work.empty()) {
		const Function *G = Work.back();
		Work.pop_back();
		if (G == F)
			return false;
		auto It = Summary.find(G);
		if (It == Summary.end() || It->second.Escapes)
			return false;
		for (const Function *H : It->second.Next)
			if (Seen.insert(H).second) {
				if (Seen.size() > MAX_VISITS)
					return false;
				Work.push_back(H);
			}
	}
	return true;
}

} // namespace

std::set<const Function *> tailCallsAllowRestore(
	Module &M, const std::set<const Function *> &CalledBack,
	const std::function<const TargetLibraryInfo *(Function &)> &TLIOf)
{
	std::map<const Function *, TailCalls> Summary;
	for (Function &F : M)
		if (!F.isDeclaration())
			Summary[&F] = summarise(F, TLIOf(F));
	std::set<const Function *> Allowed;
	for (const Function *F : CalledBack) {
		auto It = Summary.find(F);
		if (It == Summary.end())
			continue;
		const TailCalls &S = It->second;
		bool Ok = !S.Escapes;
		for (const Function *G : S.Next)
			Ok = Ok && G != F && chainsStayAway(F, G, Summary);
		if (Ok)
			Allowed.insert(F);
	}
	return Allowed;
}

} // namespace ccprof
