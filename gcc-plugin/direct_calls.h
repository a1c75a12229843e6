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

/* Makes FUN, whose body BODY was just copied from it, `return BODY
   (args..., 0)`: from then on its code is the body's, and FUN only
   makes the entry transition and jumps there.  Returns the call, whose
   last argument the caller sets to FUN's node; NULL if FUN keeps its own
   code (its result is returned in memory or by reference). */
gcall *ccprof_forward_to_body (function *fun, tree body);

/* A local copy of FNDECL (GCC's versioning), named FNDECL.SUFFIX.N, with
   one or two parameters more, of types EXTRA1 and EXTRA2 (if not
   NULL_TREE), last. */
cgraph_node *ccprof_copy_with_params (tree fndecl, tree extra1, tree extra2,
				      const char *suffix);

/* FNDECL's body, or NULL_TREE. */
tree ccprof_direct_body (tree fndecl);

/* Records SITE as a function made from ORIGIN (a site entry,
   site_entry.h), which the pass must not instrument. */
void ccprof_note_site_entry (tree site, tree origin);

/* The function BODY is the body (or site entry) of, or NULL_TREE. */
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
