/*
 * direct_entry.h - context mode's transitions at the call site: a
 * function of the unit called directly gets a body that takes its node
 * as one more argument (direct_entry.cpp; docs/design.md, "Transitions
 * at the call site").
 */
#ifndef CCPROF_LLVM_DIRECT_ENTRY_H
#define CCPROF_LLVM_DIRECT_ENTRY_H

#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

namespace ccprof {

/* Whether AL places an argument specially (inalloca, preallocated, nest,
 * swift): no parameter can be added after it. */
bool hasPlacedArgument(const llvm::AttributeList &AL);

/* Whether G may be split into an entry and a body its direct callers in
 * the unit call instead: every call of G in the unit is a call of this
 * definition (not interposable), and one more argument can be added
 * (not variadic, no argument the ABI places specially, no block whose
 * address is taken, optimised, not always_inline: its wrapper's call of
 * the body must stay a call). */
bool canHaveDirectBody(const llvm::Function &G);

/* Whether F's calls of such functions may become calls of their bodies:
 * F is optimised (at -O0 nothing is split). */
bool canCallDirectly(const llvm::Function &F);

/* Whether Call, in F, calls G directly in a form that can call its
 * body instead (not musttail, not through a cast). */
bool isDirectCallOf(const llvm::CallBase *Call, const llvm::Function *G);

/* Moves G's body into a new internal function G.ccprof taking one more
 * argument, the node, last; G becomes `return G.ccprof(args, null)`,
 * the call never inlined (the body keeps G's debug information).
 * Returns the body; its call in G is *Forward, whose last argument the
 * instrumentation sets to G's node. */
llvm::Function *splitDirectBody(llvm::Function &G, llvm::CallInst *&Forward);

/* A new function named Name with G's prototype and attributes and the
 * parameters Extra added last (which have none), with Linkage and
 * Visibility, in no COMDAT. */
llvm::Function *functionLike(llvm::Function &G,
			     llvm::ArrayRef<llvm::Type *> Extra,
			     llvm::GlobalValue::LinkageTypes Linkage,
			     llvm::GlobalValue::VisibilityTypes Visibility,
			     const llvm::Twine &Name);

/* Gives the empty From the body `return To(From's arguments..., 0...)`,
 * To's parameters beyond From's given zeros, the call a tail call;
 * returns the call. */
llvm::CallInst *forwardCall(llvm::Function &From, llvm::Function *To);

/* Replaces Call (of G) by the same call of Body, zeros for Body's
 * parameters beyond G's (the node, or the caller's node and slot),
 * which the instrumentation replaces; returns the new call. */
llvm::CallBase *callBody(llvm::CallBase *Call, llvm::Function *Body);

} // namespace ccprof

#endif
