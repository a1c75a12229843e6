/*
 * direct_entry.cpp - context mode's transitions at the call site
 * (docs/design.md, "Transitions at the call site").
 *
 * A context-mode entry finds its node from the caller's through a memo
 * keyed by the caller's node: several dependent loads on every call.  A
 * direct call from a function F of the same unit knows more: F's node is
 * already in a register, and the call site is fixed, so F's node can keep
 * one pointer per call site, its kid slot, to the callee's node.  To use
 * it the callee must be told its node, so a function G of the unit that
 * is called directly is split:
 *
 *   define i32 @g(i32 %x) {                ; everyone else's entry:
 *     ; the usual context transition to %n   other units, pointers,
 *     %r = call i32 @g.ccprof(i32 %x, ptr %n)   unprofiled code
 *     ret i32 %r
 *   }
 *   define internal i32 @g.ccprof(i32 %x, ptr %n) {   ; G's code
 *     store volatile ptr %n, ptr @__ccprof_current
 *     ...
 *
 * and F's direct calls of G become calls of g.ccprof with the node from
 * F's kid slot (instrument.cpp's enterAtCallSite).  The node travels as
 * an argument, not through `current`, so a signal handler that runs
 * between the caller's transition and the callee's entry cannot hand the
 * callee another node.
 */
#include "direct_entry.h"
#include "compat.h"

#include "llvm/IR/Attributes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace ccprof {

/* Whether I means the same in a body with one more parameter, called
 * from G: not a musttail call (its prototype must be the caller's), not
 * G's return or frame address (when G cannot jump to its body), nothing
 * tied to G itself (coroutines, SEH). */
static bool bodyCanMove(const Instruction &I)
{
	const CallBase *Call = dyn_cast<CallBase>(&I);
	if (!Call)
		return true;
	if (const CallInst *CI = dyn_cast<CallInst>(Call))
		if (CI->isMustTailCall())
			return false;
	const Function *Callee = Call->getCalledFunction();
	if (!Callee || !Callee->isIntrinsic())
		return true;
	switch (Callee->getIntrinsicID()) {
	case Intrinsic::returnaddress:
	case Intrinsic::addressofreturnaddress:
	case Intrinsic::frameaddress:
	case Intrinsic::sponentry:
	case Intrinsic::localescape:
	case Intrinsic::vastart:
		return false;
	default:
		return !startsWith(Callee->getName(), "llvm.coro.");
	}
}

bool hasPlacedArgument(const AttributeList &AL)
{
	static const Attribute::AttrKind Placed[] = {
		Attribute::InAlloca, Attribute::Preallocated, Attribute::Nest,
		Attribute::SwiftSelf, Attribute::SwiftError,
		Attribute::SwiftAsync,
	};
	for (Attribute::AttrKind K : Placed)
		if (AL.hasAttrSomewhere(K))
			return true;
	return false;
}

bool canHaveDirectBody(const Function &G)
{
	if (G.isDeclaration() || G.isVarArg() || G.isInterposable())
		return false;
	if (G.hasFnAttribute(Attribute::OptimizeNone) ||
	    G.hasFnAttribute(Attribute::Naked) ||
	    G.hasFnAttribute(Attribute::ReturnsTwice) ||
	    G.hasFnAttribute(Attribute::AlwaysInline))
		return false;
	if (G.getCallingConv() != CallingConv::C &&
	    G.getCallingConv() != CallingConv::Fast)
		return false;
	if (hasPlacedArgument(G.getAttributes()))
		return false;
	/* Other instrumentation would run twice or see the body's address
	 * (-finstrument-functions, -pg, XRay, patchable entries). */
	static const char *const Instrumented[] = {
		"instrument-function-entry", "instrument-function-entry-inlined",
		"instrument-function-exit", "instrument-function-exit-inlined",
		"function-instrument", "xray-instruction-threshold",
		"patchable-function-entry", "patchable-function",
	};
	for (const char *A : Instrumented)
		if (G.hasFnAttribute(A))
			return false;
	if (G.hasPrefixData() || G.hasPrologueData())
		return false;
	for (const BasicBlock &BB : G) {
		if (BB.hasAddressTaken())
			return false; /* blockaddress names (G, block) */
		for (const Instruction &I : BB)
			if (!bodyCanMove(I))
				return false;
	}
	return true;
}

bool canCallDirectly(const Function &F)
{
	return !F.hasFnAttribute(Attribute::OptimizeNone);
}

bool isDirectCallOf(const CallBase *Call, const Function *G)
{
	if (Call->getCalledOperand() != G || Call->isInlineAsm())
		return false;
	if (Call->getFunctionType() != G->getFunctionType())
		return false;
	if (const CallInst *CI = dyn_cast<CallInst>(Call))
		if (CI->isMustTailCall())
			return false;
	return isa<CallInst>(Call) || isa<InvokeInst>(Call);
}

