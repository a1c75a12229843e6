/*
 * instrument.cc - the GIMPLE pass "ccprof": Appel, Duba & MacQueen's
 * instrumentation, inserted as ordinary GIMPLE statements right after the
 * function is put into SSA form, so that every later pass (early inlining
 * first of all) keeps them correct.
 *
 * A profiled function F gets a cost centre C, number i in the unit's
 * table (cost_centres.cc), and
 *
 *   on entry            __ccprof_tcalls[i] += 1;     (counters=thread)
 *                       C.calls += 1;      (plain; atomic: relaxed add)
 *                       __ccprof_current ={v} &C;
 *   after a call        __ccprof_current ={v} &C;
 *   in an EH landing pad / non-local goto receiver:
 *                       __ccprof_current ={v} &C;
 *
 * An excluded function (exclude=, no_instrument_function,
 * no_profile_instrument_function, a static initialiser or other function
 * GCC made up, placement new/delete, or an inline body whose real copy is
 * elsewhere) gets no cost centre; its time goes to whoever called it, and
 * it must not leave `current` pointing at a profiled callee once that
 * returns:
 *
 *   on entry            saved_N = __ccprof_current;   (volatile load)
 *   after a call, in landing pads:
 *                       __ccprof_current ={v} saved_N;
 *
 * "After a call" means after every call that returns and may run
 * profiled code, except Appel's two exceptions:
 *   - a tail call (tail_position.cc): F returns at once and its caller
 *     resets; a reset would stop GCC from making the call a jump;
 *   - a direct call of F itself: `current` is already &C.
 * Calls that cannot return (noreturn) get nothing, nor do GCC's internal
 * functions and builtins that cannot call back into the program (memcpy,
 * __builtin_expect, __atomic_*, target builtins, ...).  Builtins that do
 * call back (OpenMP/OpenACC/TM runtime entry points, __builtin_apply)
 * and returns-twice calls (setjmp: the reset after it also covers its
 * second return) do get a reset.
 *
 * count=off and current=off leave out the counting or the `current`
 * stores (and the saves and restores), to measure what each costs.
 *
 * mode=context (context_mode.cc; docs/design.md, "Context mode"): the
 * entry reads `current` (the caller's node) and moves to F's child node
 * N through the memoised transition, counts the call in N and sets
 * `current` to N; every reset stores N, an SSA name defined at the
 * entry.  A CCPROF_SCC scope makes the same transition from the
 * enclosing part's node and keeps its node in a local.  Excluded
 * functions, tail calls, self-calls and builtins are as in flat mode.
 */
#include "gcc_compat.h"
#include "instrument.h"
#include "annotations.h"
#include "context_mode.h"
#include "direct_calls.h"
#include "site_entry.h"
#include "langhooks.h"
#include "tree-dfa.h"
#include "../plugin-common/selection.h"
#include "cost_centres.h"
#include "levers.h"
#include "module_table.h"
#include "options.h"
#include "runtime_decls.h"
#include "tail_chains.h"
#include "tail_position.h"

enum fn_kind { FN_SKIP, FN_PROFILED, FN_EXCLUDED };

static bool
has_prefix (const char *s, const char *prefix)
{
  return strncmp (s, prefix, strlen (prefix)) == 0;
}

/* Functions GCC makes that have no counterpart in the source (or in
   clang's output, which names them differently): static initialisers
   and finalisers, atexit cleanups, thread_local wrappers and
   initialisers.  Their time goes to whoever runs them, as with the
   LLVM pass. */
static bool
compiler_made (tree fndecl)
{
  static const char *const prefixes[] = {
    "_GLOBAL__sub_I_", "_GLOBAL__sub_D_",
    "__static_initialization_and_destruction_", "__tcf_",
    "__tls_init", "_ZTW", "_ZTH",
  };
  if (!DECL_ARTIFICIAL (fndecl))
    return false;
  /* The linkage name, or the plain one (GCC mangles some of them). */
  const char *symbol = ccprof_symbol (fndecl);
  const char *name = DECL_NAME (fndecl)
    ? IDENTIFIER_POINTER (DECL_NAME (fndecl)) : symbol;
  for (unsigned i = 0; i < ARRAY_SIZE (prefixes); i++)
    if (has_prefix (symbol, prefixes[i]) || has_prefix (name, prefixes[i]))
      return true;
  return false;
}

/* The reserved placement forms of operator new and delete (<new>):
   clang constructs in place without calling them, so they are no cost
   centres there; here their (trivial) time goes to the caller too. */
static bool
placement_new_or_delete (tree fndecl)
{
  static const char *const symbols[] = {
    "_ZnwmPv", "_ZnamPv", "_ZnwjPv", "_ZnajPv", "_ZdlPvS_", "_ZdaPvS_",
  };
  const char *symbol = ccprof_symbol (fndecl);
  for (unsigned i = 0; i < ARRAY_SIZE (symbols); i++)
    if (strcmp (symbol, symbols[i]) == 0)
      return true;
  return false;
}

