/*
 * context_mode.cc - mode=context in GIMPLE: the memoised entry transition of
 * Spivey's (2004) context machine, which instrument.cc inserts where
 * flat mode counts the call and sets `current`.
 *
 * A function's node is an SSA name defined at its entry (the PHI of
 * the join block), which dominates every block of the function, so its
 * resets (after calls, in landing pads, after setjmp, in non-local goto
 * receivers) simply store that name.  An SSA name survives inlining (it
 * becomes one of the caller's) and lives through EH edges; after a
 * second return of setjmp it still holds the same value, as it never
 * changes.
 *
 * Each cost centre has CTX_MEMO_WAYS memo entries, one chosen by bits of
 * `current` (ccprof_abi.h), so a function called from several contexts
 * in turn keeps a transition per context.  The fast path is the entry's
 * address, one compare of its `from` with `current` and the load of its
 * `to`, inline; the slow path is a call of the runtime, which is
 * declared cold, so GCC predicts it not taken and at -O2 moves it out of
 * line (into the function's .cold part).
 */
#include "gcc_compat.h"
#include "context_mode.h"
#include "cost_centres.h"
#include "module_table.h"
#include "options.h"
#include "runtime_decls.h"

static tree memos;

tree
ccprof_context_memos (void)
{
  if (!memos)
    {
      memos = ccprof_unbounded_tls_array (ccprof_sym_TCTX,
					  ccprof_ctx_memo_type ());
      /* Each memo in one line: 16-byte aligned, as clang's. */
      SET_DECL_ALIGN (memos, 128);
      DECL_USER_ALIGN (memos) = 1;
    }
  return memos;
}

/* CTX_MEMO_WAYS entries per cost centre.  Every field of every entry
   is CTX_MEMO_EMPTY, a value `current` never
   holds: the array is initialised data (.tdata), so each thread's copy
   starts empty. */
void
ccprof_finish_context_memos (void)
{
  if (!memos)
    return;
  unsigned n = ccprof_cost_centre_count () * ccprof_CTX_MEMO_WAYS;
  tree type = ccprof_ctx_memo_type ();
  tree empty = build_int_cst (TREE_TYPE (ccprof_ctx_memo_from_field ()),
			      ccprof_CTX_MEMO_EMPTY);
  vec<constructor_elt, va_gc> *elts = NULL;
  for (unsigned i = 0; i < n; i++)
    {
      vec<constructor_elt, va_gc> *fields = NULL;
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	CONSTRUCTOR_APPEND_ELT (fields, f, fold_convert (TREE_TYPE (f), empty));
      tree memo = build_constructor (type, fields);
      TREE_CONSTANT (memo) = 1;
      TREE_STATIC (memo) = 1;
      CONSTRUCTOR_APPEND_ELT (elts, size_int (i), memo);
    }
  TREE_TYPE (memos) = build_array_type_nelts (type, n);
  DECL_INITIAL (memos) = build_constructor (TREE_TYPE (memos), elts);
  TREE_CONSTANT (DECL_INITIAL (memos)) = 1;
  TREE_STATIC (DECL_INITIAL (memos)) = 1;
  relayout_decl (memos);
  varpool_node::finalize_decl (memos);
}

/* __ccprof_tctx[INDEX]. */
static tree
memo_ref (tree index)
{
  return build4 (ARRAY_REF, ccprof_ctx_memo_type (), ccprof_context_memos (),
		 index, NULL_TREE, NULL_TREE);
}

static void
add (gimple_seq *seq, gimple *stmt, location_t loc)
{
  gimple_set_location (stmt, loc);
  gimple_seq_add_stmt (seq, stmt);
}

static void
append (basic_block bb, gimple_seq seq)
{
  gimple_stmt_iterator gsi = gsi_last_bb (bb);
  gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);
}