/* AL with no attributes on NExtra parameters added after NParams. */
static AttributeList withExtraParams(LLVMContext &C, AttributeList AL,
				     unsigned NParams, unsigned NExtra)
{
	SmallVector<AttributeSet, 8> Params;
	for (unsigned I = 0; I < NParams; I++)
		Params.push_back(AL.getParamAttrs(I));
	for (unsigned I = 0; I < NExtra; I++)
		Params.push_back(AttributeSet());
	return AttributeList::get(C, AL.getFnAttrs(), AL.getRetAttrs(), Params);
}

Function *functionLike(Function &G, ArrayRef<Type *> Extra,
		       GlobalValue::LinkageTypes Linkage,
		       GlobalValue::VisibilityTypes Visibility,
		       const Twine &Name)
{
	FunctionType *GT = G.getFunctionType();
	SmallVector<Type *, 8> Params(GT->param_begin(), GT->param_end());
	Params.append(Extra.begin(), Extra.end());
	FunctionType *FT = FunctionType::get(GT->getReturnType(), Params, false);
	Function *F = Function::Create(FT, Linkage, Name, G.getParent());
	F->copyAttributesFrom(&G);
	F->setLinkage(Linkage);
	F->setVisibility(Visibility);
	F->setDLLStorageClass(GlobalValue::DefaultStorageClass);
	F->setComdat(nullptr);
	F->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
	F->setAttributes(withExtraParams(G.getContext(), G.getAttributes(),
					 GT->getNumParams(), Extra.size()));
	return F;
}

CallInst *forwardCall(Function &From, Function *To)
{
	BasicBlock *Entry = BasicBlock::Create(From.getContext(), "entry",
					       &From);
	IRBuilder<> B(Entry);
	SmallVector<Value *, 8> Args;
	FunctionType *TT = To->getFunctionType();
	for (unsigned I = 0; I < TT->getNumParams(); I++)
		Args.push_back(I < From.arg_size()
				       ? (Value *)From.getArg(I)
				       : Constant::getNullValue(
						 TT->getParamType(I)));
	CallInst *Call = B.CreateCall(TT, To, Args);
	Call->setCallingConv(To->getCallingConv());
	Call->setAttributes(To->getAttributes());
	Call->setTailCall();
	if (TT->getReturnType()->isVoidTy())
		B.CreateRetVoid();
	else
		B.CreateRet(Call);
	return Call;
}

Function *splitDirectBody(Function &G, CallInst *&Forward)
{
	LLVMContext &C = G.getContext();
	Function *Body = functionLike(G, {ptrType(C)},
				      GlobalValue::InternalLinkage,
				      GlobalValue::DefaultVisibility,
				      G.getName() + ".ccprof");
	Body->setSubprogram(G.getSubprogram());
	G.setSubprogram(nullptr);
	G.setPersonalityFn(nullptr);

	moveBlocks(G, *Body);
	auto BA = Body->arg_begin();
	for (Argument &A : G.args()) {
		BA->takeName(&A);
		A.replaceAllUsesWith(&*BA);
		++BA;
	}
	BA->setName("ccprof.node");

	Forward = forwardCall(G, Body);
	Forward->setIsNoInline(); /* G has no debug information now */
	return Body;
}

CallBase *callBody(CallBase *Call, Function *Body)
{
	LLVMContext &C = Call->getContext();
	SmallVector<Value *, 8> Args(Call->arg_begin(), Call->arg_end());
	FunctionType *BT = Body->getFunctionType();
	for (unsigned I = Args.size(); I < BT->getNumParams(); I++)
		Args.push_back(Constant::getNullValue(BT->getParamType(I)));
	SmallVector<OperandBundleDef, 2> Bundles;
	Call->getOperandBundlesAsDefs(Bundles);
	CallBase *New;
	if (InvokeInst *Inv = dyn_cast<InvokeInst>(Call))
		New = InvokeInst::Create(Body->getFunctionType(), Body,
					 Inv->getNormalDest(),
					 Inv->getUnwindDest(), Args, Bundles,
					 "", before(Call));
	else {
		CallInst *CI = CallInst::Create(Body->getFunctionType(), Body,
						Args, Bundles, "", before(Call));
		CI->setTailCallKind(cast<CallInst>(Call)->getTailCallKind());
		New = CI;
	}
	New->setCallingConv(Call->getCallingConv());
	New->setAttributes(withExtraParams(C, Call->getAttributes(),
					   Call->arg_size(),
					   BT->getNumParams() - Call->arg_size()));
	New->setDebugLoc(Call->getDebugLoc());
	New->copyMetadata(*Call);
	New->takeName(Call);
	Call->replaceAllUsesWith(New);
	Call->eraseFromParent();
	return New;
}

} // namespace ccprof