/* std::move, std::forward, std::addressof, std::__addressof and
   std::as_const (their one-argument forms; std::move (first, last, out)
   is an algorithm): casts that GCC folds at -O1 and above
   (-ffold-simple-inlines) but calls at -O0, and clang 15+ never calls.
   They are excluded with both compilers, so that profiles agree. */
static bool
folded_cast (tree fndecl)
{
  static const char *const prefixes[] = {
    "_ZSt4moveI", "_ZSt7forwardI", "_ZSt9addressofI",
    "_ZSt11__addressofI", "_ZSt8as_constI",
  };
  const char *symbol = ccprof_symbol (fndecl);
  if (list_length (DECL_ARGUMENTS (fndecl)) != 1)
    return false;
  for (unsigned i = 0; i < ARRAY_SIZE (prefixes); i++)
    if (has_prefix (symbol, prefixes[i]))
      return true;
  return false;
}

/* A static always_inline function with a name reserved to the
   implementation at file scope (C's _x, C++'s _ZL<length>_x): an
   instruction in function's clothing, like clang's _mm_add_epi8 & co.
   GCC's own intrinsics are extern gnu_inline and never profiled; clang's
   are static, and the LLVM pass excludes them by this rule, so both
   compilers give the same profiles. */
static bool
implementation_inline (tree fndecl)
{
  if (TREE_PUBLIC (fndecl)
      || !lookup_attribute ("always_inline", DECL_ATTRIBUTES (fndecl)))
    return false;
  const char *symbol = ccprof_symbol (fndecl);
  if (has_prefix (symbol, "_ZL"))
    for (symbol += 3; ISDIGIT (*symbol); symbol++)
      ;
  else if (has_prefix (symbol, "_Z"))
    return false;		/* in a namespace or class */
  return symbol[0] == '_' && symbol[1] != '\0';
}

/* GCC's own -finstrument-functions-exclude-function-list= (substrings
   of the function's printable name) and -file-list= (substrings of its
   source file), as GCC applies them to -finstrument-functions. */
static bool
gcc_instrument_excluded (tree fndecl)
{
  vec<char *> *names = (vec<char *> *) flag_instrument_functions_exclude_functions;
  vec<char *> *files = (vec<char *> *) flag_instrument_functions_exclude_files;
  if (names && names->length ())
    {
      const char *name = lang_hooks.decl_printable_name (fndecl, 1);
      for (unsigned i = 0; i < names->length (); i++)
	if (strstr (name, (*names)[i]))
	  return true;
    }
  if (files && files->length ())
    {
      const char *file = ccprof_source_file (fndecl);
      for (unsigned i = 0; i < files->length (); i++)
	if (strstr (file, (*files)[i]))
	  return true;
    }
  return false;
}

static enum fn_kind
classify (tree fndecl)
{
  /* Functions GCC creates after the table is written (its own static
     constructors, ours included) are compiler scaffolding. */
  if (ccprof_module_table_emitted ())
    return FN_SKIP;
  /* The runtime's own helpers (e.g. inline functions of its headers). */
  if (has_prefix (ccprof_symbol (fndecl), "__ccprof_"))
    return FN_SKIP;
  /* Only asm is allowed in a naked function. */
  if (lookup_attribute ("naked", DECL_ATTRIBUTES (fndecl)))
    return FN_SKIP;
  /* The attributes, not DECL_NO_INSTRUMENT_FUNCTION_ENTRY_EXIT: GCC sets
     that on every function once -finstrument-functions has had its say. */
  if (lookup_attribute ("no_instrument_function", DECL_ATTRIBUTES (fndecl))
      || lookup_attribute ("no_profile_instrument_function",
			   DECL_ATTRIBUTES (fndecl)))
    return FN_EXCLUDED;
  if (ccprof_unprofiled_p (fndecl))
    {
      /* Whatever the lists say; a pattern that matches it matched. */
      const char *key;
      ccprof_annotated (ccprof_symbol (fndecl), ccprof_source_file (fndecl),
			&key);
      return FN_EXCLUDED;
    }
  if (compiler_made (fndecl) || ccprof_omp_helper_p (fndecl)
      || placement_new_or_delete (fndecl)
      || folded_cast (fndecl) || implementation_inline (fndecl))
    return FN_EXCLUDED;
  /* A body only for inlining (gnu_inline extern inline, C99 inline
     definition): the function itself is compiled, or not profiled,
     elsewhere.  Inlined copies must still restore `current`. */
  if (DECL_EXTERNAL (fndecl))
    return FN_EXCLUDED;
  if (gcc_instrument_excluded (fndecl) || ccprof_charged_to_caller (fndecl))
    return FN_EXCLUDED;
  if (ccprof_cc_label (fndecl))
    {
      /* CCPROF_CC: whatever the policy and the lists. */
      const char *key;
      ccprof_annotated (ccprof_symbol (fndecl), ccprof_source_file (fndecl),
			&key);
      return FN_PROFILED;
    }
  switch (ccprof_policy ())
    {
    case CCPROF_POLICY_ANNOTATED:
      return FN_EXCLUDED;
    case CCPROF_POLICY_EXPORTED:
      if (!TREE_PUBLIC (fndecl))
	return FN_EXCLUDED;
      break;
    default:
      break;
    }
  if (!ccprof_selected (ccprof_symbol (fndecl), ccprof_source_file (fndecl)))
    return FN_EXCLUDED;
  return FN_PROFILED;
}

