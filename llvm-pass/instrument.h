/*
 * instrument.h - inserting Appel's counting and `current` statements into
 * one function.
 */
#ifndef CCPROF_LLVM_INSTRUMENT_H
#define CCPROF_LLVM_INSTRUMENT_H

#include "../plugin-common/cc_kind.h"
#include "annotations.h"
#include "options.h"
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class CallInst;
class Function;
class TargetLibraryInfo;
class GlobalVariable;
class Module;
} // namespace llvm

namespace ccprof {

/* One profiled function, as recorded in the module's cost-centre table. */
struct CostCentre {
	llvm::GlobalVariable *Counters;
	std::string Symbol; /* linkage name without LLVM's \1 prefix */
	std::string File;
	unsigned Line;
	bool Shared;        /* counters in a COMDAT group of their own */
	unsigned Kids = 0;  /* context: its nodes' kid slots (direct_entry.h) */
	/* context: the records of the tiny leaves its nodes count in words
	 * before them (ccprof_abi.def, CTX_COUNT_OFFSET), count i of
	 * Counted[i] */
	std::vector<llvm::GlobalVariable *> Counted;
	ccprof_cc_kind Kind; /* plugin-common/cc_kind.h */
};

/* The thread-local `current` pointer, declared once per module. */
llvm::GlobalVariable *declareCurrent(llvm::Module &M);

/* Whether M is compiled for a shared object (PIC, not PIE). */
bool isSharedObject(const llvm::Module &M);

/* Whether ccprof touches F at all (definitions only; not its own code). */
bool isInstrumentable(const llvm::Function &F);

/* Whether code ccprof does not see may call F: its address is taken in
 * the unit (a callback, a signal handler, a virtual function), other
 * than in llvm.used.  Decided before anything changes. */
bool mayBeCalledBack(const llvm::Function &F);

/* Whether Call may return with `current` moved: it may run profiled
 * code.  TLI (may be null) tells the C library's functions. */
bool mayMoveCurrent(llvm::CallBase *Call, const llvm::TargetLibraryInfo *TLI);

/* The unit's thread-local call counts, __ccprof_tcalls[N] (counters=thread):
 * local-exec in an executable, initial-exec in a shared object, so that
 * the array is in static TLS at the same offset in every thread
 * (runtime/ccprof_abi.h). */
llvm::GlobalVariable *createThreadCalls(llvm::Module &M, unsigned N);

/* The unit's __ccprof_tcc[N + 1] (runtime/ccprof_abi.h): in an executable for
 * x86-64, `current` is set to the TLS offset of F's slot, which holds the
 * address of F's record; null elsewhere (`current` := the address). */
llvm::GlobalVariable *createCurrentSlots(llvm::Module &M, unsigned N);

/* Gives the slots their initial values, the records of CCs. */
void fillCurrentSlots(llvm::GlobalVariable *Slots,
		      const std::vector<CostCentre> &CCs);

/* With more than Limit TLS-offset stores in the unit (0: no limit), sets
 * `current` to the record's address instead at every one of them, removes
 * Slots and sets it to null; returns whether it did.  Clang parses each
 * inline-assembly statement again to write the object, with a new
 * assembly parser each time (about 50 us): on a unit as large and as dense
 * in calls as sqlite3.c that is 5-6% of the compile, where the address
 * costs a register instead (docs/benchmarks.md, "Compile time"). */
bool storeAddressesIfMany(llvm::GlobalVariable *&Slots,
			  llvm::GlobalVariable *Current,
			  const std::vector<CostCentre> &CCs, unsigned Limit);

/* F's source file and line, from its debug info, else the module's
 * source file and 0. */
void sourceLocation(const llvm::Function &F, std::string &File,
		    unsigned &Line);

/* Fills CC for the profiled function F: symbol, place, and new counters. */
void describeFunction(llvm::Function &F, CostCentre &CC);

/* Context mode (docs/design.md, "Context mode"): the unit's memo-table
 * pointers __ccprof_tctx[N] (thread-local, each initially
 * &__ccprof_ctx_nomemo, symbol __ccprof_ctx_nomemo.abi7) and its
 * cost-centre table __ccprof_ccs, created before the functions are
 * instrumented (the entry's slow path takes &__ccprof_ccs[i]) and
 * filled by emitModuleTable. */
struct ContextGlobals {
	llvm::GlobalVariable *Memos;
	llvm::GlobalVariable *Table;
};
ContextGlobals createContextGlobals(llvm::Module &M, unsigned N);

/* Context mode, transitions at the call site (direct_entry.h): a call
 * of the body of the unit's cost centre CalleeIndex, made with the node
 * in the caller's kid slot Slot; or a call of another unit's SiteEntry
 * (site_entry.h), given the caller's node and Slot. */
struct KidSite {
	llvm::CallBase *Call;
	unsigned CalleeIndex;
	llvm::Function *SiteEntry = nullptr;
	int Count = -1;	/* a tiny leaf's: counted in the caller's kid count
			   Count, the body passed no node */
};
struct DirectCalls {
	bool IsBody = false;	/* F is a body: its node is its last argument */
	bool IsSiteEntry = false; /* F is a site entry: from and slot last */
	llvm::CallInst *Forward = nullptr; /* F is an entry: its body's call */
	std::vector<KidSite> Sites;	/* slot k: Sites[k] */
};

/* Instruments F.  Profiled (Own, at OwnIndex in the table): count
 * entries (in ThreadCalls[OwnIndex] with counters=thread) and set
 * `current` (to Slots[OwnIndex]'s offset, or to the counters' address if
 * Slots is null) on entry, after non-tail calls and in landing pads.
 * Excluded (Own null): save `current` on entry and restore it there
 * instead.  Inside each CCPROF_SCC scope of Scopes, the scope's cost
 * centre takes the place of F's: counted and set on entry into the
 * scope, set after calls and in landing pads within it; on every edge
 * out of it `current` is set to what the enclosing part charges.  The
 * markers are removed.  TLI (may be null) tells which calls are of C
 * library functions that cannot call back.  With Ctx (mode=context) the
 * entries move `current` from the caller's context node to the callee's
 * and the resets store that node (ccprof_abi.h). */
void instrumentFunction(llvm::Function &F, const Options &O,
			const llvm::TargetLibraryInfo *TLI,
			llvm::GlobalVariable *Current,
			llvm::GlobalVariable *ThreadCalls,
			llvm::GlobalVariable *Slots, const CostCentre *Own,
			unsigned OwnIndex, const std::vector<SccScope> &Scopes,
			const ContextGlobals *Ctx,
			const DirectCalls *Direct = nullptr);


/* Whether F is a function clang made with no counterpart in the source
 * (static initialisers, ...): treated as excluded. */
bool isCompilerMade(const llvm::Function &F);

/* A static always_inline function with a name reserved to the
 * implementation (clang's _mm_add_epi8 & co.): an instruction in
 * function's clothing, like GCC's own intrinsics (extern gnu_inline, so
 * never profiled there); its time goes to the caller. */
bool isImplementationInline(const llvm::Function &F);

/* Whether the intrinsic Callee may run code of the program (coroutine
 * resume, statepoints, ...). */
bool intrinsicMayCallBack(const llvm::Function *Callee);

/* The linkage name of F as the user knows it (no \1 asm-label marker). */
std::string symbolOf(const llvm::Function &F);

} // namespace ccprof

#endif
