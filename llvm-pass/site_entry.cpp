/*
 * site_entry.cpp - context mode's transitions at the call site across
 * units (docs/design.md, "Transitions at the call site").
 *
 * A direct call of a function G of another unit cannot reach G's body:
 * the body is internal to G's unit, and the caller's unit does not know
 * whether G's unit was built in context mode at all.  So G's unit, when
 * it goes into an executable, gives G a hidden *site entry* that takes
 * the caller's node and kid-slot index and does the call-site
 * transition itself:
 *
 *   define hidden i32 @g.ccprof.site.<digest>(i32 %x, ptr %from, i64 %k) {
 *     ; %n := from's kid slot k (the slow path on first use); n->calls++
 *     %r = tail call i32 @g.ccprof(i32 %x, ptr %n)
 *     ret i32 %r
 *   }
 *
 * and a caller's unit calls that symbol with its node and a slot of its
 * own, defining it too, weak and hidden, as `return g(x)`.  The link
 * keeps G's unit's definition when there is one; else the caller's,
 * which calls G as before (G's entry transition, or G unprofiled).
 * Hidden symbols stay in the executable, where G cannot be interposed;
 * a unit built for a shared object neither makes nor calls them.  The
 * digest of the ABI version and the prototype keeps a caller whose
 * declaration of G differs from G's definition, or a unit built for
 * another ABI version, on its fallback.
 */
#include "site_entry.h"
#include "abi.h"
#include "compat.h"
#include "direct_entry.h"
#include "instrument.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Module.h"

#include <cstdio>

using namespace llvm;