/* A CCPROF_CC function FNDECL that an exclude pattern matches is its
   label's cost centre: a note says so, naming the pattern. */
static void
note_annotation_wins (tree fndecl)
{
  const char *label = ccprof_cc_label (fndecl);
  const char *key;
  const char *pattern = label
    ? ccprof_annotated (ccprof_symbol (fndecl), ccprof_source_file (fndecl),
			&key)
    : NULL;
  if (pattern)
    inform (DECL_SOURCE_LOCATION (fndecl),
	    "ccprof: CCPROF_CC(%<%s%>) on %<%s%> wins over %s=%s", label,
	    ccprof_symbol (fndecl), key, pattern);
}

/* Builtins that cannot run code of the program before they return. */
static bool
builtin_cannot_call_back (tree fn)
{
  if (fndecl_built_in_p (fn, BUILT_IN_MD))
    return true;
  if (!fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return false;
  if (DECL_FUNCTION_CODE (fn) == BUILT_IN_APPLY)
    return false;
  /* GOMP_parallel (fn, ...) and friends run outlined bodies. */
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
  if (has_prefix (name, "__builtin_"))
    name += strlen ("__builtin_");
  return !(has_prefix (name, "GOMP_") || has_prefix (name, "GOACC_")
	   || has_prefix (name, "_ITM_"));
}

bool
ccprof_may_move_current (gcall *call, tree self)
{
  if (gimple_call_internal_p (call) || ccprof_scc_marker_p (call))
    return false;		/* a marker is replaced once the scopes are known */
  tree fn = gimple_call_fndecl (call);
  if (fn == self)
    return true;
  /* a tiny leaf, or charged to its caller (levers.h) */
  return !(fn && (builtin_cannot_call_back (fn)
		  || ccprof_leaves_current_unchanged (fn)));
}

static bool
needs_reset_after (gcall *call, tree self)
{
  int flags = gimple_call_flags (call);
  if (flags & ECF_NORETURN)
    return false;
  if (gimple_call_internal_p (call) || ccprof_scc_marker_p (call))
    return false;
  if (flags & ECF_RETURNS_TWICE)
    return true;
  if (gimple_call_fndecl (call) == self
      || !ccprof_may_move_current (call, self))
    return false;
  /* A function charged to its caller restores even after a tail call:
     its callers rely on it (levers.h). */
  return !ccprof_call_in_tail_position (call) || ccprof_charged_to_caller (self);
}

/* Is BB entered other than by falling in or jumping: an EH landing pad
   (or dispatch) block, or the receiver of a non-local goto? */
static bool
is_receiver (basic_block bb)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->preds)
    if (e->flags & EDGE_EH)
      /* A pad that only resumes unwinding (cleanups left with nothing
	 but clobbers) needs no reset: the frame that catches resets.
	 Keeping it empty also lets GCC delete it. */
      return !ccprof_pad_only_resumes (bb);

  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      glabel *label = dyn_cast <glabel *> (gsi_stmt (gsi));
      if (!label)
	break;
      if (DECL_NONLOCAL (gimple_label_label (label)))
	return true;
    }
  return false;
}

static bool
starts_with_returns_twice_call (basic_block bb)
{
  gimple_stmt_iterator gsi = gsi_after_labels (bb);
  if (gsi_end_p (gsi))
    return false;
  gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
  return call && (gimple_call_flags (call) & ECF_RETURNS_TWICE);
}

/* Inserts SEQ so that it runs exactly when edge E is taken. */
static void
insert_on_edge (edge e, gimple_seq seq)
{
  basic_block dest = e->dest;
  if (!single_pred_p (dest) || starts_with_returns_twice_call (dest))
    dest = split_edge (e);
  gimple_stmt_iterator gsi = gsi_after_labels (dest);
  gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
}

static gimple *
set_current (tree value)
{
  return gimple_build_assign (ccprof_current_decl (), value);
}

/* current := the TLS offset of cost centre CC's slot in __ccprof_tcc
   (ccprof_sets_current_by_slot), one instruction with no register for
   the record's address.  A volatile asm is never removed, and the RTL
   passes keep it in order with calls and other volatile asms.  `current`
   is its "=m" output, so that to the optimisers it is a store to
   `current`, as the volatile store it replaces: a call of a pure
   function on either side of it is not merged with the other, as with
   clang, and both compilers count the same calls. */
static gimple *
set_current_slot (unsigned cc)
{
  tree slots = ccprof_current_slots ();	/* sized and output at the end */
  char text[128];
  snprintf (text, sizeof text, "movq $%s+%u@tpoff, %%0",
	    IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (slots)), 8 * (cc + 1));
  vec<tree, va_gc> *outputs = NULL;
  tree constraint = build_tree_list (NULL_TREE, build_string (3, "=m"));
  vec_safe_push (outputs, build_tree_list (constraint,
					   ccprof_current_decl ()));
  gasm *stmt = gimple_build_asm_vec (ggc_strdup (text), NULL, outputs, NULL,
				     NULL);
  gimple_asm_set_volatile (stmt, true);
  return stmt;
}

