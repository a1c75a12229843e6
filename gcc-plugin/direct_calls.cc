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
 *     int g (int x)             G itself, for pointers, other units and
 *     { <entry transition to n>;   unprofiled code (ccprof_forward_to_body)
 *       return g.ccprof.0 (x, n); }
 *     static int g.ccprof.0 (int x, void *node)
 *     { __ccprof_current = node; ... }      G's code
 *
 * and F's direct calls of G become
 *
 *     c = MEM[(void **) n + 32 + 8 * k];  if (!c) c = __ccprof_ctx_kid (...);
 *     c->calls += 1;
 *     r = g.ccprof.0 (x, c);
 *
 * A G whose result is returned in memory or by reference keeps its own
 * code (a forwarding call would need the return slot passed on), so
 * both copies make their direct calls from kid slots; slots are
 * numbered by callee cost centre, not by call site, so that the two
 * agree whatever order their blocks are in: the node in a slot depends
 * only on the caller's node and the callee's cost centre.  The node
 * travels as an
 * argument, not through `current`, so a signal handler that runs between
 * the caller's transition and the callee's entry cannot hand the callee
 * another node.
 */
#include "gcc_compat.h"
#include "direct_calls.h"
#include "context_mode.h"
#include "cost_centres.h"
#include "levers.h"
#include "options.h"
#include "runtime_decls.h"
#include "site_entry.h"
#include "tree-dfa.h"
#include "tree-inline.h"
#include "ipa-param-manipulation.h"

static hash_map<tree, tree> *bodies;	/* function -> its body */
static hash_map<tree, tree> *origins;	/* body -> its function */

/* The function CALL calls, seen through an alias that cannot be
   interposed: in PIC code built with -fno-semantic-interposition GCC
   calls an exported function of the unit through its local alias
   (NAME.localalias), which reaches this definition whatever the dynamic
   linker does. */
static tree
called_function (gcall *call)
{
  tree fndecl = gimple_call_fndecl (call);
  cgraph_node *node = fndecl ? cgraph_node::get (fndecl) : NULL;
  if (!node || !node->alias || node->weakref)
    return fndecl;
  enum availability avail;
  cgraph_node *target = node->ultimate_alias_target (&avail);
  return target && avail >= AVAIL_AVAILABLE ? target->decl : fndecl;
}

/* Whether a function other than NODE's calls it directly, by its name
   or through one of its aliases. */
static bool
called_by_another (cgraph_node *node)
{
  for (cgraph_edge *e = node->callers; e; e = e->next_caller)
    if (e->caller != node)
      return true;
  ipa_ref *ref;
  FOR_EACH_ALIAS (node, ref)
    {
      cgraph_node *alias = dyn_cast <cgraph_node *> (ref->referring);
      if (alias)
	for (cgraph_edge *e = alias->callers; e; e = e->next_caller)
	  if (e->caller != node)
	    return true;
    }
  return false;
}

tree
ccprof_direct_body (tree fndecl)
{
  tree *b = bodies && fndecl ? bodies->get (fndecl) : NULL;
  return b ? *b : NULL_TREE;
}

void
ccprof_note_site_entry (tree site, tree origin)
{
  origins->put (site, origin);
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
  return called_by_another (node) || ccprof_can_have_site_entry (fndecl);
}

cgraph_node *
ccprof_copy_with_params (tree fndecl, tree extra1, tree extra2,
			 const char *suffix)
{
  vec<ipa_adjusted_param, va_gc> *params = NULL;
  tree extra[2] = { extra1, extra2 };
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
  for (unsigned j = 0; j < 2 && extra[j]; j++)
    {
      ipa_adjusted_param added;
      memset (&added, 0, sizeof added);
      added.op = IPA_PARAM_OP_NEW;
      added.type = extra[j];
      added.param_prefix_index = IPA_PARAM_PREFIX_SYNTH;
      vec_safe_push (params, added);
    }
  ipa_param_adjustments *adjustments
    = new (ggc_alloc <ipa_param_adjustments> ())
	ipa_param_adjustments (params, -1, false);
  return cgraph_node::get (fndecl)->create_version_clone_with_body (
    vNULL, NULL, adjustments, NULL, NULL, suffix);
}

