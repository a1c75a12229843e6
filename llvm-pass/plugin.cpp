/*
 * plugin.cpp - ccprof's LLVM pass plugin: registration with the new pass
 * manager and the module-level driver.
 *
 * Loaded with  clang -fpass-plugin=ccprof.so  (add -fplugin=ccprof.so to
 * pass options with -mllvm -ccprof-KEY=VALUE), or
 *              opt -load-pass-plugin=ccprof.so -passes=ccprof.
 *
 * The pass runs at pipeline start, at every -O level, before the inliner,
 * so that an inlined copy of a function carries that function's counting
 * and `current` stores and inlining stays invisible in the profile.
 * isRequired() makes it run on optnone functions (clang -O0) too.
 */
#include "abi.h"
#include "annotations.h"
#include "compat.h"
#include "direct_entry.h"
#include "instrument.h"
#include "levers.h"
#include "module_table.h"
#include "options.h"
#include "site_entry.h"
#include "tail_chains.h"
#include "../plugin-common/selection.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

#define DEBUG_TYPE "ccprof"

using namespace llvm;

namespace {

const char PassName[] = "ccprof";
const char PluginVersion[] = "0.1.0";

/* Whether the policy and the include/exclude patterns give F a cost
 * centre (plugin-common/selection.h). */
bool selectedByPolicy(const Function &F)
{
	switch (ccprof_policy()) {
	case CCPROF_POLICY_ANNOTATED:
		return false;
	case CCPROF_POLICY_EXPORTED:
		if (F.hasLocalLinkage())
			return false;
		break;
	default:
		break;
	}
	std::string File;
	unsigned Line;
	ccprof::sourceLocation(F, File, Line);
	return ccprof_selected(ccprof::symbolOf(F).c_str(), File.c_str());
}

struct Planned {
	Function *F;
	int Own; /* index of its cost centre, or -1: excluded */
	std::vector<ccprof::SccScope> Scopes;
};

/* Context mode: the direct calls made with a transition at the call site
 * (direct_entry.h, site_entry.h).  A caller needs a node of its own (its
 * function's cost centre, defined in this unit only, so its kid slots
 * are this unit's); a callee of the unit, a cost centre and a body that
 * can be split; a callee of another unit, a site entry there
 * (canCallSiteEntry).  Each callee of the unit called so is split, and
 * so is each that gets a site entry; the bodies and site entries are
 * added to Plan, the calls made calls of the bodies or site entries;
 * Direct says what each function's instrumentation does. */
void planDirectCalls(std::vector<Planned> &Plan,
		     std::vector<ccprof::CostCentre> &CCs,
		     std::map<Function *, ccprof::DirectCalls> &Direct,
		     ccprof::Levers &Lev, FunctionAnalysisManager &FAM)
{
	std::map<Function *, unsigned> Callee;
	std::set<Function *> Split;
	for (Planned &P : Plan)
		if (P.Own >= 0 && P.Scopes.empty() &&
		    ccprof::canHaveDirectBody(*P.F)) {
			Callee[P.F] = P.Own;
			if (ccprof::canHaveSiteEntry(*P.F))
				Split.insert(P.F);
		}
	std::map<Function *, Function *> SiteOf; /* declaration -> site entry */
	for (Planned &P : Plan) {
		if (P.Own < 0 || !P.Scopes.empty() || CCs[P.Own].Shared ||
		    (CCs[P.Own].Kind != CCPROF_KIND_FUNCTION &&
		     CCs[P.Own].Kind != CCPROF_KIND_ANONYMOUS) ||
		    !ccprof::canCallDirectly(*P.F))
			continue;
		const TargetLibraryInfo &TLI =
			FAM.getResult<TargetLibraryAnalysis>(*P.F);
		std::vector<ccprof::KidSite> Sites;
		std::map<Function *, int> Counts;
		unsigned Slots = 0;
		for (BasicBlock &BB : *P.F)
			for (Instruction &I : BB) {
				CallBase *Call = dyn_cast<CallBase>(&I);
				if (!Call || Sites.size() >= ccprof::abi::CTX_MAX_KIDS)
					continue;
				/* A call of a const or pure function stays
				 * a call of it, which the optimiser may merge
				 * with another or drop, as in the plain build
				 * and in flat mode; a call of its body or site
				 * entry could not be. */
				if (Call->onlyReadsMemory())
					continue;
				Function *G = Call->getCalledFunction();
				auto It = Callee.find(G);
				if (It != Callee.end() &&
				    ccprof::isDirectCallOf(Call, G)) {
					Sites.push_back({Call, It->second});
					Split.insert(G);
					/* a tiny leaf has no node worth
					 * having: its calls are counted in
					 * a word of the caller's node */
					auto C = Counts.find(G);
					if (C != Counts.end()) {
						Sites.back().Count = C->second;
					} else if (Lev.isTinyLeaf(*G) &&
						   Counts.size() <
						   ccprof::abi::CTX_MAX_COUNTS) {
						int I = Counts.size();
						Counts[G] = I;
						Sites.back().Count = I;
						CCs[P.Own].Counted.push_back(
							CCs[It->second].Counters);
					} else {
						Slots++;
					}
				} else if (ccprof::canCallSiteEntry(Call, &TLI)) {
					Function *&S = SiteOf[G];
					if (!S)
						S = ccprof::siteEntryOf(*G, *P.F);
					Sites.push_back({Call, 0, S});
					Slots++;
				}
			}
		if (Sites.empty())
			continue;
		CCs[P.Own].Kids = Slots;
		Direct[P.F].Sites = std::move(Sites);
	}
	std::map<Function *, Function *> BodyOf, SiteEntries;
	for (size_t I = 0, N = Plan.size(); I < N; I++) {
		Function *G = Plan[I].F;
		if (!Split.count(G))
			continue;
		CallInst *Forward;
		Function *Body = ccprof::splitDirectBody(*G, Forward);
		Lev.decideAs(*Body, *G);
		BodyOf[G] = Body;
		ccprof::DirectCalls &B = Direct[Body];
		B.IsBody = true;
		auto It = Direct.find(G);
		if (It != Direct.end())
			B.Sites = std::move(It->second.Sites);
		Direct[G] = ccprof::DirectCalls();
		Direct[G].Forward = Forward;
		Plan.push_back({Body, Plan[I].Own, {}});
		if (!ccprof::canHaveSiteEntry(*G))
			continue;
		Function *S = ccprof::createSiteEntry(*G, Body, Forward);
		SiteEntries[G] = S;
		Direct[S].IsSiteEntry = true;
		Direct[S].Forward = Forward;
		Plan.push_back({S, Plan[I].Own, {}});
	}
	if (!SiteEntries.empty())
		ccprof::aliasSiteEntries(*Plan[0].F->getParent(), SiteEntries);
	for (auto &D : Direct)
		for (ccprof::KidSite &S : D.second.Sites)
			S.Call = ccprof::callBody(
				S.Call, S.SiteEntry ? S.SiteEntry
						    : BodyOf[S.Call->getCalledFunction()]);
}

/* A pattern that matched no function of the unit: once, a note on
 * standard error (not a warning: a pattern given to a whole project
 * matches nothing in most of its units, and -Werror must not make that
 * an error; clang 22 turns a DS_Warning diagnostic into one, and drops a
 * DS_Note that follows no warning). */
void noteUnmatched(const char *Key, const char *Pattern, const char *What,
		   void *Arg)
{
	Module &M = *static_cast<Module *>(Arg);
	errs() << "note: ccprof: " << Key << "=" << Pattern << " " << What
	       << " " << M.getSourceFileName() << "\n";
}

/* F's annotation decides whether it is a cost centre, whatever the
 * policy and the lists: a pattern that matches F matched a function;
 * if F is a cost centre, its CCPROF_CC Label (at Place, "FILE:LINE: "),
 * and an exclude pattern matches it, a note says which wins. */
void noteAnnotationWins(const Function &F, const char *Label,
			const std::string &Place)
{
	std::string File;
	unsigned Line;
	ccprof::sourceLocation(F, File, Line);
	const char *Key;
	std::string Symbol = ccprof::symbolOf(F);
	const char *Pattern =
		ccprof_annotated(Symbol.c_str(), File.c_str(), &Key);
	if (Label && Pattern)
		errs() << Place << "note: ccprof: CCPROF_CC('" << Label
		       << "') on '" << Symbol << "' wins over " << Key << "="
		       << Pattern << "\n";
}

bool instrumentModule(Module &M, FunctionAnalysisManager &FAM)
{
	if (M.getNamedGlobal(ccprof::ModuleTableName))
		return false; /* already instrumented (plugin loaded twice) */

	ccprof::Options O;
	std::string Error;
	if (!ccprof::readOptions(O, Error)) {
		M.getContext().emitError(Error);
		return false;
	}

	GlobalVariable *Current = ccprof::declareCurrent(M);
	/* Every bad annotation of the unit is reported before it stops. */
	ccprof::FunctionAnnotations Ann;
	bool Fine = ccprof::readFunctionAnnotations(M, Ann);

	/* The cost centres, in module order: each profiled function's own,
	 * and each label (CCPROF_CC, CCPROF_SCC) once, where first used. */
	std::vector<Planned> Plan;
	std::vector<ccprof::CostCentre> CCs;
	std::map<std::string, unsigned> LabelIndex;
	auto labelIndex = [&](const std::string &Label, ccprof_cc_kind Kind) {
		auto It = LabelIndex.find(Label);
		if (It != LabelIndex.end())
			return It->second;
		ccprof::CostCentre CC;
		CC.Counters = ccprof::labelCounters(M, Label);
		CC.Symbol = Label;
		CC.Line = 0;
		CC.Shared = true;
		CC.Kind = Kind;
		CCs.push_back(CC);
		return LabelIndex[Label] = CCs.size() - 1;
	};
	std::set<const Function *> Labelled;
	for (auto &L : Ann.CostCentre)
		Labelled.insert(L.first);
	ccprof::Levers Lev(Labelled, O.Mode == ccprof::Options::Context);
	/* Decided on the IR as it is, before any function changes. */
	std::set<const Function *> CalledBack;
	for (Function &F : M)
		if (ccprof::isInstrumentable(F)) {
			Lev.leavesCurrentUnchanged(F);
			if (ccprof::mayBeCalledBack(F))
				CalledBack.insert(&F);
		}
	ccprof::setModuleLevers(&Lev);
	std::set<const Function *> Restoring = ccprof::tailCallsAllowRestore(
		M, CalledBack, [&](Function &F) {
			return &FAM.getResult<TargetLibraryAnalysis>(F);
		});
	ccprof::setModuleLevers(nullptr);
	for (Function &F : M) {
		if (!ccprof::isInstrumentable(F))
			continue;
		bool Exclude = F.hasFnAttribute(Attribute::NoProfile) ||
			       Ann.Unprofiled.count(&F) ||
			       ccprof::isCompilerMade(F) ||
			       ccprof::isImplementationInline(F) ||
			       Lev.chargedToCaller(F);
		Planned P{&F, -1, {}};
		auto Label = Ann.CostCentre.find(&F);
		bool HasLabel = Label != Ann.CostCentre.end();
		if (HasLabel || Ann.Unprofiled.count(&F))
			noteAnnotationWins(F,
					   HasLabel && !Exclude
						   ? Label->second.c_str()
						   : nullptr,
					   Ann.Place[&F]);
		if (Exclude)
			;
		else if (Label != Ann.CostCentre.end())
			P.Own = labelIndex(Label->second, CCPROF_KIND_SCC);
		else if (selectedByPolicy(F) && ccprof_policy() ==
							CCPROF_POLICY_FILE)
			P.Own = labelIndex(M.getSourceFileName(),
					   CCPROF_KIND_MODULE);
		else if (selectedByPolicy(F)) {
			CCs.emplace_back();
			ccprof::describeFunction(F, CCs.back());
			P.Own = CCs.size() - 1;
		}
		if (!ccprof::findSccScopes(F, P.Scopes))
			Fine = false;
		for (ccprof::SccScope &S : P.Scopes) {
			S.Index = labelIndex(S.Label, CCPROF_KIND_SCC);
			S.Counters = CCs[S.Index].Counters;
		}
		Plan.push_back(std::move(P));
	}
	if (!Fine)
		return true; /* changed (the labels' counters), not compiled */

	ccprof_unmatched_patterns(noteUnmatched, &M);

	GlobalVariable *ThreadCalls = nullptr, *Slots = nullptr;
	ccprof::ContextGlobals Ctx = {nullptr, nullptr};
	bool Context = O.Mode == ccprof::Options::Context && !CCs.empty();
	if (Context)
		Ctx = ccprof::createContextGlobals(M, CCs.size());
	else if (!CCs.empty() && O.Counters == ccprof::Options::Thread)
		ThreadCalls = ccprof::createThreadCalls(M, CCs.size());
	if (!Context && !CCs.empty() && O.SetCurrent && O.CurrentBySlot)
		Slots = ccprof::createCurrentSlots(M, CCs.size());
	/* A tiny leaf is counted but sets no `current` (levers.h).  In
	 * context mode it still moves to its node, to count there, and
	 * only its callers skip their resets; every other call is followed
	 * by one (the standard library is still charged to its callers). */
	ccprof::Options LeafO = O;
	if (Context)
		LeafO.StoreNode = false;
	else
		LeafO.SetCurrent = false;
	std::map<Function *, ccprof::DirectCalls> Direct;
	if (Context && O.DirectCalls)
		planDirectCalls(Plan, CCs, Direct, Lev, FAM);
	ccprof::setModuleLevers(&Lev);
	for (Planned &P : Plan) {
		auto D = Direct.find(P.F);
		ccprof::Options FO = P.Own >= 0 && P.Scopes.empty() &&
					     Lev.isTinyLeaf(*P.F)
				     ? LeafO
				     : O;
		FO.RestoresOnReturn = Restoring.count(P.F) > 0;
		ccprof::instrumentFunction(
			*P.F, FO,
			&FAM.getResult<TargetLibraryAnalysis>(*P.F),
			Current, ThreadCalls, Slots,
			P.Own >= 0 ? &CCs[P.Own] : nullptr,
			P.Own >= 0 ? P.Own : 0, P.Scopes,
			Context ? &Ctx : nullptr,
			D == Direct.end() ? nullptr : &D->second);
	}
	ccprof::setModuleLevers(nullptr);
	for (Function &F : llvm::make_early_inc_range(M))
		if (ccprof::isSccMarker(&F) && F.use_empty() &&
		    F.hasLocalLinkage())
			F.eraseFromParent();
	if (CCs.empty())
		return true;
	ccprof::storeAddressesIfMany(Slots, Current, CCs, O.SlotLimit);
	ccprof::fillCurrentSlots(Slots, CCs);
	ccprof::emitModuleTable(M, O, CCs, ThreadCalls, Ctx.Table);
	return true;
}

struct CcprofPass : PassInfoMixin<CcprofPass> {
	PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM)
	{
		FunctionAnalysisManager &FAM =
			MAM.getResult<FunctionAnalysisManagerModuleProxy>(M)
				.getManager();
		return instrumentModule(M, FAM) ? PreservedAnalyses::none()
						: PreservedAnalyses::all();
	}
	static bool isRequired() { return true; }
};

void registerCallbacks(PassBuilder &PB)
{
	PB.registerPipelineStartEPCallback(
		[](ModulePassManager &MPM, OptimizationLevel) {
			MPM.addPass(CcprofPass());
		});
	PB.registerPipelineParsingCallback(
		[](StringRef Name, ModulePassManager &MPM,
		   ArrayRef<PassBuilder::PipelineElement>) {
			if (Name != PassName)
				return false;
			MPM.addPass(CcprofPass());
			return true;
		});
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo()
{
	return {LLVM_PLUGIN_API_VERSION, PassName, PluginVersion,
		registerCallbacks};
}