/* Where cost centre CC's calls are counted: __ccprof_tcalls[CC] in this
   thread (counters=thread), or the shared record's calls. */
static tree
calls_ref (unsigned cc)
{
  if (ccprof_counters_mode () == CCPROF_COUNTERS_THREAD)
    return build4 (ARRAY_REF, uint64_type_node, ccprof_thread_calls (),
		   size_int (cc), NULL_TREE, NULL_TREE);
  return build3 (COMPONENT_REF, uint64_type_node,
		 ccprof_cost_centre_counters (cc), ccprof_calls_field (),
		 NULL_TREE);
}

/* Cost centre CC's calls += 1: a plain load, add and store, or, with
   counters=atomic, a relaxed atomic add. */
static void
append_count (gimple_seq *seq, unsigned cc)
{
  tree calls = calls_ref (cc);
  tree one = build_one_cst (uint64_type_node);
  if (ccprof_counters_mode () == CCPROF_COUNTERS_ATOMIC)
    {
      tree fn = builtin_decl_explicit (BUILT_IN_ATOMIC_FETCH_ADD_8);
      gcall *add = gimple_build_call (fn, 3, build_fold_addr_expr (calls),
				      one, build_int_cst (integer_type_node,
							  MEMMODEL_RELAXED));
      gimple_call_set_nothrow (add, true);
      gimple_seq_add_stmt (seq, add);
      return;
    }
  tree old = make_ssa_name (uint64_type_node);
  tree sum = make_ssa_name (uint64_type_node);
  gimple_seq_add_stmt (seq, gimple_build_assign (old, calls));
  gimple_seq_add_stmt (seq, gimple_build_assign (sum, PLUS_EXPR, old, one));
  gimple_seq_add_stmt (seq, gimple_build_assign (unshare_expr (calls), sum));
}

/* Numbers the cost centres of every function this pass will see, in
   source order, so that a function's index in the table is known when
   it is instrumented (cost_centres.cc says why).  These are the
   functions with a body that the pass manager runs through
   *build_ssa_passes; the first of them is being instrumented. */
static void
number_cost_centres (void)
{
  auto_vec<tree> profiled;
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    if (classify (node->decl) == FN_PROFILED
	&& !ccprof_function_label (node->decl))
      profiled.safe_push (node->decl);
  ccprof_number_cost_centres (&profiled);
}

/* What `current` is set to in one part of a function: cost centre CC
   (its slot or its record); or, when CC is -1, VALUE (what an excluded
   function found on entry; in context mode the function's node) or,
   when SLOT is set, what the local SLOT holds (in context mode, a
   CCPROF_SCC scope's node). */
struct target
{
  int cc;
  tree value;
  tree slot;
};

/* The statements that set `current` to T, at LOC. */
static gimple_seq
set_target (target t, location_t loc)
{
  gimple_seq seq = NULL;
  gimple *set;
  if (t.slot)
    {
      tree node = make_ssa_name (TREE_TYPE (t.slot));
      gimple *load = gimple_build_assign (node, t.slot);
      gimple_set_location (load, loc);
      gimple_seq_add_stmt (&seq, load);
      set = set_current (node);
    }
  else if (t.cc < 0)
    set = set_current (t.value);
  else if (ccprof_sets_current_by_slot ())
    set = set_current_slot (t.cc);
  else
    set = set_current (build_fold_addr_expr (ccprof_cost_centre_counters (
					       t.cc)));
  gimple_set_location (set, loc);
  gimple_seq_add_stmt (&seq, set);
  return seq;
}

/* Sets `current` to T on every normal way out of CALL. */
static void
insert_after_call (gcall *call, target t)
{
  location_t loc = gimple_location (call);
  if (!stmt_ends_bb_p (call))
    {
      gimple_stmt_iterator gsi = gsi_for_stmt (call);
      gsi_insert_seq_after (&gsi, set_target (t, loc), GSI_NEW_STMT);
      return;
    }
  auto_vec<edge, 2> outs;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, gimple_bb (call)->succs)
    if (!(e->flags & (EDGE_EH | EDGE_ABNORMAL | EDGE_FAKE)))
      outs.safe_push (e);
  for (unsigned i = 0; i < outs.length (); i++)
    insert_on_edge (outs[i], set_target (t, loc));
}

/* The parts of a function: each block's innermost CCPROF_SCC scope, the
   scope whose first block dominates it and is dominated by every other
   such; -1 outside every scope. */
struct parts
{
  vec<ccprof_scc_scope> *scopes;
  auto_vec<int> scope_of;	/* by basic block index */
  auto_vec<tree> slots;		/* context mode: each scope's node */
  target outer;
  tree found = NULL_TREE;	/* `current` on entry, put back at each
				   return (restores_on_return) */

  int scope (basic_block bb) const
  {
    return (unsigned) bb->index < scope_of.length () ? scope_of[bb->index]
						      : -1;
  }

