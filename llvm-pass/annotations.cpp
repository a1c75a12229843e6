/*
 * annotations.cpp - finding runtime/ccprof.h's annotations in LLVM IR
 * (what each looks like: annotations.h).
 *
 * A CCPROF_SCC scope is the set of blocks the scope's first block
 * dominates: the marker's branch is the only way in, and the block
 * after the if statement is also reached from its `then` block (never
 * taken), so no block after the scope is dominated by it.  This is computed by
 * the instrumentation (instrument.cpp) before the marker is removed.
 */
#include "annotations.h"
#include "abi.h"
#include "compat.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <set>

using namespace llvm;

namespace ccprof {

static const char Prefix[] = "ccprof.";
static const char CcPrefix[] = "ccprof.cc=";
static const char UnprofiledTag[] = "ccprof.unprofiled";

/* What is wrong with LABEL (the whole constant, its terminating NUL
 * included), or nullptr: a label is not empty and has no NUL byte
 * inside (the cost centre's name ends at the first: "a\0b" was "a"). */
static const char *labelProblem(StringRef Label)
{
	if (!Label.empty() && Label.back() == '\0')
		Label = Label.drop_back();
	if (Label.empty())
		return "is empty";
	if (Label.find('\0') != StringRef::npos)
		return "has a NUL byte inside";
	return nullptr;
}

/* "FILE:LINE: " of an annotation (clang gives the attribute's file and
 * line), from its file and line operands, or "". */
static std::string annotationPlace(Value *File, Value *Line)
{
	StringRef Name;
	if (!File || !getConstantStringInfo(File, Name))
		return "";
	auto *N = dyn_cast_or_null<ConstantInt>(Line);
	return Name.str() + ":" + (N ? std::to_string(N->getZExtValue()) : "0") +
	       ": ";
}

/* The annotation macro of ccprof.h that writes TEXT ("CCPROF_CC"), ""
 * for an annotation of ccprof's that none writes ("ccprof.cc" without
 * a label, "ccprof.bogus"), or nullptr for one that is not ccprof's. */
static const char *annotationMacro(StringRef Text)
{
	if (startsWith(Text, CcPrefix))
		return "CCPROF_CC";
	if (Text.rtrim('\0') == UnprofiledTag)
		return "CCPROF_UNPROFILED";
	return startsWith(Text, Prefix) ? "" : nullptr;
}

/* A warning of the pass: clang prints it as a warning of its own
 * (-Wbackend-plugin, an error with -Werror), as it prints any
 * diagnostic of a kind a plugin registered. */
class PassWarning : public DiagnosticInfo {
	const std::string &Msg;

