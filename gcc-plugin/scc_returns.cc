/*
 * scc_returns.cc - keeps GCC's -Wreturn-type quiet about the end of a
 * function that only CCPROF_SCC's never-taken branch reaches.
 *
 * CCPROF_SCC("f") is `if (__ccprof_scc_begin ("f")) {} else`: the marker
 * gives 0, so the empty `then` block never runs, but it must stay in the
 * CFG until the instrumentation pass has found the scope (it keeps what
 * follows the scope out of it, annotations.cc).  In
 *
 *     int f (int x) { CCPROF_SCC ("f") { return g (x); } }
 *
 * that block leads to the function's end, and GCC's check
 * (pass_warn_function_return, right after the CFG is built) warned
 * "control reaches end of non-void function": an error under -Werror,
 * for code that returns on every path that can run.
 *
 * This pass runs between the two.  It looks for the end of the function
 * (a `return;` without a value in C; in C++ the front end's
 * __builtin_unreachable () at BUILTINS_LOCATION, or `return;` at -O0)
 * among the blocks that the entry reaches only through a marker's
 * `then` edge, and tells the check to leave those alone: the return is
 * marked with suppress_warning, the C++ call gets the function's closing
 * brace as its location.  The end that other paths reach still warns
 * (`CCPROF_SCC ("h") { if (x) return g (x); }`).  Without the plugin
 * ccprof.h writes `if (0)`, which the front end removes.
 */
#include "gcc_compat.h"
#include "annotations.h"
#include "scc_returns.h"

/* The `then` edges of FUN's markers (the successor of the test that is
   not the scope's entry), in THEN.  A marker misused is reported by the
   instrumentation pass. */
static void
marker_then_edges (function *fun, hash_set<edge> *then)
{
  auto_vec<gcall *> markers;
  ccprof_scc_markers (fun, &markers);
  for (gcall *call : markers)
    {
      edge entry = ccprof_scc_entry (call);
      if (entry && EDGE_COUNT (entry->src->succs) == 2)
	then->add (EDGE_SUCC (entry->src, 0) == entry
		   ? EDGE_SUCC (entry->src, 1) : EDGE_SUCC (entry->src, 0));
    }
}

/* Marks in SEEN the blocks FUN's entry reaches without taking an edge of
   THEN (every other edge, abnormal and EH ones too). */
static void
reached_without (function *fun, hash_set<edge> *then, sbitmap seen)
{
  bitmap_clear (seen);
  auto_vec<basic_block> work;
  work.safe_push (ENTRY_BLOCK_PTR_FOR_FN (fun));
  bitmap_set_bit (seen, ENTRY_BLOCK);
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (!then->contains (e) && bitmap_set_bit (seen, e->dest->index))
	  work.safe_push (e->dest);
    }
}

/* Whether STMT is the C++ front end's end of a non-void function. */
static bool
front_end_fall_through_p (gimple *stmt)
{
  return stmt
	 && LOCATION_LOCUS (gimple_location (stmt)) == BUILTINS_LOCATION
	 && gimple_call_builtin_p (stmt, BUILT_IN_UNREACHABLE);
}

static unsigned int
quiet_unreached_ends (function *fun)
{
  if (VOID_TYPE_P (TREE_TYPE (TREE_TYPE (fun->decl))))
    return 0;
  hash_set<edge> then;
  marker_then_edges (fun, &then);
  if (then.is_empty ())
    return 0;
  auto_sbitmap seen (last_basic_block_for_fn (fun));
  reached_without (fun, &then, seen);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      if (bitmap_bit_p (seen, bb->index))
	continue;
      gimple *last = last_stmt (bb);
      greturn *ret = last ? dyn_cast <greturn *> (last) : NULL;
      if (ret && !gimple_return_retval (ret))
	suppress_warning (ret, OPT_Wreturn_type);
      else if (EDGE_COUNT (bb->succs) == 0 && front_end_fall_through_p (last))
	gimple_set_location (last, fun->function_end_locus);
    }
  return 0;
}

static const pass_data scc_returns_pass_data = {
  GIMPLE_PASS,		/* type */
  "ccprof_scc_returns",	/* name */
  OPTGROUP_NONE,	/* optinfo_flags */
  TV_NONE,		/* tv_id */
  PROP_gimple_any | PROP_cfg, /* properties_required */
  0,			/* properties_provided */
  0,			/* properties_destroyed */
  0,			/* todo_flags_start */
  0,			/* todo_flags_finish */
};

class scc_returns_pass : public gimple_opt_pass
{
public:
  scc_returns_pass (gcc::context *ctxt)
    : gimple_opt_pass (scc_returns_pass_data, ctxt)
  {
  }

  unsigned int execute (function *fun) final override
  {
    return quiet_unreached_ends (fun);
  }
};

gimple_opt_pass *
ccprof_make_scc_returns_pass (gcc::context *ctxt)
{
  return new scc_returns_pass (ctxt);
}