  target of (basic_block bb) const
  {
    int s = scope (bb);
    if (s < 0)
      return outer;
    if (!slots.is_empty ())
      {
	target t = { -1, NULL_TREE, slots[s] };
	return t;
      }
    target t = { (int) (*scopes)[s].cc, NULL_TREE, NULL_TREE };
    return t;
  }
};

/* Marks in REACHED the blocks that the function's entry reaches without
   passing through block AVOID (NULL: none), by edges other than abnormal
   ones.  Abnormal edges are left out because in a function that calls
   setjmp every call has one to the abnormal dispatcher, which has one to
   every setjmp: with them, the code after a setjmp inside a scope was not
   dominated by the scope's entry (the dispatcher is reached from calls
   before the scope), and was charged to the function. */
static void
reach_avoiding (function *fun, basic_block avoid, sbitmap reached)
{
  auto_vec<basic_block> todo;
  bitmap_clear (reached);
  bitmap_set_bit (reached, ENTRY_BLOCK_PTR_FOR_FN (fun)->index);
  todo.safe_push (ENTRY_BLOCK_PTR_FOR_FN (fun));
  while (!todo.is_empty ())
    {
      basic_block bb = todo.pop ();
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if ((!(e->flags & EDGE_ABNORMAL) || (e->flags & EDGE_EH))
	    && e->dest != avoid
	    && bitmap_set_bit (reached, e->dest->index))
	  todo.safe_push (e->dest);
    }
}

/* Each block's innermost scope: the scopes whose entry block dominates
   it (every path from the function's entry, abnormal edges aside,
   passes through it), and of those the one whose entry the others'
   dominate. */
static void
map_scopes (function *fun, parts *p)
{
  unsigned n = p->scopes->length ();
  int blocks = last_basic_block_for_fn (fun);
  auto_sbitmap all (blocks);
  auto_vec<sbitmap> avoiding;
  p->scope_of.safe_grow_cleared (blocks);
  reach_avoiding (fun, NULL, all);
  for (unsigned i = 0; i < n; i++)
    {
      sbitmap r = sbitmap_alloc (blocks);
      reach_avoiding (fun, (*p->scopes)[i].entry->dest, r);
      avoiding.safe_push (r);
    }
  /* Is BB in scope I: reached, but not without its entry? */
  auto in_scope = [&] (basic_block bb, unsigned i) {
    return bitmap_bit_p (all, bb->index)
	   && !bitmap_bit_p (avoiding[i], bb->index);
  };
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      int inner = -1;
      for (unsigned i = 0; i < n; i++)
	{
	  if (!in_scope (bb, i))
	    continue;
	  if (inner < 0
	      || in_scope ((*p->scopes)[i].entry->dest, (unsigned) inner))
	    inner = i;
	}
      p->scope_of[bb->index] = inner;
    }
  for (unsigned i = 0; i < n; i++)
    sbitmap_free (avoiding[i]);
  /* The plugin's earlier edits (split edges) left any dominance
     information stale: what follows must compute it afresh. */
  free_dominance_info (CDI_DOMINATORS);
}

/* The edges between parts, other than the scopes' own entries: leaving
   a scope (its end, break, continue, goto), or, rarely, jumping into
   one.  EH and abnormal edges lead to receivers, which are reset. */
static void
find_crossings (function *fun, const parts &p, auto_vec<edge> *crossings)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  if (e->flags & (EDGE_EH | EDGE_ABNORMAL | EDGE_FAKE)
	      || e->dest == EXIT_BLOCK_PTR_FOR_FN (fun))
	    continue;
	  int to = p.scope (e->dest);
	  if (p.scope (bb) == to)
	    continue;
	  if (to >= 0 && (*p.scopes)[to].entry == e)
	    continue;
	  crossings->safe_push (e);
	}
    }
}

/* Flat mode's entry: count the call and point `current` at the cost
   centre; an excluded function saves `current` instead. */
static void
enter_flat (function *fun, enum fn_kind kind, bool counting, bool setting,
	    parts *p, bool restores)
{
  tree fndecl = fun->decl;
  location_t loc = DECL_SOURCE_LOCATION (fndecl);
  gimple_seq entry = NULL;
  p->outer.slot = NULL_TREE;
  if (kind == FN_PROFILED)
    {
      unsigned cc = ccprof_cost_centre (fndecl);
      if (setting && restores)
	{
	  tree current = ccprof_current_decl ();
	  p->found = make_ssa_name (TYPE_MAIN_VARIANT (TREE_TYPE (current)));
	  gimple_seq_add_stmt (&entry, gimple_build_assign (p->found,
							    current));
	}
      if (counting)
	append_count (&entry, cc);
      p->outer.cc = cc;
      p->outer.value = NULL_TREE;
      if (setting)
	gimple_seq_add_seq (&entry, set_target (p->outer, loc));
    }
  else
    {
      tree current = ccprof_current_decl ();
      p->outer.cc = -1;
      p->outer.value = NULL_TREE;
      if (setting)
	{
	  p->outer.value = make_ssa_name (TYPE_MAIN_VARIANT (TREE_TYPE (
							   current)));
	  gimple_seq_add_stmt (&entry, gimple_build_assign (p->outer.value,
							    current));
	}
    }
  gimple_seq_set_location (entry, loc);
  if (entry)
    insert_on_edge (single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN (fun)), entry);
}

