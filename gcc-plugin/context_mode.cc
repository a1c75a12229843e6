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
 * Each cost centre i has, per thread, a memo table behind
 * __ccprof_tctx[i] (ccprof_abi.h, ccprof_abi.def): a mask, then ways
 * chosen by bits of `current`, so a function called from several
 * contexts in turn keeps a transition per context; the runtime makes and
 * grows the tables, and every entry starts at __ccprof_ctx_nomemo,
 * which matches nothing.  The fast path is two loads (the table, its
 * mask), the way's address, one compare of its `from` with `current`
 * and the load of its `to`, inline.  The slow path calls the runtime in
 * a block counted zero, never expected, which GCC moves out of line
 * (into the function's .cold part at -O2).  On x86-64 the
 * call is inline assembly past the red zone, to a stub that keeps every
 * register but rax, r10 and r11 (runtime/context_entry.c): GCC sees no
 * call, so a function that is otherwise a leaf gets no frame and saves
 * no register on its fast path.
 */
#include "gcc_compat.h"
#include "context_mode.h"
#include "cost_centres.h"
#include "module_table.h"
#include "options.h"
#include "runtime_decls.h"

static tree tables;

/* struct ccprof_ctx_memo *, the type of __ccprof_tctx's entries. */
static tree
memo_ptr_type (void)
{
  return build_pointer_type (ccprof_ctx_memo_type ());
}

tree
ccprof_context_tables (void)
{
  if (!tables)
    tables = ccprof_unbounded_tls_array (ccprof_sym_TCTX, memo_ptr_type ());
  return tables;
}

/* One entry per cost centre, each &__ccprof_ctx_nomemo[0]: the array is
   initialised data (.tdata), so each thread's copy starts with no
   memo table, and its first entry into a cost centre takes the slow
   path, which makes the table. */
void
ccprof_finish_context_tables (void)
{
  if (!tables)
    return;
  unsigned n = ccprof_cost_centre_count ();
  tree type = memo_ptr_type ();
  tree nomemo = build_fold_addr_expr_with_type (ccprof_ctx_nomemo_decl (),
						type);
  vec<constructor_elt, va_gc> *elts = NULL;
  for (unsigned i = 0; i < n; i++)
    CONSTRUCTOR_APPEND_ELT (elts, size_int (i), unshare_expr (nomemo));
  TREE_TYPE (tables) = build_array_type_nelts (type, n);
  DECL_INITIAL (tables) = build_constructor (TREE_TYPE (tables), elts);
  TREE_CONSTANT (DECL_INITIAL (tables)) = 1;
  TREE_STATIC (DECL_INITIAL (tables)) = 1;
  relayout_decl (tables);
  varpool_node::finalize_decl (tables);
}

/* __ccprof_tctx[CC]. */
static tree
table_ref (unsigned cc)
{
  return build4 (ARRAY_REF, memo_ptr_type (), ccprof_context_tables (),
		 size_int (cc), NULL_TREE, NULL_TREE);
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

/* Whether the slow path is called from inline assembly: x86-64 LP64
   (not x32, not -m32), assembled in AT&T syntax (the asm's; not
   -masm=intel), in a function that may use SSE (the asm clobbers xmm0-15,
   which GCC refuses under -mno-sse or -mgeneral-regs-only; such a
   function holds nothing in them, and where it is inlined into one that
   does, the call is an ordinary call there).  Asked of the function
   being instrumented: the target options are the function's. */
static bool
slow_path_by_asm (void)
{
#if defined(__x86_64__)
  return (TARGET_64BIT && TYPE_PRECISION (ptr_type_node) == 64 && TARGET_SSE
	  && ix86_asm_dialect == ASM_ATT);
#else
  return false;
#endif
}

/* An asm operand: constraint CONSTRAINT, value VALUE. */
static tree
asm_operand (const char *constraint, tree value)
{
  tree c = build_string (strlen (constraint) + 1, constraint);
  return build_tree_list (build_tree_list (NULL_TREE, c), value);
}

/* S = the slow path (FROM, DESC, TABLE), as runtime/context_entry.c
   asks on x86-64:

     asm volatile ("lea -128(%%rsp), %%rsp\n\t"
		   "pushq %%rdi\n\tpushq %%rsi\n\tpushq %%rdx\n\tpushq %%rcx\n\t"
		   "pushq %1\n\tpushq %2\n\tpushq %3\n\t"
		   "popq %%rdx\n\tpopq %%rsi\n\tpopq %%rdi\n\t"
		   "call __ccprof_ctx_enter@PLT\n\t"
		   "popq %%rcx\n\tpopq %%rdx\n\tpopq %%rsi\n\tpopq %%rdi\n\t"
		   "lea 128(%%rsp), %%rsp"
		   : "=a" (S) : "r" (FROM), "r" (DESC), "r" (TABLE)
		   : "r10", "r11", "xmm0", ..., "xmm15", "memory", "cc");

   The lea steps over the red zone of a leaf (the 128 bytes below the
   stack pointer, where GCC may keep anything), before anything is
   pushed; lea, not sub, leaves the flags alone (they are clobbered
   anyway).  The arguments come in any registers and go to rdi, rsi and
   rdx through the stack (whatever registers they are in), which the
   assembly saves and restores, with rcx, always those four: no argument
   register of the function is taken on its fast path, where pinned
   inputs made GCC move the function's own arguments out of the way (and
   give a leaf a frame to keep them).  At the call the caller's stack
   pointer is 160 bytes above the return address, as the stub's CFI
   says.  The stub aligns the stack itself.  With a kid slot's index K
   (__ccprof_ctx_kid), K goes to rcx the same way. */
static gasm *
slow_path_asm (tree s, tree from, tree desc, tree table, tree k)
{
  static const char save[] = "lea -128(%%rsp), %%rsp\n\t"
			     "pushq %%rdi\n\tpushq %%rsi\n\tpushq %%rdx\n\t"
			     "pushq %%rcx\n\t";
  static const char restore[] = "@PLT\n\tpopq %%rcx\n\tpopq %%rdx\n\t"
				"popq %%rsi\n\tpopq %%rdi\n\t"
				"lea 128(%%rsp), %%rsp";
  char *text;
  if (k)
    text = concat (save,
		   "pushq %1\n\tpushq %2\n\tpushq %3\n\tpushq %4\n\t"
		   "popq %%rcx\n\tpopq %%rdx\n\tpopq %%rsi\n\t"
		   "popq %%rdi\n\tcall ", ccprof_sym_CTX_KID, restore, NULL);
  else
    text = concat (save,
		   "pushq %1\n\tpushq %2\n\tpushq %3\n\t"
		   "popq %%rdx\n\tpopq %%rsi\n\tpopq %%rdi\n\tcall ",
		   ccprof_sym_CTX_ENTER, restore, NULL);
  vec<tree, va_gc> *outputs = NULL, *inputs = NULL, *clobbers = NULL;
  vec_safe_push (outputs, asm_operand ("=a", s));
  vec_safe_push (inputs, asm_operand ("r", from));
  vec_safe_push (inputs, asm_operand ("r", desc));
  vec_safe_push (inputs, asm_operand ("r", table));
  if (k)
    vec_safe_push (inputs, asm_operand ("r", k));
  static const char *const clobbered[] = {
    "r10", "r11", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
    "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",
    "xmm15", "memory", "cc"
  };
  for (unsigned i = 0; i < ARRAY_SIZE (clobbered); i++)
    vec_safe_push (clobbers,
		   build_tree_list (NULL_TREE,
				    build_string (strlen (clobbered[i]) + 1,
						  clobbered[i])));
  gasm *stmt = gimple_build_asm_vec (ggc_strdup (text), inputs, outputs,
				     clobbers, NULL);
  free (text);
  gimple_asm_set_volatile (stmt, true);
  SSA_NAME_DEF_STMT (s) = stmt;
  return stmt;
}

/* HEAD (ending in the condition COND, true on the fast path) -> join,
   HEAD -> slow -> join, where slow runs the slow path into cost centre
   CC from FROM (a kid slot's index K, or NULL_TREE for the entry's):
   returns n = PHI <FAST, the slow path's>, at the start of the join
   block, *JOIN. */
static tree
join_slow_path (basic_block head, gimple *cond, tree fast, tree from,
		unsigned cc, tree k, location_t loc, basic_block *join)
{
  tree ptr = TREE_TYPE (ccprof_ctx_memo_to_field ());
  tree memo_ptr = memo_ptr_type ();
  gimple_seq seq = NULL;
  add (&seq, cond, loc);
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
  /* Never expected: the profile is estimated after this pass, and a
     block counted zero stays so (as one calling a cold function), so
     GCC lays it out of line and at -O2 moves it into the .cold part. */
  slow->count = profile_count::zero ();
  edge miss_edge = make_edge (head, slow, EDGE_FALSE_VALUE);
  miss_edge->probability = profile_probability::very_unlikely ();
  edge back = make_single_succ_edge (slow, j, EDGE_FALLTHRU);

  /* slow: s = the runtime's transition, which memoises it (in this
     thread's table, &__ccprof_tctx[CC], not invariant: a thread-local
     address; or in the kid slot). */
  seq = NULL;
  tree table_addr = make_ssa_name (build_pointer_type (memo_ptr));
  add (&seq, gimple_build_assign (table_addr,
				  build_fold_addr_expr_with_type (
				    table_ref (cc),
				    TREE_TYPE (table_addr))), loc);
  tree desc = build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (ccprof_cc_table ())),
		      ccprof_cc_table (), size_int (cc), NULL_TREE, NULL_TREE);
  tree s = make_ssa_name (ptr);
  if (slow_path_by_asm ())
    add (&seq, slow_path_asm (s, from, build_fold_addr_expr (desc),
			      table_addr, k), loc);
  else
    {
      gcall *call = k ? gimple_build_call (ccprof_ctx_kid_decl (), 4, from,
					   build_fold_addr_expr (desc),
					   table_addr, k)
		      : gimple_build_call (ccprof_ctx_enter_decl (), 3, from,
					   build_fold_addr_expr (desc),
					   table_addr);
      gimple_call_set_lhs (call, s);
      gimple_call_set_nothrow (call, true);
      add (&seq, call, loc);
    }
  gimple_stmt_iterator gsi = gsi_start_bb (slow);
  gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);

  tree n = make_ssa_name (ptr);
  gphi *phi = create_phi_node (n, j);
  add_phi_arg (phi, fast, hit_edge, loc);
  add_phi_arg (phi, s, back, loc);
  *join = j;
  return n;
}

