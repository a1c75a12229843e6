/*
 * site_entry.h - context mode's transitions at the call site across
 * units: a function of an executable that other units call directly
 * gets a hidden site entry, which takes the caller's node and kid-slot
 * index; callers in other units call it, or a weak fallback of their own
 * when the callee's unit has none (site_entry.cpp; docs/design.md,
 * "Transitions at the call site").
 */
#ifndef CCPROF_LLVM_SITE_ENTRY_H
#define CCPROF_LLVM_SITE_ENTRY_H

#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

#include <map>
#include <string>

namespace llvm {
class TargetLibraryInfo;
}

namespace ccprof {

/* The symbol of G's site entry: G's (or Symbol, an alias of G),
 * ".ccprof.site.", and a digest of the ABI version and of G's prototype
 * as the calling convention sees it (pointer types all alike), so that a
 * caller whose declaration differs from the definition, or whose unit
 * was built for another ABI version, never reaches it and takes its
 * fallback. */
std::string siteEntryName(const llvm::Function &G,
			  llvm::StringRef Symbol = llvm::StringRef());

/* Whether G, split (direct_entry.h), gets a site entry: this unit goes
 * into an executable (where G cannot be interposed), G has a strong
 * definition of its own (external, in no COMDAT) and is not main. */
bool canHaveSiteEntry(const llvm::Function &G);

/* G's site entry, hidden:
 *     RT G.ccprof.site.D(args..., ptr from, i64 k) {
 *       return G.ccprof(args..., <node>);   ; tail, noinline
 *     }
 * *Forward is the call, whose last argument the instrumentation sets
 * to the node in from's kid slot k. */
llvm::Function *createSiteEntry(llvm::Function &G, llvm::Function *Body,
				llvm::CallInst *&Forward);

/* For each exported alias of a function in Sites (function -> its site
 * entry), a hidden alias of that site entry under the alias's name: C++
 * complete-object constructors and destructors (C1, D1) are aliases of
 * the base-object ones (C2, D2) that other units call. */
void aliasSiteEntries(llvm::Module &M,
		      const std::map<llvm::Function *, llvm::Function *> &Sites);

/* Whether Call, a direct call of a function declared but not defined
 * here, may call that function's site entry instead: an executable, a
 * prototype with one more argument possible (as canHaveDirectBody), not
 * a function of the C library (TLI) or of the implementation. */
bool canCallSiteEntry(const llvm::CallBase *Call,
		      const llvm::TargetLibraryInfo *TLI);

/* The site entry of the declared function D, as this unit calls it: a
 * weak hidden definition that calls D, which a strong one from D's unit
 * replaces at link time (made once; with Caller's unwind tables). */
llvm::Function *siteEntryOf(llvm::Function &D, const llvm::Function &Caller);

} // namespace ccprof

#endif