/* A function the loader or the C library runs, not the program: main,
   and a static constructor or destructor (`constructor` and
   `destructor` attributes, C++'s initialisers of globals). */
static bool
starts_from_root (tree fndecl)
{
  if (DECL_STATIC_CONSTRUCTOR (fndecl) || DECL_STATIC_DESTRUCTOR (fndecl))
    return true;
  return MAIN_NAME_P (DECL_NAME (fndecl)) && TREE_PUBLIC (fndecl)
	 && DECL_FILE_SCOPE_P (fndecl);
}

/* A profiled function that unprofiled code may call back (its address
   is taken in the unit: a callback, a signal handler, a virtual
   function) puts `current` back as it found it when it returns, so that
   what that code does next, or the next function it calls back, is not
   charged to this one or made its child.  Not a tiny leaf (which stores
   nothing), nor a body (only profiled callers, which reset, call it),
   nor a function whose tail calls must stay jumps (TAIL_CALLS_OK
   false: tail_chains.h). */
static bool
restores_on_return (function *fun, tree origin, enum fn_kind kind, bool leaf,
		    bool tail_calls_ok)
{
  if (origin || kind != FN_PROFILED || leaf || !ccprof_set_current ()
      || !tail_calls_ok)
    return false;
  cgraph_node *node = cgraph_node::get (fun->decl);
  return node && node->address_taken;
}

/* Puts FOUND back in `current` before each return of FUN. */
static void
restore_at_returns (function *fun, tree found)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (fun)->preds)
    {
      gimple_stmt_iterator gsi = gsi_last_bb (e->src);
      if (gsi_end_p (gsi) || gimple_code (gsi_stmt (gsi)) != GIMPLE_RETURN)
	continue;
      gimple *set = set_current (found);
      gimple_set_location (set, gimple_location (gsi_stmt (gsi)));
      gsi_insert_before (&gsi, set, GSI_SAME_STMT);
    }
}

/* Whether FUN calls any function (an internal call does not count). */
static bool
calls_anything (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (is_gimple_call (gsi_stmt (gsi))
	  && !gimple_call_internal_p (gsi_stmt (gsi)))
	return true;
  return false;
}

/* Context mode's entry: read `current` (the caller's node); a profiled
   function moves to its own node, which its resets store from then on,
   an excluded one keeps the value it read.  Each CCPROF_SCC scope gets
   a local holding its node, which starts as the function's (a jump
   into a scope does not pass its entry). */
static void
enter_context (function *fun, enum fn_kind kind, parts *p,
	       bool store_current = true)
{
  tree fndecl = fun->decl;
  location_t loc = DECL_SOURCE_LOCATION (fndecl);
  tree current = ccprof_current_decl ();
  tree ptr = TYPE_MAIN_VARIANT (TREE_TYPE (current));

  basic_block head = split_edge (single_succ_edge (
				   ENTRY_BLOCK_PTR_FOR_FN (fun)));
  tree from = make_ssa_name (ptr);
  /* main and static constructors and destructors start from the root,
     whatever `current` holds: the program's start or end, not a child of
     the last profiled function another constructor ran (the loader
     resets nothing).  An unprofiled one (a C++ initialiser) stores the
     root, so that what it calls starts from there too. */
  bool root = starts_from_root (fndecl);
  gimple *load = gimple_build_assign (from, root
					    ? build_int_cst (ptr, 0) : current);
  gimple_set_location (load, loc);
  gimple_stmt_iterator gsi = gsi_start_bb (head);
  gsi_insert_after (&gsi, load, GSI_NEW_STMT);
  if (root && kind != FN_PROFILED)
    {
      gimple *store = gimple_build_assign (unshare_expr (current), from);
      gimple_set_location (store, loc);
      gsi_insert_after (&gsi, store, GSI_NEW_STMT);
    }

  basic_block last = head;
  tree node = from;
  p->found = from;
  if (kind == FN_PROFILED)
    node = ccprof_context_transition (head, from, ccprof_cost_centre (fndecl),
				      loc, &last, store_current);
  p->outer.cc = -1;
  p->outer.value = node;
  p->outer.slot = NULL_TREE;

  for (unsigned i = 0; i < p->scopes->length (); i++)
    {
      tree slot = create_tmp_var (ptr, "ccprof_scope_node");
      /* Memory, not a register: it is stored on entry and at the
	 scope's entry and read at its resets, with no SSA form built
	 here; GCC makes it a register when it optimises. */
      TREE_ADDRESSABLE (slot) = 1;
      p->slots.safe_push (slot);
      gimple *init = gimple_build_assign (slot, node);
      gimple_set_location (init, loc);
      gsi = gsi_last_bb (last);
      gsi_insert_after (&gsi, init, GSI_NEW_STMT);
    }
}

/* Context mode, the body of a function called at the call site
   (direct_calls.h): the caller made the transition and counted; its
   node is the last argument, which `current` is pointed at (unless
   STORE_CURRENT is false: a tiny leaf) and every reset stores. */
