/*
 * closure_names.cpp - namespace-scope lambdas named after their variable
 * (closure_names.h).
 */
#include "closure_names.h"
#include "compat.h"

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <cxxabi.h>
#include <stdlib.h>

#include <map>
#include <string>
#include <vector>

using namespace llvm;

namespace ccprof {

namespace {

/* One namespace-scope closure type of a module. */
struct Closure {
	std::string Number;	/* "$_0" */
	std::string Old;	/* "ns::$_0", as demangled */
	std::string New;	/* "ns::cmp::$_0" */
	std::string Var;	/* "cmp" */
};

} // namespace

static std::string demangle(const std::string &S)
{
	int Status = 0;
	char *D = abi::__cxa_demangle(S.c_str(), nullptr, nullptr, &Status);
	std::string R = D ? D : "";
	free(D);
	return R;
}

static bool isIdent(char C)
{
	return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
	       (C >= '0' && C <= '9') || C == '_' || C == '$';
}

/* Whether S holds TOKEN as a whole name: not the end of a longer
 * qualified name (main::$_0 does not hold $_0) nor the start of another
 * ($_12 does not hold $_1). */
static bool holdsWhole(const std::string &S, const std::string &Token)
{
	for (size_t P = S.find(Token); P != std::string::npos;
	     P = S.find(Token, P + 1)) {
		size_t E = P + Token.size();
		if (P > 0 && (isIdent(S[P - 1]) || S[P - 1] == ':'))
			continue;
		if (E < S.size() && S[E] >= '0' && S[E] <= '9')
			continue;
		return true;
	}
	return false;
}

/* The name of the namespace-scope variable whose type is CT (through
 * const, volatile and typedefs), or "". */
static std::string variableOf(const Module &M, const DICompositeType *CT)
{
	for (const DICompileUnit *CU : M.debug_compile_units())
		for (const DIGlobalVariableExpression *GVE :
		     CU->getGlobalVariables()) {
			const DIGlobalVariable *V = GVE->getVariable();
			if (!V)
				continue;
			const DIType *T = V->getType();
			while (const auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
				unsigned Tag = D->getTag();
				if (Tag != dwarf::DW_TAG_const_type &&
				    Tag != dwarf::DW_TAG_volatile_type &&
				    Tag != dwarf::DW_TAG_typedef)
					break;
				T = D->getBaseType();
			}
			if (T != CT)
				continue;
			const DIScope *S = V->getScope();
			if (S && !isa<DINamespace>(S) && !isa<DICompileUnit>(S) &&
			    !isa<DIFile>(S))
				continue; /* a static local: not at namespace scope */
			return V->getName().str();
		}
	return "";
}

/* The name of the namespace-scope variable whose dynamic initialiser
 * (clang's __cxx_global_var_init*) calls F and stores to it:
 * `static int h = [] { ... }();`, or "". */
static std::string initialisedBy(const Function &F)
{
	for (const User *U : F.users()) {
		const auto *Call = dyn_cast<CallBase>(U);
		const Function *Init = Call ? Call->getFunction() : nullptr;
		if (!Init || !startsWith(Init->getName(), "__cxx_global_var_init"))
			continue;
		for (const BasicBlock &BB : *Init)
			for (const Instruction &I : BB) {
				const auto *St = dyn_cast<StoreInst>(&I);
				if (!St)
					continue;
				const Value *P = St->getPointerOperand()->stripPointerCasts();
				if (const auto *GEP = dyn_cast<GEPOperator>(P))
					P = GEP->getPointerOperand()->stripPointerCasts();
				const auto *GV = dyn_cast<GlobalVariable>(P);
				if (!GV)
					continue;
				SmallVector<DIGlobalVariableExpression *, 1> DIs;
				GV->getDebugInfo(DIs);
				for (const DIGlobalVariableExpression *E : DIs)
					if (const DIGlobalVariable *V = E->getVariable()) {
						const DIScope *S = V->getScope();
						if (!S || isa<DINamespace>(S) ||
						    isa<DICompileUnit>(S) || isa<DIFile>(S))
							return V->getName().str();
					}
			}
	}
	return "";
}

/* "$_N" ending at E in D, or "". */
static std::string closureNumberBefore(const std::string &D, size_t E)
{
	size_t P = E;
	while (P > 0 && D[P - 1] >= '0' && D[P - 1] <= '9')
		P--;
	if (P == E || P < 2 || D[P - 2] != '$' || D[P - 1] != '_')
		return "";
	return D.substr(P - 2, E - (P - 2));
}

/* The namespace-scope closure types of M whose variable debug info
 * names. */
static std::vector<Closure> closuresOf(const Module &M)
{
	std::vector<Closure> All;
	if (M.debug_compile_units().empty())
		return All;
	for (const Function &F : M) {
		const DISubprogram *SP = F.getSubprogram();
		const auto *CT = SP ? dyn_cast_or_null<DICompositeType>(
					      SP->getScope())
				    : nullptr;
		if (!CT || !CT->getName().empty() ||
		    CT->getTag() != dwarf::DW_TAG_class_type)
			continue;
		std::string D = demangle(F.getName().str());
		size_t E = std::string::npos;
		for (const char *Member : {"::operator()", "::__invoke("}) {
			E = D.find(Member);
			if (E != std::string::npos)
				break;
		}
		if (E == std::string::npos || D.rfind(' ', E) != std::string::npos)
			continue; /* none, or behind a return type */
		std::string Number = closureNumberBefore(D, E);
		if (Number.empty())
			continue;
		std::string Var = variableOf(M, CT);
		if (Var.empty())
			Var = initialisedBy(F);
		if (Var.empty())
			continue;
		std::string Old = D.substr(0, E);
		std::string New = Old.substr(0, Old.size() - Number.size()) +
				  Var + "::" + Number;
		bool Known = false;
		for (const Closure &C : All)
			Known = Known || C.Old == Old;
		if (!Known)
			All.push_back({Number, Old, New, Var});
	}
	return All;
}

std::string nameNamespaceClosures(const Function &F, const std::string &Symbol)
{
	if (Symbol.compare(0, 2, "_Z") != 0 ||
	    Symbol.find("$_") == std::string::npos)
		return Symbol;
	/* One module at a time: the closures of the last one asked about. */
	static const Module *Cached;
	static std::vector<Closure> Closures;
	if (Cached != F.getParent()) {
		Cached = F.getParent();
		Closures = closuresOf(*Cached);
	}
	std::string S = Symbol, D = demangle(S);
	for (const Closure &C : Closures) {
		if (!holdsWhole(D, C.Old))
			continue;
		std::string Len = std::to_string(C.Number.size());
		std::string Source = std::to_string(C.Var.size() + 2 +
						    C.Number.size()) +
				     C.Var + "::" + C.Number;
		for (size_t P = S.find(C.Number); P != std::string::npos;
		     P = S.find(C.Number, P + 1)) {
			size_t E = P + C.Number.size();
			if (P < Len.size() ||
			    S.compare(P - Len.size(), Len.size(), Len) != 0 ||
			    (E < S.size() && S[E] >= '0' && S[E] <= '9'))
				continue;
			std::string Try = S.substr(0, P - Len.size()) + Source +
					  S.substr(E);
			std::string TryD = demangle(Try);
			if (TryD.empty() || !holdsWhole(TryD, C.New))
				continue; /* another closure: main::$_0 */
			S = Try;
			D = TryD;
			P = P - Len.size() + Source.size() - 1;
		}
	}
	return S;
}

} // namespace ccprof