tree
ccprof_make_direct_body (function *fun)
{
  if (!ccprof_call_site_transitions () || !can_have_body (fun))
    return NULL_TREE;
  tree fndecl = fun->decl;
  cgraph_node *body = ccprof_copy_with_params (fndecl, ptr_type_node,
					       NULL_TREE, "ccprof");
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

gcall *
ccprof_forward_to_body (function *fun, tree body)
{
  tree result = DECL_RESULT (fun->decl);
  tree type = TREE_TYPE (result);
  if (DECL_BY_REFERENCE (result)
      || (!VOID_TYPE_P (type) && !is_gimple_reg_type (type)))
    return NULL;
  basic_block bb = split_edge (single_succ_edge (
				 ENTRY_BLOCK_PTR_FOR_FN (fun)));
  auto_vec<tree, 8> args;
  for (tree p = DECL_ARGUMENTS (fun->decl); p; p = DECL_CHAIN (p))
    args.safe_push (is_gimple_reg (p) ? get_or_create_ssa_default_def (fun, p)
				      : p);
  args.safe_push (null_pointer_node);
  gcall *call = gimple_build_call_vec (body, args);
  tree value = NULL_TREE;
  if (!VOID_TYPE_P (type))
    {
      value = make_ssa_name (type);
      gimple_call_set_lhs (call, value);
    }
  location_t loc = DECL_SOURCE_LOCATION (fun->decl);
  gimple_set_location (call, loc);
  greturn *ret = gimple_build_return (value);
  gimple_set_location (ret, loc);
  gimple_stmt_iterator gsi = gsi_start_bb (bb);
  gsi_insert_after (&gsi, call, GSI_NEW_STMT);
  gsi_insert_after (&gsi, ret, GSI_NEW_STMT);
  /* G's own blocks become unreachable and go. */
  remove_edge (single_succ_edge (bb));
  make_edge (bb, EXIT_BLOCK_PTR_FOR_FN (fun), 0);
  delete_unreachable_blocks ();
  if (current_loops)		/* G's loops went with its blocks */
    {
      loops_state_set (LOOPS_NEED_FIXUP);
      calculate_dominance_info (CDI_DOMINATORS);
      fix_loop_structure (NULL);
    }
  free_dominance_info (CDI_DOMINATORS);
  cgraph_edge::rebuild_edges ();
  return call;
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
  /* A call of a const or pure function stays a call of it, which GCC may
     merge with another or drop, as in the plain build and in flat mode;
     a call of its body could not be. */
  if (gimple_call_flags (call) & (ECF_CONST | ECF_PURE))
    return false;
  unsigned params = 0;
  for (tree p = DECL_ARGUMENTS (body); p; p = DECL_CHAIN (p))
    params++;
  return gimple_call_num_args (call) + 1 == params;
}

/* Replaces CALL by the same call of BODY with C (and K, if not null) as
   more arguments. */
static void
call_body (function *fun, gcall *call, tree body, tree c, tree k = NULL_TREE)
{
  auto_vec<tree, 8> args;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    args.safe_push (gimple_call_arg (call, i));
  args.safe_push (c);
  if (k)
    args.safe_push (k);
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
      e->redirect_callee (cgraph_node::get_create (body));
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

/* V sorted, each value once, at most MAX of them. */
static void
sort_distinct (vec<unsigned> &v, unsigned max)
{
  v.qsort (compare_unsigned);
  unsigned n = 0;
  for (unsigned i = 0; i < v.length (); i++)
    if (n == 0 || v[n - 1] != v[i])
      v[n++] = v[i];
  v.truncate (MIN (n, max));
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (ccprof_site_entry_key (*(const tree *) a),
		 ccprof_site_entry_key (*(const tree *) b));
}

/* Position of X among the distinct sorted V. */
static unsigned
rank_of_site (const vec<tree> &v, tree x)
{
  for (unsigned i = 0; i < v.length (); i++)
    if (v[i] == x)
      return i;
  return v.length ();
}

void
ccprof_call_bodies (function *fun, tree node, unsigned cc)
{
  auto_vec<gcall *> sites, remote;
  auto_vec<tree> remote_sites;
  auto_vec<unsigned> ccs, counted;
  auto_vec<tree> entries;		/* distinct site entries called */
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	if (!call)
	  continue;
	tree callee = called_function (call);
	tree body = ccprof_direct_body (callee);
	if (body && can_call_body (call, body))
	  {
	    sites.safe_push (call);
	    /* a tiny leaf has no node worth having: its calls are
	       counted in a word of the caller's node */
	    if (ccprof_tiny_leaf (callee))
	      counted.safe_push (ccprof_cost_centre (callee));
	    else
	      ccs.safe_push (ccprof_cost_centre (callee));
	  }
	else if (!body && ccprof_can_call_site_entry (call))
	  {
	    tree site = ccprof_site_entry_of (call);
	    remote.safe_push (call);
	    remote_sites.safe_push (site);
	    if (rank_of_site (entries, site) == entries.length ())
	      entries.safe_push (site);
	  }
      }
  /* A slot per callee cost centre, in index order, then one per site
     entry, by name: the node in a slot depends on nothing else, and a
     function and its body, copies of one code, agree on the slots
     whatever order their blocks are in. */
  sort_distinct (ccs, ccprof_CTX_MAX_KIDS);
  sort_distinct (counted, ccprof_CTX_MAX_COUNTS);	/* kid counts alike */
  entries.qsort (compare_names);
  entries.truncate (MIN (entries.length (),
			 ccprof_CTX_MAX_KIDS - ccs.length ()));
  for (unsigned i = 0; i < sites.length (); i++)
    {
      gcall *call = sites[i];
      tree callee = called_function (call);
      unsigned callee_cc = ccprof_cost_centre (callee);
      unsigned j = slot_of (counted, callee_cc);
      if (j < counted.length () && counted[j] == callee_cc)
	{
	  gimple_stmt_iterator gsi = gsi_for_stmt (call);
	  ccprof_context_count (&gsi, node, j, gimple_location (call));
	  call_body (fun, call, ccprof_direct_body (callee),
		     build_int_cst (TREE_TYPE (node), 0));
	  continue;
	}
      if (ccprof_tiny_leaf (callee))
	continue;		/* past CTX_MAX_COUNTS: through its entry */
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
      tree c = ccprof_context_kid (e->src, node,
				   build_int_cst (uint64_type_node, k),
				   callee_cc, loc, &join);
      call_body (fun, call, ccprof_direct_body (callee), c);
    }
  /* Across units: the site entry makes the transition; it gets this
     function's node and the slot. */
  for (unsigned i = 0; i < remote.length (); i++)
    {
      unsigned r = rank_of_site (entries, remote_sites[i]);
      if (r == entries.length ())
	continue;		/* past CTX_MAX_KIDS */
      call_body (fun, remote[i], remote_sites[i], node,
		 build_int_cst (uint64_type_node, ccs.length () + r));
    }
  ccprof_set_cost_centre_kids (cc, ccs.length () + entries.length ());
  ccprof_set_cost_centre_counted (cc, counted);
}
