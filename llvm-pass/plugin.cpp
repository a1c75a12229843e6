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
#include "compat.h"
#include "instrument.h"
#include "module_table.h"
#include "options.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"

#define DEBUG_TYPE "ccprof"

using namespace llvm;

namespace {

const char PassName[] = "ccprof";
const char PluginVersion[] = "0.1.0";

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
	std::vector<Function *> Profiled, Excluded;
	for (Function &F : M) {
		if (!ccprof::isInstrumentable(F))
			continue;
		bool Exclude = ccprof::isExcluded(O, ccprof::symbolOf(F)) ||
			       F.hasFnAttribute(Attribute::NoProfile) ||
			       ccprof::isCompilerMade(F) ||
			       ccprof::isImplementationInline(F);
		(Exclude ? Excluded : Profiled).push_back(&F);
	}

	auto TLI = [&FAM](Function *F) {
		return &FAM.getResult<TargetLibraryAnalysis>(*F);
	};
	for (Function *F : Excluded)
		ccprof::instrumentExcluded(*F, O, TLI(F), Current);
	if (Profiled.empty())
		return true;

	GlobalVariable *ThreadCalls = nullptr;
	if (O.Counters == ccprof::Options::Thread)
		ThreadCalls = ccprof::createThreadCalls(M, Profiled.size());
	GlobalVariable *Slots = nullptr;
	if (O.SetCurrent && O.CurrentBySlot)
		Slots = ccprof::createCurrentSlots(M, Profiled.size());
	std::vector<ccprof::CostCentre> CCs(Profiled.size());
	for (unsigned I = 0; I < Profiled.size(); I++)
		ccprof::instrumentProfiled(*Profiled[I], O, TLI(Profiled[I]),
					   Current, ThreadCalls, Slots, I,
					   CCs[I]);
	ccprof::fillCurrentSlots(Slots, CCs);
	ccprof::emitModuleTable(M, O, CCs, ThreadCalls);
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
