/*
 * tail_position.cpp - Appel's "tail call": a call directly followed by a
 * return of its value (or of nothing).  After such a call the function
 * returns at once, and its caller resets `current`, so no reset is needed;
 * inserting one would stop the backend from turning the call into a jump.
 *
 * The pass runs at pipeline start, before SROA and SimplifyCFG, so the IR
 * clang emits for
 *
 *     if (n == 0) return 1;
 *     return odd(n - 1);
 *
 * is not yet "call; ret" but
 *
 *     %call = call i32 @odd(i32 %sub)
 *     store i32 %call, ptr %retval
 *     br label %return
 *   return:
 *     %0 = load i32, ptr %retval
 *     ret i32 %0
 *
 * (plus, in scopes with cleanups, stores of constants to a cleanup slot
 * and at -O0 a `switch` on it).  So we walk forward from the call along
 * the path it must take, evaluating only what cannot run user code: stores
 * into allocas, loads from them, casts, phis, debug and lifetime
 * intrinsics, and branches or switches whose condition is then a known
 * constant.  The call is in tail position if the walk reaches a `ret`
 * that returns the call's value (or returns void); anything else (a call,
 * a store to memory that may be seen, an unknown condition) means no.
 */
#include "tail_position.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace ccprof {

/* Intrinsics that neither run code nor touch memory we track. */
static bool isInertIntrinsic(const Instruction *I)
{
	const IntrinsicInst *II = dyn_cast<IntrinsicInst>(I);
	if (!II)
		return false;
	switch (II->getIntrinsicID()) {
	case Intrinsic::lifetime_start:
	case Intrinsic::lifetime_end:
	case Intrinsic::dbg_declare:
	case Intrinsic::dbg_value:
	case Intrinsic::dbg_label:
	case Intrinsic::assume:
		return true;
	default:
		return false;
	}
}

/* The straight-line state of the walk: what each alloca and each SSA
 * value seen so far is known to hold. */
struct Walk {
	DenseMap<const Value *, const Value *> Holds;

	const Value *resolve(const Value *V) const
	{
		for (;;) {
			auto It = Holds.find(V);
			if (It == Holds.end() || It->second == V)
				return V;
			V = It->second;
		}
	}
};

/* The successor an unconditional, or constant-conditional, terminator
 * takes; null if it cannot be known. */
static BasicBlock *knownSuccessor(const Walk &W, Instruction *Term)
{
	if (BranchInst *Br = dyn_cast<BranchInst>(Term)) {
		if (!Br->isConditional())
			return Br->getSuccessor(0);
		const ConstantInt *C =
			dyn_cast<ConstantInt>(W.resolve(Br->getCondition()));
		if (!C)
			return nullptr;
		return Br->getSuccessor(C->isOne() ? 0 : 1);
	}
	if (SwitchInst *Sw = dyn_cast<SwitchInst>(Term)) {
		const ConstantInt *C =
			dyn_cast<ConstantInt>(W.resolve(Sw->getCondition()));
		if (!C)
			return nullptr;
		for (auto Case : Sw->cases())
			if (Case.getCaseValue()->getValue() == C->getValue())
				return Case.getCaseSuccessor();
		return Sw->getDefaultDest();
	}
	return nullptr;
}

enum Step { Next, Jump, IsTail, NotTail };

/* Evaluates one instruction of the walk.  On Jump, *To is the block the
 * path continues in. */
static Step step(Walk &W, Instruction *I, const BasicBlock *Pred,
		 const CallInst *Call, BasicBlock **To)
{
	if (PHINode *Phi = dyn_cast<PHINode>(I)) {
		if (!Pred)
			return NotTail;
		W.Holds[Phi] = Phi->getIncomingValueForBlock(Pred);
		return Next;
	}
	if (isInertIntrinsic(I))
		return Next;
	if (StoreInst *St = dyn_cast<StoreInst>(I)) {
		Value *Slot = St->getPointerOperand()->stripPointerCasts();
		if (St->isVolatile() || !isa<AllocaInst>(Slot))
			return NotTail;
		W.Holds[Slot] = W.resolve(St->getValueOperand());
		return Next;
	}
	if (LoadInst *Ld = dyn_cast<LoadInst>(I)) {
		if (Ld->isVolatile())
			return NotTail;
		const Value *Slot = Ld->getPointerOperand()->stripPointerCasts();
		if (W.Holds.count(Slot))
			W.Holds[Ld] = W.resolve(Slot);
		return Next;
	}
	if (CastInst *Cast = dyn_cast<CastInst>(I)) {
		W.Holds[Cast] = W.resolve(Cast->getOperand(0));
		return Next;
	}
	if (ReturnInst *Ret = dyn_cast<ReturnInst>(I)) {
		Value *RV = Ret->getReturnValue();
		return !RV || W.resolve(RV) == Call ? IsTail : NotTail;
	}
	if (I->isTerminator()) {
		*To = knownSuccessor(W, I);
		return *To ? Jump : NotTail;
	}
	return NotTail;
}

bool isInTailPosition(CallInst *Call)
{
	if (Call->isMustTailCall())
		return true;

	Walk W;
	SmallPtrSet<const BasicBlock *, 8> Visited;
	BasicBlock *Pred = nullptr;
	BasicBlock *BB = Call->getParent();
	Instruction *I = Call->getNextNode();
	Visited.insert(BB);

	while (I) {
		BasicBlock *To = nullptr;
		switch (step(W, I, Pred, Call, &To)) {
		case Next:
			I = I->getNextNode();
			break;
		case Jump:
			if (!Visited.insert(To).second)
				return false; /* a loop: never returns here */
			Pred = BB;
			BB = To;
			I = &BB->front();
			break;
		case IsTail:
			return true;
		case NotTail:
			return false;
		}
	}
	return false;
}

} // namespace ccprof