/* Appends to SEQ n->calls += 1 (unless count=off). */
static void
count_node (gimple_seq *seq, tree n, location_t loc)
{
  if (!ccprof_count_calls ())
    return;
  tree ptr = TREE_TYPE (n);
  tree node = build2 (MEM_REF, ccprof_counters_type (), n,
		      build_int_cst (ptr, 0));
  tree calls = build3 (COMPONENT_REF, uint64_type_node, node,
		       ccprof_calls_field (), NULL_TREE);
  tree old = make_ssa_name (uint64_type_node);
  tree sum = make_ssa_name (uint64_type_node);
  add (seq, gimple_build_assign (old, calls), loc);
  add (seq, gimple_build_assign (sum, PLUS_EXPR, old,
				 build_one_cst (uint64_type_node)), loc);
  add (seq, gimple_build_assign (unshare_expr (calls), sum), loc);
}

void
ccprof_context_count (gimple_stmt_iterator *gsi, tree node, unsigned i,
		      location_t loc)
{
  if (!ccprof_count_calls ())
    return;
  gimple_seq seq = NULL;
  tree word = build2 (MEM_REF, uint64_type_node, node,
		      build_int_cst (build_pointer_type (uint64_type_node),
				     -(HOST_WIDE_INT) (ccprof_CTX_COUNT_OFFSET
						       + 8 * i)));
  tree old = make_ssa_name (uint64_type_node);
  tree sum = make_ssa_name (uint64_type_node);
  add (&seq, gimple_build_assign (old, word), loc);
  add (&seq, gimple_build_assign (sum, PLUS_EXPR, old,
				 build_one_cst (uint64_type_node)), loc);
  add (&seq, gimple_build_assign (unshare_expr (word), sum), loc);
  gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);
}