      public:
	explicit PassWarning(const std::string &Msg)
		: DiagnosticInfo(kind(), DS_Warning), Msg(Msg)
	{
	}
	void print(DiagnosticPrinter &DP) const override { DP << Msg; }
	static int kind()
	{
		static const int Kind = getNextAvailablePluginDiagnosticKind();
		return Kind;
	}
};

/* Reports the error MSG at PLACE ("FILE:LINE: ", annotationPlace) as
 * clang reports its own ("FILE:LINE:1: error: MSG", with the line
 * quoted): a diagnostic with a location, made of a subprogram that
 * exists only for it, anchored to ON or, for an annotation on a
 * variable, the module's first function (clang falls back to that
 * function's place if it cannot find FILE; opt prints "FILE:LINE:0: in
 * function NAME TYPE: MSG").  Without a place or a function, "error:
 * PLACEMSG".  A warning keeps that form too, a PassWarning: clang gives
 * such a diagnostic with a location no warning group, so that
 * -Wno-backend-plugin could not silence it. */
static void reportAt(Module &M, const Function *On, const std::string &Place,
		     const std::string &Msg, DiagnosticSeverity Severity)
{
	LLVMContext &Ctx = M.getContext();
	StringRef Where = StringRef(Place).rtrim(": ");
	StringRef File, Line;
	std::tie(File, Line) = Where.rsplit(':');
	unsigned L = 0;
	if (!On && !M.empty())
		On = &*M.begin();
	if (Severity != DS_Error || !On || File.empty() ||
	    Line.getAsInteger(10, L) || L == 0) {
		if (Severity == DS_Error)
			Ctx.emitError(Place + Msg);
		else
			Ctx.diagnose(PassWarning(Place + Msg));
		return;
	}
	DIFile *F = DIFile::get(Ctx, File, "");
	DISubprogram *SP = DISubprogram::getDistinct(
		Ctx, F, "", "", F, L, nullptr, L, nullptr, 0, 0,
		DINode::FlagZero, DISubprogram::SPFlagZero, nullptr);
	DebugLoc Loc = DILocation::get(Ctx, L, 0, SP);
	Ctx.diagnose(DiagnosticInfoUnsupported(*On, Msg, DiagnosticLocation(Loc),
					       Severity));
}

/* Checks an annotation of ccprof's, TEXT at PLACE, on something other
 * than a function (a variable; clang puts a local one's in a call of
 * llvm.var.annotation, a field's in each llvm.ptr.annotation), where
 * none applies: GCC warns, "applies to functions only".  Reports an
 * annotation of ccprof's that none writes, as on a function.  False if
 * it reported an error. */
static bool checkNotOnFunction(Module &M, const Function *In, StringRef Text,
			       const std::string &Place)
{
	const char *Macro = annotationMacro(Text);
	if (!Macro)
		return true;
	if (!*Macro) {
		reportAt(M, In, Place,
			 "ccprof: unknown annotation '" +
				 Text.rtrim('\0').str() + "' (ccprof.h writes " +
				 CcPrefix + "LABEL and " + UnprofiledTag + ")",
			 DS_Error);
		return false;
	}
	reportAt(M, In, Place,
		 std::string("ccprof: ") + Macro + " applies to functions only",
		 DS_Warning);
	return true;
}

/* The annotations of ccprof's on local variables and fields, each once:
 * false if one was an error. */
static bool checkVariableAnnotations(Module &M)
{
	bool Fine = true;
	std::set<std::string> Seen;
	for (Function &D : M) {
		if (D.getIntrinsicID() != Intrinsic::var_annotation &&
		    D.getIntrinsicID() != Intrinsic::ptr_annotation)
			continue;
		for (User *U : D.users()) {
			auto *Call = dyn_cast<CallBase>(U);
			StringRef Text;
			if (!Call || Call->arg_size() < 4 ||
			    !wholeConstantString(Call->getArgOperand(1), Text))
				continue;
			std::string Place = annotationPlace(
				Call->getArgOperand(2), Call->getArgOperand(3));
			if (Seen.insert(Place + Text.str()).second &&
			    !checkNotOnFunction(M, Call->getFunction(), Text,
						Place))
				Fine = false;
		}
	}
	return Fine;
}

bool readFunctionAnnotations(Module &M, FunctionAnnotations &A)
{
	bool Fine = true;
	GlobalVariable *GV = M.getNamedGlobal("llvm.global.annotations");
	auto *Array = GV && GV->hasInitializer()
			      ? dyn_cast<ConstantArray>(GV->getInitializer())
			      : nullptr;
	for (unsigned I = 0, N = Array ? Array->getNumOperands() : 0; I < N;
	     I++) {
		auto *Entry = dyn_cast<ConstantStruct>(Array->getOperand(I));
		StringRef Text;
		if (!Entry || Entry->getNumOperands() < 4 ||
		    !wholeConstantString(Entry->getOperand(1), Text))
			continue;
		Value *On = Entry->getOperand(0)->stripPointerCasts();
		std::string Place = annotationPlace(Entry->getOperand(2),
						    Entry->getOperand(3));
		auto *F = dyn_cast<Function>(On);
		const char *Macro = annotationMacro(Text);
		if (!F || (Macro && !*Macro)) {
			if (!checkNotOnFunction(M, F, Text, Place))
				Fine = false;
		} else if (startsWith(Text, CcPrefix)) {
			StringRef Label = Text.drop_front(strlen(CcPrefix));
			const char *Problem = labelProblem(Label);
			if (!Label.empty() && Label.back() == '\0')
				Label = Label.drop_back();
			auto Had = A.CostCentre.find(F);
			if (Problem) {
				reportAt(M, F, Place,
					 "ccprof: the CCPROF_CC label of '" +
						 F->getName().str() + "' " +
						 Problem,
					 DS_Error);
				Fine = false;
			} else if (Had != A.CostCentre.end() &&
				   Had->second != Label.str()) {
				/* GCC kept the declaration's, clang the
				 * definition's: neither. */
				reportAt(M, F, Place,
					 "ccprof: '" + F->getName().str() +
						 "' has two CCPROF_CC labels, '" +
						 Had->second + "' and '" +
						 Label.str() + "'",
					 DS_Error);
				Fine = false;
			}
			A.CostCentre[F] = Label.str();
			A.Place[F] = Place;
		} else if (Macro) {
			A.Unprofiled[F] = true;
		}
	}
	for (auto &C : A.CostCentre)
		if (A.Unprofiled.count(C.first)) {
			reportAt(M, C.first, A.Place[C.first],
				 "ccprof: '" + C.first->getName().str() +
					 "' is both CCPROF_CC('" + C.second +
					 "') and CCPROF_UNPROFILED",
				 DS_Error);
			Fine = false;
		}
	bool VariablesFine = checkVariableAnnotations(M);
	return Fine && VariablesFine;
}

bool isSccMarker(const Function *F)
{
	if (!F)
		return false;
	StringRef Name = F->getName();
	if (Name == abi::SccMarker)
		return true;
	std::string Mangled =
		"_ZL" + std::to_string(strlen(abi::SccMarker)) + abi::SccMarker;
	return startsWith(Name, Mangled);
}

/* The conditional branch that tests V != 0 (or V == 0), and the
 * successor it takes when V is 0. */
static BasicBlock *scopeEntry(CallInst *Marker)
{
	for (User *U : Marker->users()) {
		auto *Cmp = dyn_cast<ICmpInst>(U);
		if (!Cmp || !Cmp->hasOneUse() || !Cmp->isEquality())
			continue;
		auto *Zero = dyn_cast<ConstantInt>(Cmp->getOperand(1));
		if (!Zero || !Zero->isZero())
			continue;
		auto *Br = dyn_cast<BranchInst>(*Cmp->user_begin());
		if (!Br || !Br->isConditional())
			continue;
		/* ne: the false successor runs when the marker gives 0. */
		return Br->getSuccessor(
			Cmp->getPredicate() == ICmpInst::ICMP_NE ? 1 : 0);
	}
	return nullptr;
}

/* Reports the error Msg at instruction I of F.  A diagnostic with a
 * location, which clang prints as its own errors, with the file, line and
 * column of I's debug location (-g), or, without one, of F's definition
 * (clang knows where each function of the unit is); opt prints the debug
 * location, or <unknown>. */
static void errorAt(Function &F, const Instruction *I, const std::string &Msg)
{
	F.getContext().diagnose(DiagnosticInfoUnsupported(
		F, Msg, DiagnosticLocation(I->getDebugLoc()), DS_Error));
}

bool findSccScopes(Function &F, std::vector<SccScope> &Scopes)
{
	bool Fine = true;
	for (BasicBlock &BB : F)
		for (Instruction &I : BB) {
			auto *Call = dyn_cast<CallInst>(&I);
			Function *Callee =
				Call ? Call->getCalledFunction() : nullptr;
			if (!isSccMarker(Callee))
				continue;
			StringRef Label;
			const char *Problem = nullptr;
			BasicBlock *Entry = nullptr;
			if (Call->arg_size() != 1 ||
			    !wholeConstantString(Call->getArgOperand(0),
						 Label))
				errorAt(F, Call, "ccprof: CCPROF_SCC in '" +
							 F.getName().str() +
							 "' needs a string "
							 "literal label");
			else if ((Problem = labelProblem(Label)))
				errorAt(F, Call,
					"ccprof: the CCPROF_SCC label '" +
						Label.split('\0').first.str() +
						"' in '" + F.getName().str() +
						"' " + Problem);
			else if (!(Entry = scopeEntry(Call)))
				errorAt(F, Call,
					"ccprof: " +
						std::string(abi::SccMarker) +
						" in '" + F.getName().str() +
						"' is not used as CCPROF_SCC "
						"uses it");
			if (!Entry) {
				Fine = false;
				continue;
			}
			Scopes.push_back(
				{Call, Label.rtrim('\0').str(), Entry, 0, nullptr});
		}
	return Fine;
}

void removeSccMarkers(const std::vector<SccScope> &Scopes)
{
	for (const SccScope &S : Scopes) {
		S.Marker->replaceAllUsesWith(
			ConstantInt::get(S.Marker->getType(), 0));
		S.Marker->eraseFromParent();
	}
}

/* Every byte but [A-Za-z0-9] as _XX: a name for any label, the same
 * in both compilers (runtime/ccprof_abi.def). */
static std::string escapeLabel(const std::string &Label)
{
	static const char Hex[] = "0123456789abcdef";
	std::string Out;
	for (unsigned char C : Label) {
		if ((C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
		    (C >= '0' && C <= '9')) {
			Out += (char)C;
		} else {
			Out += '_';
			Out += Hex[C >> 4];
			Out += Hex[C & 15];
		}
	}
	return Out;
}

GlobalVariable *labelCounters(Module &M, const std::string &Label)
{
	std::string Name = abi::SccCountersPrefix + escapeLabel(Label);
	if (GlobalVariable *GV = M.getNamedGlobal(Name))
		return GV;
	ArrayType *Ty = ArrayType::get(Type::getInt64Ty(M.getContext()),
				       abi::CountersWords);
	GlobalVariable *GV = new GlobalVariable(
		M, Ty, /*isConstant=*/false, GlobalValue::LinkOnceODRLinkage,
		ConstantAggregateZero::get(Ty), Name);
	GV->setVisibility(GlobalValue::HiddenVisibility);
	GV->setComdat(M.getOrInsertComdat(Name));
	GV->setAlignment(Align(8));
	return GV;
}

} // namespace ccprof
