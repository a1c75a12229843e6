/*
 * levers.cpp - system=caller, tiny leaves, and the calls after which no
 * reset is needed (levers.h, plugin-common/levers.h).
 */
#include "levers.h"
#include "instrument.h"
#include "../plugin-common/levers.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <string>

using namespace llvm;

namespace ccprof {

static const unsigned NotLeaf = ~0u;
static Levers *ModuleLevers;

/* The absolute path of F's source file, from its debug info ("" if
 * none). */
static std::string debugFile(const Function &F)
{
	const DISubprogram *SP = F.getSubprogram();
	if (!SP)
		return "";
	std::string File = SP->getFilename().str();
	if (!File.empty() && File[0] != '/' && !SP->getDirectory().empty())
		File = SP->getDirectory().str() + "/" + File;
	return File;
}

bool Levers::chargedToCaller(const Function &F) const
{
	if (!ccprof_system_to_caller() || Labelled.count(&F))
		return false;
	return ccprof_std_library_symbol(symbolOf(F).c_str()) ||
	       ccprof_system_file(debugFile(F).c_str());
}

bool Levers::eligible(const Function &F) const
{
	return isInstrumentable(F) && !F.isInterposable() &&
	       !Labelled.count(&F);
}

/* What mem2reg, the inliner and addressing modes leave no trace of. */
static bool free(const Instruction &I)
{
	if (isa<AllocaInst>(I) || isa<DbgInfoIntrinsic>(I) ||
	    isa<GetElementPtrInst>(I) || isa<BitCastInst>(I) ||
	    isa<AddrSpaceCastInst>(I))
		return true;
	if (const auto *II = dyn_cast<IntrinsicInst>(&I))
		return II->isLifetimeStartOrEnd();
	if (const auto *L = dyn_cast<LoadInst>(&I))
		return isa<AllocaInst>(L->getPointerOperand()->stripPointerCasts());
	if (const auto *S = dyn_cast<StoreInst>(&I))
		return isa<AllocaInst>(S->getPointerOperand()->stripPointerCasts());
	return false;
}

unsigned Levers::sizeOf(const Function &F)
{
	auto It = Size.find(&F);
	if (It != Size.end())
		return It->second;
	Size[&F] = NotLeaf; /* while deciding: recursion is no leaf */
	unsigned Limit = ccprof_leaf_size(), N = 0;
	if (Limit == 0 || !isInstrumentable(F) || Labelled.count(&F))
		return NotLeaf;
	SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 4> Back;
	FindFunctionBackedges(F, Back);
	if (!Back.empty())
		return NotLeaf;
	for (const BasicBlock &BB : F)
		for (const Instruction &I : BB) {
			if (free(I))
				continue;
			N++;
			if (const auto *Call = dyn_cast<CallBase>(&I)) {
				const Function *Callee = Call->getCalledFunction();
				if (isa<InvokeInst>(Call) || Call->isInlineAsm() ||
				    !Callee)
					return NotLeaf;
				if (Call->doesNotReturn() && !Context)
					continue;
				if (Callee->isIntrinsic()) {
					if (intrinsicMayCallBack(Callee))
						return NotLeaf;
					/* A struct's copy (clang's return
					 * of a struct constant): a few
					 * moves, one GIMPLE assignment. */
					if (const auto *MI =
						    dyn_cast<MemIntrinsic>(Call)) {
						const auto *Len =
							dyn_cast<ConstantInt>(
								MI->getLength());
						if (!Len ||
						    Len->getZExtValue() > 64)
							return NotLeaf;
					}
					continue;
				}
				unsigned S = eligible(*Callee) && !Context
						     ? sizeOf(*Callee)
						     : NotLeaf;
				if (S == NotLeaf)
					return NotLeaf;
				N += S;
			}
			if (N > Limit)
				return NotLeaf;
		}
	return Size[&F] = N;
}

bool Levers::isTinyLeaf(const Function &F)
{
	return sizeOf(F) != NotLeaf;
}

void Levers::decideAs(const Function &Copy, const Function &Origin)
{
	auto S = Size.find(&Origin);
	if (S != Size.end())
		Size[&Copy] = S->second;
	auto U = Unchanged.find(&Origin);
	if (U != Unchanged.end())
		Unchanged[&Copy] = U->second;
}

bool Levers::leavesCurrentUnchanged(const Function &F)
{
	auto It = Unchanged.find(&F);
	if (It != Unchanged.end())
		return It->second > 0;
	if (Context) /* nothing else restores the caller's node */
		return (Unchanged[&F] = eligible(F) && isTinyLeaf(F)) > 0;
	/* libstdc++.so's std::string members, red-black tree steps, ... */
	if (F.isDeclaration())
		return ccprof_system_to_caller() &&
		       ccprof_std_compiled_no_callback(symbolOf(F).c_str());
	if (!eligible(F))
		return false;
	/* A function charged to its caller restores `current` after
	 * every call that may move it, tail calls included
	 * (restoresAfterTailCalls). */
	return (Unchanged[&F] = isTinyLeaf(F) || chargedToCaller(F)) > 0;
}

bool restoresAfterTailCalls(const Function &F)
{
	return ModuleLevers && !ModuleLevers->contextMode() &&
	       ModuleLevers->chargedToCaller(F);
}

void setModuleLevers(Levers *L)
{
	ModuleLevers = L;
}

bool calleeLeavesCurrentUnchanged(const Function *Callee)
{
	return ModuleLevers && Callee &&
	       ModuleLevers->leavesCurrentUnchanged(*Callee);
}

} // namespace ccprof