tree
ccprof_context_kid (basic_block head, tree node, tree k, unsigned cc,
		    location_t loc, basic_block *join)
{
  tree ptr = TREE_TYPE (ccprof_ctx_memo_to_field ());
  tree ptr_ptr = build_pointer_type (ptr);
  gimple_seq seq = NULL;
  tree kid = make_ssa_name (ptr);
  tree base = node;
  HOST_WIDE_INT offset = ccprof_CTX_NODE_SIZE;
  if (TREE_CODE (k) == INTEGER_CST)
    offset += 8 * tree_to_shwi (k);
  else
    {
      /* a site entry's: node + 8 * k, then the constant part */
      tree scaled = make_ssa_name (sizetype);
      tree wide = make_ssa_name (sizetype);
      base = make_ssa_name (TREE_TYPE (node));
      add (&seq, gimple_build_assign (wide, NOP_EXPR, k), loc);
      add (&seq, gimple_build_assign (scaled, MULT_EXPR, wide,
				      size_int (8)), loc);
      add (&seq, gimple_build_assign (base, POINTER_PLUS_EXPR, node, scaled),
	   loc);
    }
  tree slot = build2 (MEM_REF, ptr, base, build_int_cst (ptr_ptr, offset));
  add (&seq, gimple_build_assign (kid, slot), loc);
  append (head, seq);
  gimple *cond = gimple_build_cond (NE_EXPR, kid, build_int_cst (ptr, 0),
				    NULL_TREE, NULL_TREE);
  tree n = join_slow_path (head, cond, kid, node, cc,
			   fold_convert (uint64_type_node, k), loc, join);
  seq = NULL;
  count_node (&seq, n, loc);
  gimple_stmt_iterator gsi = gsi_after_labels (*join);
  gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
  return n;
}