static void
enter_body (function *fun, parts *p, bool store_current)
{
  tree last = NULL_TREE;
  for (tree a = DECL_ARGUMENTS (fun->decl); a; a = DECL_CHAIN (a))
    last = a;
  tree node = get_or_create_ssa_default_def (fun, last);
  if (store_current)
    {
      gimple_seq seq = NULL;
      gimple *set = set_current (node);
      gimple_set_location (set, DECL_SOURCE_LOCATION (fun->decl));
      gimple_seq_add_stmt (&seq, set);
      insert_on_edge (single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN (fun)), seq);
    }
  p->outer.cc = -1;
  p->outer.value = node;
  p->outer.slot = NULL_TREE;
}

static unsigned int instrument (function *fun, tree origin);

/* Instruments BODY, the body of ORIGIN (direct_calls.h), which the pass
   manager will not visit: made while ORIGIN was. */
static void
instrument_body (tree body, tree origin)
{
  push_cfun (DECL_STRUCT_FUNCTION (body));
  instrument (cfun, origin);
  update_ssa (TODO_update_ssa_only_virtuals);
  cgraph_edge::rebuild_edges ();
  pop_cfun ();
}

/* Instruments FUN; ORIGIN, if not null, is the function FUN is the body
   of. */
static unsigned int
instrument (function *fun, tree origin)
{
  static bool numbered;
  if (!numbered)
    {
      numbered = true;
      number_cost_centres ();
    }

  tree fndecl = fun->decl;
  if (!origin && ccprof_direct_body_origin (fndecl))
    return 0;			/* instrumented when it was made */
  tree self = origin ? origin : fndecl;	/* whose code this is */
  enum fn_kind kind = origin ? FN_PROFILED : classify (fndecl);
  if (kind == FN_SKIP)
    return 0;
  if (!origin)
    {
      if (kind == FN_PROFILED)
	note_annotation_wins (fndecl);
      ccprof_levers_decide (fndecl);	/* before the body changes */
      ccprof_note_tail_calls (fun, fndecl);
    }

  auto_vec<ccprof_scc_scope> scopes;
  ccprof_find_scc_scopes (fun, &scopes);
  for (unsigned i = 0; i < scopes.length (); i++)
    scopes[i].cc = ccprof_label_cost_centre (scopes[i].label);

  /* Whether its tail calls allow it to put `current` back, decided on
     its code before the body takes it. */
  bool tail_calls_ok = !origin && kind == FN_PROFILED
		       && ccprof_tail_calls_allow_restore (fun, self);

  /* Context mode: G's body for its direct callers, copied from G as it
     is, before it is instrumented. */
  tree body = NULL_TREE;
  gcall *forward = NULL;
  if (!origin && kind == FN_PROFILED && scopes.is_empty ()
      && ccprof_context_mode () && ccprof_set_current ())
    body = ccprof_make_direct_body (fun);
  if (body)
    forward = ccprof_forward_to_body (fun, body);
  if (forward && ccprof_can_have_site_entry (fndecl))
    ccprof_make_site_entry (fun, ccprof_cost_centre (fndecl));

  bool counting = ccprof_count_calls ();
  bool setting = ccprof_set_current ();	/* off: overhead measurements */
  /* A tiny leaf is counted but sets no `current` (levers.h).  In context
     mode it still moves to its node, to count there, but does not store
     it; it calls nothing, so it has nothing else to set. */
  bool leaf = kind == FN_PROFILED && scopes.is_empty ()
	      && ccprof_tiny_leaf (self);
  if (leaf && !ccprof_context_mode ())
    setting = false;
  bool restores = setting && restores_on_return (fun, origin, kind, leaf,
						  tail_calls_ok);
  if (!counting && !setting)
    {
      if (kind == FN_PROFILED)
	ccprof_cost_centre (fndecl);
      ccprof_remove_scc_markers (&scopes);
      return 0;
    }

  /* Find the places first: inserting splits edges and adds calls. */
  auto_vec<gcall *> calls;
  auto_vec<basic_block> receivers;
  basic_block bb;
  if (setting)
    FOR_EACH_BB_FN (bb, fun)
      {
	if (is_receiver (bb))
	  receivers.safe_push (bb);
	for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	     gsi_next (&gsi))
	  {
	    gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	    if (call && needs_reset_after (call, self))
	      calls.safe_push (call);
	  }
      }

  /* An excluded function that calls nothing that could move `current`
     and has no scopes needs nothing at all. */
  if (kind == FN_EXCLUDED && calls.is_empty () && receivers.is_empty ()
      && scopes.is_empty ()
      && !(ccprof_context_mode () && setting
	   && starts_from_root (fndecl) && calls_anything (fun)))
    return 0;

  parts p;
  p.scopes = &scopes;
  if (origin)
    enter_body (fun, &p, !leaf);
  else if (ccprof_context_mode ())
    {
      /* A forwarder leaves `current` to its body, which stores it. */
      enter_context (fun, kind, &p, !forward && !leaf);
      if (forward)
	{
	  gimple_call_set_arg (forward, gimple_call_num_args (forward) - 1,
			       p.outer.value);
	  update_stmt (forward);
	}
    }
  else
    enter_flat (fun, kind, counting, setting, &p, restores);

  map_scopes (fun, &p);
  auto_vec<edge> crossings;
  if (setting)
    find_crossings (fun, p, &crossings);

  /* Each target is decided before anything is inserted. */
  auto_vec<target> call_targets, receiver_targets, crossing_targets;
  auto_vec<target> scope_from;
  for (unsigned i = 0; i < calls.length (); i++)
    call_targets.safe_push (p.of (gimple_bb (calls[i])));
  for (unsigned i = 0; i < receivers.length (); i++)
    receiver_targets.safe_push (p.of (receivers[i]));
  for (unsigned i = 0; i < crossings.length (); i++)
    crossing_targets.safe_push (p.of (crossings[i]->dest));
  for (unsigned i = 0; i < scopes.length (); i++)
    scope_from.safe_push (p.of (scopes[i].entry->src));

  /* Into each scope: count it and charge it (in context mode, move from
     the enclosing part's node to the scope's). */
  for (unsigned i = 0; i < scopes.length (); i++)
    {
      location_t loc = gimple_location (scopes[i].marker);
      if (ccprof_context_mode ())
	{
	  basic_block head = split_edge (scopes[i].entry);
	  /* The enclosing part's node (or what an excluded function
	     saved): what a reset there stores. */
	  tree from = scope_from[i].value;
	  gimple_stmt_iterator gsi = gsi_last_bb (head);
	  if (scope_from[i].slot)
	    {
	      from = make_ssa_name (TREE_TYPE (scope_from[i].slot));
	      gimple *load = gimple_build_assign (from, scope_from[i].slot);
	      gimple_set_location (load, loc);
	      gsi_insert_after (&gsi, load, GSI_NEW_STMT);
	    }
	  basic_block join;
	  tree n = ccprof_context_transition (head, from, scopes[i].cc, loc,
					      &join);
	  gimple *keep = gimple_build_assign (p.slots[i], n);
	  gimple_set_location (keep, loc);
	  gsi = gsi_last_bb (join);
	  gsi_insert_after (&gsi, keep, GSI_NEW_STMT);
	  continue;
	}
      gimple_seq seq = NULL;
      target t = { (int) scopes[i].cc, NULL_TREE, NULL_TREE };
      if (counting)
	append_count (&seq, scopes[i].cc);
      if (setting)
	gimple_seq_add_seq (&seq, set_target (t, loc));
      gimple_seq_set_location (seq, loc);
      insert_on_edge (scopes[i].entry, seq);
    }

  /* Crossings before the resets after calls: a call that ends its block
     has its reset inserted on its out-edges before a crossing's own
     statement there, which must be the last word. */
  for (unsigned i = 0; i < crossings.length (); i++)
    insert_on_edge (crossings[i],
		    set_target (crossing_targets[i], UNKNOWN_LOCATION));

  for (unsigned i = 0; i < calls.length (); i++)
    insert_after_call (calls[i], call_targets[i]);

  for (unsigned i = 0; i < receivers.length (); i++)
    {
      gimple_stmt_iterator gsi = gsi_after_labels (receivers[i]);
      location_t loc = UNKNOWN_LOCATION;
      if (!gsi_end_p (gsi))
	loc = gimple_location (gsi_stmt (gsi));
      gsi_insert_seq_before (&gsi, set_target (receiver_targets[i], loc),
			     GSI_SAME_STMT);
    }

  ccprof_remove_scc_markers (&scopes);
  if (restores && p.found)
    restore_at_returns (fun, p.found);

  /* Context mode: direct calls of bodies, made from this function's kid
     slots (a function and its body alike). */
  if (ccprof_context_mode () && kind == FN_PROFILED && scopes.is_empty ()
      && setting)
    {
      unsigned cc = ccprof_cost_centre (self);
      if (ccprof_calls_at_site (fun, cc))
	ccprof_call_bodies (fun, p.outer.value, cc);
    }

  /* The new loads and stores need virtual operands. */
  mark_virtual_operands_for_renaming (fun);
  if (body)
    instrument_body (body, fndecl);
  return TODO_update_ssa_only_virtuals;
}

static unsigned int
instrument_function (function *fun)
{
  return instrument (fun, NULL_TREE);
}

static const pass_data instrument_pass_data = {
  GIMPLE_PASS,		/* type */
  "ccprof",		/* name */
  OPTGROUP_NONE,	/* optinfo_flags */
  TV_NONE,		/* tv_id */
  PROP_gimple_any | PROP_cfg | PROP_ssa, /* properties_required */
  0,			/* properties_provided */
  0,			/* properties_destroyed */
  0,			/* todo_flags_start */
  0,			/* todo_flags_finish */
};

class instrument_pass : public gimple_opt_pass
{
public:
  instrument_pass (gcc::context *ctxt)
    : gimple_opt_pass (instrument_pass_data, ctxt)
  {
  }

  unsigned int execute (function *fun) final override
  {
    ccprof_check_cc_labels (fun->decl);
    return instrument_function (fun);
  }
};

gimple_opt_pass *
ccprof_make_instrument_pass (gcc::context *ctxt)
{
  return new instrument_pass (ctxt);
}
