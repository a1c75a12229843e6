/*
 * direct_calls.h - context mode's transitions at the call site with
 * GCC: a function of the unit called directly gets a copy, its body,
 * that takes its node as one more argument, and its direct callers make
 * the transition at the call site from their kid slots
 * (direct_calls.cc; docs/design.md, "Transitions at the call site").
 */
#ifndef CCPROF_GCC_DIRECT_CALLS_H
#define CCPROF_GCC_DIRECT_CALLS_H

/* With transitions=call-site, if FUN's function (profiled, no CCPROF_SCC
   scope, not yet instrumented) can have a body and has a direct caller
   in the unit, makes the body: a local copy, FNDECL.ccprof.N, with one
   more parameter, last, the node.  Returns it, or NULL_TREE. */
tree ccprof_make_direct_body (function *fun);

/* FNDECL's body, or NULL_TREE. */
tree ccprof_direct_body (tree fndecl);

/* The function BODY is the body of, or NULL_TREE. */
tree ccprof_direct_body_origin (tree body);

/* Whether FUN (profiled, cost centre CC, no scope) may make the
   transitions of its direct calls at the call site: its cost centre is
   its own (no CCPROF_CC label, not policy=file) and defined in this unit
   only (not shared by the units' copies of an inline function, whose
   nodes another copy, with other call sites, may have made), and it is
   optimised. */
bool ccprof_calls_at_site (function *fun, unsigned cc);

/* Makes each direct call in FUN of a function that has a body a call of
   the body, given the node in FUN's kid slot for the callee's cost
   centre (ccprof_context_kid; one slot per callee cost centre, in index
   order, at most CTX_MAX_KIDS) from NODE, FUN's node, and records the
   number of slots on cost centre CC. */
void ccprof_call_bodies (function *fun, tree node, unsigned cc);

#endif