tree
ccprof_context_transition (basic_block head, tree from, unsigned cc,
			   location_t loc, basic_block *join)
{
  tree ptr = TREE_TYPE (ccprof_ctx_memo_to_field ());

  /* head: the entry for this caller, its two loads and the test.  The
     entry's byte offset in the cost centre's group is computed scaled
     already ((p >> (SHIFT - 4)) & ((WAYS - 1) << 4)), and the group's
     offset is a constant of the loads: the address is then one add to
     the table's. */
  gimple_seq seq = NULL;
  tree memo_ptr = build_pointer_type (ccprof_ctx_memo_type ());
  unsigned entry_bits = exact_log2 (tree_to_uhwi (TYPE_SIZE_UNIT (
				      ccprof_ctx_memo_type ())));
  gcc_assert (ccprof_CTX_MEMO_SHIFT >= entry_bits);
  tree bits = make_ssa_name (sizetype);
  tree shifted = make_ssa_name (sizetype);
  tree offset = make_ssa_name (sizetype);
  tree table = make_ssa_name (memo_ptr);
  tree group = make_ssa_name (memo_ptr);	/* the entry, less 16 * 8 * CC */
  tree f = make_ssa_name (ptr);
  tree t = make_ssa_name (ptr);
  tree hit = make_ssa_name (boolean_type_node);
  add (&seq, gimple_build_assign (bits, NOP_EXPR, from), loc);
  add (&seq, gimple_build_assign (shifted, RSHIFT_EXPR, bits,
				  build_int_cst (integer_type_node,
						 ccprof_CTX_MEMO_SHIFT
						 - entry_bits)), loc);
  add (&seq, gimple_build_assign (offset, BIT_AND_EXPR, shifted,
				  size_int ((ccprof_CTX_MEMO_WAYS - 1)
					    << entry_bits)), loc);
  /* &__ccprof_tctx is no invariant (a thread-local address). */
  add (&seq, gimple_build_assign (table, build_fold_addr_expr_with_type (
				    memo_ref (size_zero_node), memo_ptr)), loc);
  add (&seq, gimple_build_assign (group, POINTER_PLUS_EXPR, table, offset),
       loc);
  unsigned HOST_WIDE_INT at = ((unsigned HOST_WIDE_INT) cc
			       * ccprof_CTX_MEMO_WAYS) << entry_bits;
  tree entry = build2 (MEM_REF, ccprof_ctx_memo_type (), group,
		       build_int_cst (memo_ptr, at));
  add (&seq, gimple_build_assign (f, build3 (COMPONENT_REF, ptr, entry,
					     ccprof_ctx_memo_from_field (),
					     NULL_TREE)), loc);
  add (&seq, gimple_build_assign (t, build3 (COMPONENT_REF, ptr,
					     unshare_expr (entry),
					     ccprof_ctx_memo_to_field (),
					     NULL_TREE)), loc);
  add (&seq, gimple_build_assign (hit, EQ_EXPR, f, from), loc);
  add (&seq, gimple_build_cond (NE_EXPR, hit, boolean_false_node, NULL_TREE,
				NULL_TREE), loc);
  append (head, seq);

  /* head -> join (taken on a hit), head -> slow -> join. */
  basic_block j = split_edge (single_succ_edge (head));
  edge hit_edge = find_edge (head, j);
  hit_edge->flags &= ~EDGE_FALLTHRU;
  hit_edge->flags |= EDGE_TRUE_VALUE;
  hit_edge->probability = profile_probability::very_likely ();

  basic_block slow = create_empty_bb (head);
  if (current_loops)
    add_bb_to_loop (slow, head->loop_father);
  slow->count = head->count.apply_probability (
    profile_probability::very_unlikely ());
  edge miss_edge = make_edge (head, slow, EDGE_FALSE_VALUE);
  miss_edge->probability = profile_probability::very_unlikely ();
  edge back = make_single_succ_edge (slow, j, EDGE_FALLTHRU);

  seq = NULL;
  tree memo_addr = group;
  tree s = make_ssa_name (ptr);
  if (at != 0)
    {
      memo_addr = make_ssa_name (memo_ptr);
      add (&seq, gimple_build_assign (memo_addr, POINTER_PLUS_EXPR, group,
				      size_int (at)), loc);
    }
  tree desc = build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (ccprof_cc_table ())),
		      ccprof_cc_table (), size_int (cc), NULL_TREE, NULL_TREE);
  gcall *call = gimple_build_call (ccprof_ctx_enter_decl (), 3, from,
				   build_fold_addr_expr (desc), memo_addr);
  gimple_call_set_lhs (call, s);
  gimple_call_set_nothrow (call, true);
  add (&seq, call, loc);
  gimple_stmt_iterator gsi = gsi_start_bb (slow);
  gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);

  /* join: n = PHI <t, s>; count; current = n. */
  tree n = make_ssa_name (ptr);
  gphi *phi = create_phi_node (n, j);
  add_phi_arg (phi, t, hit_edge, loc);
  add_phi_arg (phi, s, back, loc);

  seq = NULL;
  if (ccprof_count_calls ())
    {
      tree node = build2 (MEM_REF, ccprof_counters_type (), n,
			  build_int_cst (ptr, 0));
      tree calls = build3 (COMPONENT_REF, uint64_type_node, node,
			   ccprof_calls_field (), NULL_TREE);
      tree old = make_ssa_name (uint64_type_node);
      tree sum = make_ssa_name (uint64_type_node);
      add (&seq, gimple_build_assign (old, calls), loc);
      add (&seq, gimple_build_assign (sum, PLUS_EXPR, old,
				      build_one_cst (uint64_type_node)), loc);
      add (&seq, gimple_build_assign (unshare_expr (calls), sum), loc);
    }
  add (&seq, gimple_build_assign (ccprof_current_decl (), n), loc);
  gsi = gsi_after_labels (j);
  gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);

  *join = j;
  return n;
}

const struct ggc_root_tab ccprof_context_ggc_roots[] = {
  { &memos, 1, sizeof (memos), &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};