namespace ccprof {

/* T as the calling convention sees it; all pointers alike (typed or
 * opaque, whatever they point to). */
static void describeType(Type *T, std::string &S)
{
	if (T->isPointerTy())
		S += 'p';
	else if (T->isIntegerTy())
		S += "i" + std::to_string(T->getIntegerBitWidth());
	else if (T->isVoidTy())
		S += 'v';
	else if (T->isFloatTy())
		S += 'f';
	else if (T->isDoubleTy())
		S += 'd';
	else if (T->isX86_FP80Ty())
		S += 'x';
	else if (T->isFP128Ty())
		S += 'q';
	else if (T->isHalfTy())
		S += 'h';
	else if (T->isBFloatTy())
		S += 'b';
	else if (StructType *ST = dyn_cast<StructType>(T)) {
		S += '{';
		for (Type *E : ST->elements())
			describeType(E, S);
		S += ST->isPacked() ? "}p" : "}";
	} else if (ArrayType *AT = dyn_cast<ArrayType>(T)) {
		S += "[" + std::to_string(AT->getNumElements());
		describeType(AT->getElementType(), S);
		S += ']';
	} else if (FixedVectorType *VT = dyn_cast<FixedVectorType>(T)) {
		S += "<" + std::to_string(VT->getNumElements());
		describeType(VT->getElementType(), S);
		S += '>';
	} else
		S += '?';
}

/* The attributes of one parameter or the return value that change
 * where or how the value is passed. */
static void describeAttrs(const DataLayout &DL, AttributeSet A,
			  std::string &S)
{
	if (Type *T = A.getByValType())
		S += "B" + std::to_string(DL.getTypeAllocSize(T)) + "." +
		     std::to_string(A.getAlignment() ? A.getAlignment()->value()
						     : 0);
	if (A.hasAttribute(Attribute::StructRet))
		S += 'R';
	if (A.hasAttribute(Attribute::InReg))
		S += 'I';
	if (A.hasAttribute(Attribute::ZExt))
		S += 'Z';
	if (A.hasAttribute(Attribute::SExt))
		S += 'S';
}

std::string siteEntryName(const Function &G, StringRef Symbol)
{
	const DataLayout &DL = G.getParent()->getDataLayout();
	FunctionType *FT = G.getFunctionType();
	AttributeList AL = G.getAttributes();
	/* the ABI version first: a unit of another version (whose nodes
	 * the runtime may lay out differently) never calls it */
	std::string S = "abi" + std::to_string(abi::ABI_VERSION) + ";" +
			std::to_string(G.getCallingConv()) + ":";
	describeType(FT->getReturnType(), S);
	describeAttrs(DL, AL.getRetAttrs(), S);
	for (unsigned I = 0; I < FT->getNumParams(); I++) {
		S += ',';
		describeType(FT->getParamType(I), S);
		describeAttrs(DL, AL.getParamAttrs(I), S);
	}
	uint64_t H = 0xcbf29ce484222325ull; /* FNV-1a */
	for (unsigned char Ch : S)
		H = (H ^ Ch) * 0x100000001b3ull;
	char Digest[17];
	snprintf(Digest, sizeof Digest, "%016llx", (unsigned long long)H);
	return (Symbol.empty() ? symbolOf(G) : Symbol.str()) + ".ccprof.site." +
	       Digest;
}

bool canHaveSiteEntry(const Function &G)
{
	return !isSharedObject(*G.getParent()) && G.hasExternalLinkage() &&
	       !G.hasComdat() && G.getName() != "main";
}

/* With debug information, S gets a subprogram of its own (G's name,
 * S's linkage name, artificial) and FORWARD a line in it, so that the
 * inliner may copy the body into S as GCC does (one jump less per call
 * from another unit) and the copy keeps the body's lines, as an inlined
 * call of G: a breakpoint on a line of G stops there too.  False when
 * the body's subprogram cannot be copied; S then keeps the call. */
static bool giveSubprogram(Function &S, const Function &Body,
			   CallInst *Forward)
{
	DISubprogram *SP = Body.getSubprogram();
	if (!SP)
		return true; /* no debug information: nothing to keep apart */
	if (!SP->getUnit() || !SP->getType())
		return false;
	DIBuilder DIB(*S.getParent(), /*AllowUnresolved=*/false,
		      SP->getUnit());
	DISubprogram::DISPFlags Flags = DISubprogram::SPFlagDefinition;
	if (SP->isOptimized())
		Flags |= DISubprogram::SPFlagOptimized;
	DISubprogram *Own = DIB.createFunction(
		SP->getFile(), SP->getName(), S.getName(), SP->getFile(),
		SP->getLine(), SP->getType(), SP->getScopeLine(),
		DINode::FlagArtificial | DINode::FlagPrototyped, Flags);
	DIB.finalizeSubprogram(Own);
	S.setSubprogram(Own);
	Forward->setDebugLoc(
		DILocation::get(S.getContext(), SP->getLine(), 0, Own));
	return true;
}

Function *createSiteEntry(Function &G, Function *Body, CallInst *&Forward)
{
	LLVMContext &C = G.getContext();
	Function *S = functionLike(G, {ptrType(C), Type::getInt64Ty(C)},
				   GlobalValue::ExternalLinkage,
				   GlobalValue::HiddenVisibility,
				   siteEntryName(G));
	S->setPersonalityFn(nullptr);
	unsigned N = S->arg_size();
	S->getArg(N - 2)->setName("ccprof.from");
	S->getArg(N - 1)->setName("ccprof.slot");
	Forward = forwardCall(*S, Body);
	if (!giveSubprogram(*S, *Body, Forward))
		Forward->setIsNoInline();
	return S;
}

void aliasSiteEntries(Module &M, const std::map<Function *, Function *> &Sites)
{
	std::vector<GlobalAlias *> Aliases;
	for (GlobalAlias &A : M.aliases())
		Aliases.push_back(&A);
	for (GlobalAlias *A : Aliases) {
		Function *G = dyn_cast<Function>(
			A->getAliasee()->stripPointerCasts());
		auto It = Sites.find(G);
		if (It == Sites.end() || !A->hasExternalLinkage() ||
		    A->getValueType() != G->getValueType())
			continue;
		StringRef Name = A->getName();
		if (!Name.empty() && Name[0] == '\1')
			Name = Name.drop_front();
		GlobalAlias *S = GlobalAlias::create(
			It->second->getValueType(), 0,
			GlobalValue::ExternalLinkage,
			siteEntryName(*G, Name), It->second, &M);
		S->setVisibility(GlobalValue::HiddenVisibility);
	}
}

/* A name reserved to the implementation (its libraries' functions,
 * which no unit of the program defines): C's __x and _X, C++'s std:: and
 * __gnu_cxx:: and the ABI's __cxa_. */
static bool implementationName(StringRef Name)
{
	static const char *const Prefixes[] = {
		"_ZSt", "_ZNSt", "_ZNKSt", "_ZN9__gnu_cxx", "_ZNK9__gnu_cxx",
		"_ZdlPv", "_ZdaPv", "_Znwm", "_Znam",
	};
	for (const char *P : Prefixes)
		if (startsWith(Name, P))
			return true;
	if (startsWith(Name, "_Z"))
		return false;
	return Name.size() > 1 && Name[0] == '_' &&
	       (Name[1] == '_' || (Name[1] >= 'A' && Name[1] <= 'Z'));
}

bool canCallSiteEntry(const CallBase *Call, const TargetLibraryInfo *TLI)
{
	const Function *D = Call->getCalledFunction();
	if (!D || !D->isDeclaration() || D->isIntrinsic() ||
	    isSharedObject(*D->getParent()))
		return false;
	if (!isDirectCallOf(Call, D) || D->isVarArg())
		return false;
	if (D->getCallingConv() != CallingConv::C ||
	    Call->getCallingConv() != CallingConv::C)
		return false;
	if (D->hasFnAttribute(Attribute::ReturnsTwice) ||
	    Call->hasFnAttr(Attribute::ReturnsTwice) ||
	    D->hasFnAttribute(Attribute::NoBuiltin) ||
	    D->hasFnAttribute(Attribute::NoReturn))
		return false;
	if (hasPlacedArgument(D->getAttributes()) ||
	    hasPlacedArgument(Call->getAttributes()))
		return false;
	StringRef Name = D->getName();
	if (!Name.empty() && Name[0] == '\1')
		Name = Name.drop_front();
	if (implementationName(Name) || startsWith(Name, "ccprof_"))
		return false;
	LibFunc LF;
	if (TLI && TLI->getLibFunc(*D, LF))
		return false;
	return true;
}

Function *siteEntryOf(Function &D, const Function &Caller)
{
	std::string Name = siteEntryName(D);
	if (Function *S = D.getParent()->getFunction(Name))
		return S;
	LLVMContext &C = D.getContext();
	Function *S = functionLike(D, {ptrType(C), Type::getInt64Ty(C)},
				   GlobalValue::WeakAnyLinkage,
				   GlobalValue::HiddenVisibility, Name);
	/* A declaration's attributes describe calls of it, not a body:
	 * unwind tables as the caller has them, in case the call is not
	 * made a jump (an exception thrown by D passes through). */
	S->addFnAttr(Attribute::NoInline);
	if (Caller.hasFnAttribute(Attribute::UWTable))
		S->addFnAttr(Caller.getFnAttribute(Attribute::UWTable));
	forwardCall(*S, &D);
	return S;
}

} // namespace ccprof
