/*
 * direct_calls.cc - context mode's transitions at the call site with GCC
 * (docs/design.md, "Transitions at the call site").
 *
 * A context-mode entry finds its node from the caller's through a memo
 * keyed by the caller's node: several dependent loads on every call.  A
 * direct call from a profiled function F of the unit knows more: F's
 * node is an SSA name, and the call site is fixed, so F's node keeps one
 * pointer per call site, its kid slot, to the callee's node.  To use it
 * the callee must be told its node, so a function G of the unit that is
 * called directly gets a copy, its body, made before G is instrumented
 * (cgraph_node::create_version_clone_with_body, with one parameter
 * added):
 *
 *     int g (int x)             G itself: the entry transition, for
 *     { ... }                   pointers, other units, unprofiled code
 *     static int g.ccprof.0 (int x, void *node)
 *     { __ccprof_current = node; ... }      G's code, for direct calls
 *
 * and F's direct calls of G become
 *
 *     c = MEM[(void **) n + 64 + 8 * k];  if (!c) c = __ccprof_ctx_kid (...);
 *     c->calls += 1;
 *     r = g.ccprof.0 (x, c);
 *
 * The LLVM pass makes G's entry jump to the body instead of keeping two
 * copies of G's code; here G keeps its own.  Both copies make their
 * direct calls from kid slots, numbered by callee cost centre (not by
 * call site), so that they agree whatever order their blocks are in:
 * the node in a slot depends only on the caller's node and the callee's
 * cost centre.  The node travels as an
 * argument, not through `current`, so a signal handler that runs between
 * the caller's transition and the callee's entry cannot hand the callee
 * another node.
 */
#include "gcc_compat.h"
#include "direct_calls.h"
#include "context_mode.h"
#include "cost_centres.h"
#include "options.h"
#include "runtime_decls.h"
#include "tree-inline.h"
#include "ipa-param-manipulation.h"

static hash_map<tree, tree> *bodies;	/* function -> its body */
static hash_map<tree, tree> *origins;	/* body -> its function */

tree
ccprof_direct_body (tree fndecl)
{
  tree *b = bodies && fndecl ? bodies->get (fndecl) : NULL;
  return b ? *b : NULL_TREE;
}

tree
ccprof_direct_body_origin (tree body)
{
  tree *o = origins ? origins->get (body) : NULL;
  return o ? *o : NULL_TREE;
}

/* Whether FUN has a label whose address is taken (computed goto) or
   that a non-local goto reaches: both name FUN itself. */
static bool
has_named_label (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (glabel *l = dyn_cast <glabel *> (gsi_stmt (gsi)))
	{
	  tree label = gimple_label_label (l);
	  if (FORCED_LABEL (label) || DECL_NONLOCAL (label))
	    return true;
	}
      else
	break;
  return false;
}

/* Whether FUN's function may have a body: every call of it in the unit
   calls this definition (not interposable), one more parameter can be
   added (not variadic, no static chain, no label it names, no
   setjmp), optimised, not always_inline, and not instrumented by
   anything else (-pg, -finstrument-functions, patchable entries), which
   would then run twice. */
static bool
can_have_body (function *fun)
{
  tree fndecl = fun->decl;
  cgraph_node *node = cgraph_node::get (fndecl);
  if (!node || node->get_availability () < AVAIL_AVAILABLE)
    return false;
  if (!opt_for_fn (fndecl, optimize) || stdarg_p (TREE_TYPE (fndecl))
      || DECL_STATIC_CHAIN (fndecl) || !tree_versionable_function_p (fndecl))
    return false;
  if (fun->has_nonlocal_label || fun->calls_setjmp
      || fun->has_forced_label_in_static || has_named_label (fun))
    return false;
  static const char *const refused[] = {
    "always_inline", "noclone", "naked", "patchable_function_entry",
    "target_clones", "ifunc",
  };
  for (unsigned i = 0; i < ARRAY_SIZE (refused); i++)
    if (lookup_attribute (refused[i], DECL_ATTRIBUTES (fndecl)))
      return false;
  if (profile_flag || flag_patchable_function_entry
      || (flag_instrument_function_entry_exit
	  && !lookup_attribute ("no_instrument_function",
				DECL_ATTRIBUTES (fndecl))))
    return false;
  for (cgraph_edge *e = node->callers; e; e = e->next_caller)
    if (e->caller != node)
      return true;
  return false;
}

tree
ccprof_make_direct_body (function *fun)
{
  if (!ccprof_call_site_transitions () || !can_have_body (fun))
    return NULL_TREE;
  tree fndecl = fun->decl;
  vec<ipa_adjusted_param, va_gc> *params = NULL;
  unsigned i = 0;
  for (tree p = DECL_ARGUMENTS (fndecl); p; p = DECL_CHAIN (p), i++)
    {
      ipa_adjusted_param copy;
      memset (&copy, 0, sizeof copy);
      copy.op = IPA_PARAM_OP_COPY;
      copy.base_index = i;
      copy.prev_clone_index = i;
      vec_safe_push (params, copy);
    }
  ipa_adjusted_param node_param;
  memset (&node_param, 0, sizeof node_param);
  node_param.op = IPA_PARAM_OP_NEW;
  node_param.type = ptr_type_node;
  node_param.param_prefix_index = IPA_PARAM_PREFIX_SYNTH;
  vec_safe_push (params, node_param);
  ipa_param_adjustments *adjustments
    = new (ggc_alloc <ipa_param_adjustments> ())
	ipa_param_adjustments (params, -1, false);
  cgraph_node *body = cgraph_node::get (fndecl)->create_version_clone_with_body (
    vNULL, NULL, adjustments, NULL, NULL, "ccprof");
  if (!body)
    return NULL_TREE;
  if (!bodies)
    {
      bodies = new hash_map<tree, tree>;
      origins = new hash_map<tree, tree>;
    }
  bodies->put (fndecl, body->decl);
  origins->put (body->decl, fndecl);
  return body->decl;
}