tree
ccprof_context_transition (basic_block head, tree from, unsigned cc,
			   location_t loc, basic_block *join, bool store_current)
{
  tree ptr = TREE_TYPE (ccprof_ctx_memo_to_field ());
  tree memo_ptr = memo_ptr_type ();

  /* head: this thread's table for CC, its mask, the way for this
     caller, its two loads and the test.  The way's byte offset is
     computed scaled already ((p >> (SHIFT - 4)) & mask, the mask being
     (ways - 1) * 16), and the header's size is a constant of the loads:
     the way's address is one add to the table's. */
  gimple_seq seq = NULL;
  unsigned way_bits = exact_log2 (tree_to_uhwi (TYPE_SIZE_UNIT (
				    ccprof_ctx_memo_type ())));
  gcc_assert (ccprof_CTX_MEMO_SHIFT >= way_bits);
  tree table = make_ssa_name (memo_ptr);
  tree mask = make_ssa_name (uint64_type_node);
  tree size_mask = make_ssa_name (sizetype);
  tree bits = make_ssa_name (sizetype);
  tree shifted = make_ssa_name (sizetype);
  tree offset = make_ssa_name (sizetype);
  tree way = make_ssa_name (memo_ptr);	/* the way, less the header */
  tree f = make_ssa_name (ptr);
  tree t = make_ssa_name (ptr);
  tree hit = make_ssa_name (boolean_type_node);
  add (&seq, gimple_build_assign (table, table_ref (cc)), loc);
  add (&seq, gimple_build_assign (mask, build2 (MEM_REF, uint64_type_node,
						table,
						build_int_cst (
						  build_pointer_type (
						    uint64_type_node), 0))),
       loc);
  add (&seq, gimple_build_assign (size_mask, NOP_EXPR, mask), loc);
  add (&seq, gimple_build_assign (bits, NOP_EXPR, from), loc);
  add (&seq, gimple_build_assign (shifted, RSHIFT_EXPR, bits,
				  build_int_cst (integer_type_node,
						 ccprof_CTX_MEMO_SHIFT
						 - way_bits)), loc);
  add (&seq, gimple_build_assign (offset, BIT_AND_EXPR, shifted, size_mask),
       loc);
  add (&seq, gimple_build_assign (way, POINTER_PLUS_EXPR, table, offset),
       loc);
  tree entry = build2 (MEM_REF, ccprof_ctx_memo_type (), way,
		       build_int_cst (memo_ptr, ccprof_CTX_MEMO_HEADER));
  add (&seq, gimple_build_assign (f, build3 (COMPONENT_REF, ptr, entry,
					     ccprof_ctx_memo_from_field (),
					     NULL_TREE)), loc);
  add (&seq, gimple_build_assign (t, build3 (COMPONENT_REF, ptr,
					     unshare_expr (entry),
					     ccprof_ctx_memo_to_field (),
					     NULL_TREE)), loc);
  add (&seq, gimple_build_assign (hit, EQ_EXPR, f, from), loc);
  append (head, seq);
  gimple *cond = gimple_build_cond (NE_EXPR, hit, boolean_false_node,
				    NULL_TREE, NULL_TREE);
  tree n = join_slow_path (head, cond, t, from, cc, NULL_TREE, loc, join);

  /* join: count; current = n. */
  seq = NULL;
  count_node (&seq, n, loc);
  if (store_current)
    add (&seq, gimple_build_assign (ccprof_current_decl (), n), loc);
  gimple_stmt_iterator gsi = gsi_after_labels (*join);
  gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
  return n;
}

const struct ggc_root_tab ccprof_context_ggc_roots[] = {
  { &tables, 1, sizeof (tables), &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};