bool
ccprof_calls_at_site (function *fun, unsigned cc)
{
  tree fndecl = fun->decl;
  tree origin = ccprof_direct_body_origin (fndecl);
  if (origin)
    fndecl = origin;
  return ccprof_call_site_transitions () && opt_for_fn (fun->decl, optimize)
	 && !ccprof_function_label (fndecl)
	 && !ccprof_cost_centre_shared (ccprof_cost_centre_counters (cc));
}

/* Whether CALL can call BODY, the body of its callee, instead. */
static bool
can_call_body (gcall *call, tree body)
{
  if (gimple_call_internal_p (call) || gimple_call_must_tail_p (call)
      || gimple_call_chain (call) || gimple_call_va_arg_pack_p (call))
    return false;
  unsigned params = 0;
  for (tree p = DECL_ARGUMENTS (body); p; p = DECL_CHAIN (p))
    params++;
  return gimple_call_num_args (call) + 1 == params;
}

/* Replaces CALL by the same call of BODY with C as one more argument. */
static void
call_body (function *fun, gcall *call, tree body, tree c)
{
  auto_vec<tree, 8> args;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    args.safe_push (gimple_call_arg (call, i));
  args.safe_push (c);
  gcall *repl = gimple_build_call_vec (body, args);
  tree lhs = gimple_call_lhs (call);
  gimple_call_set_lhs (repl, lhs);
  gimple_call_copy_flags (repl, call);
  gimple_set_location (repl, gimple_location (call));
  gimple_set_block (repl, gimple_block (call));
  gimple_set_vuse (repl, gimple_vuse (call));
  gimple_set_vdef (repl, gimple_vdef (call));
  if (lhs && TREE_CODE (lhs) == SSA_NAME)
    SSA_NAME_DEF_STMT (lhs) = repl;
  if (gimple_vdef (repl) && TREE_CODE (gimple_vdef (repl)) == SSA_NAME)
    SSA_NAME_DEF_STMT (gimple_vdef (repl)) = repl;
  cgraph_node *self = cgraph_node::get (fun->decl);
  cgraph_edge *e = self ? self->get_edge (call) : NULL;
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  gsi_replace (&gsi, repl, true);
  if (e)
    {
      e = cgraph_edge::set_call_stmt (e, repl, false);
      e->redirect_callee (cgraph_node::get (body));
    }
}

/* The kid slot of callee cost centre CC among CCS (sorted, distinct). */
static unsigned
slot_of (const vec<unsigned> &ccs, unsigned cc)
{
  unsigned lo = 0, hi = ccs.length ();
  while (lo < hi)
    {
      unsigned mid = (lo + hi) / 2;
      if (ccs[mid] < cc)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

static int
compare_unsigned (const void *a, const void *b)
{
  unsigned x = *(const unsigned *) a, y = *(const unsigned *) b;
  return x < y ? -1 : x > y;
}

void
ccprof_call_bodies (function *fun, tree node, unsigned cc)
{
  auto_vec<gcall *> sites;
  auto_vec<unsigned> ccs;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	tree body = call ? ccprof_direct_body (gimple_call_fndecl (call))
			 : NULL_TREE;
	if (!body || !can_call_body (call, body))
	  continue;
	sites.safe_push (call);
	ccs.safe_push (ccprof_cost_centre (gimple_call_fndecl (call)));
      }
  /* A slot per callee cost centre, in index order: the node in it
     depends on nothing else, and a function and its body, copies of
     one code, agree on it whatever order their blocks are in. */
  ccs.qsort (compare_unsigned);
  unsigned kids = 0;
  for (unsigned i = 0; i < ccs.length (); i++)
    if (kids == 0 || ccs[kids - 1] != ccs[i])
      ccs[kids++] = ccs[i];
  ccs.truncate (MIN (kids, ccprof_CTX_MAX_KIDS));
  for (unsigned i = 0; i < sites.length (); i++)
    {
      gcall *call = sites[i];
      tree callee = gimple_call_fndecl (call);
      unsigned callee_cc = ccprof_cost_centre (callee);
      unsigned k = slot_of (ccs, callee_cc);
      if (k == ccs.length () || ccs[k] != callee_cc)
	continue;		/* past CTX_MAX_KIDS */
      location_t loc = gimple_location (call);
      /* The block before the call: the transition goes at its end. */
      gimple_stmt_iterator gsi = gsi_for_stmt (call);
      gsi_prev (&gsi);
      basic_block head = gimple_bb (call);
      edge e = gsi_end_p (gsi) ? split_block_after_labels (head)
			       : split_block (head, gsi_stmt (gsi));
      basic_block join;
      tree c = ccprof_context_kid (e->src, node, k, callee_cc, loc, &join);
      call_body (fun, call, ccprof_direct_body (callee), c);
    }
  ccprof_set_cost_centre_kids (cc, ccs.length ());
}
