/*
 * tail_position.cc - Appel's "tail call": a call directly followed by a
 * return of its value (or of nothing).  After such a call the function
 * returns at once and its caller resets `current`, so no reset is needed;
 * inserting one would stop GCC's tail-call pass (much later, "tailc")
 * from turning the call into a jump.
 *
 * The plugin runs right after GIMPLE is put into SSA form, at every -O
 * level, before any optimisation.  There
 *
 *     int even (int n) { if (n == 0) return 1; return odd (n - 1); }
 *
 * is not yet "call; return" but
 *
 *     <bb 4> :
 *       _1 = n_4(D) + -1;
 *       _7 = odd (_1);
 *     <bb 5> :
 *       # _2 = PHI <_8(3), _7(4)>
 *     <L2>:
 *       return _2;
 *
 * so we walk forward from the call along straight-line code, following
 * the one normal successor edge, and accept only statements that run no
 * code and do not change what is returned: copies and conversions of the
 * call's value into SSA names or local variables, PHIs of those on the
 * edge we came along, labels, debug statements, predictions and clobbers.
 * The walk ends at a `return` of the call's value (or a `return` of
 * nothing); anything else means "not a tail call".  A call with an EH
 * edge (inside a try, or before a destructor) is never a tail call, like
 * an `invoke` in LLVM -- unless the landing pad only ends the lifetime of
 * locals and unwinds out of the function (clang makes no landing pad for
 * that).  This is the rule of llvm-pass/tail_position.cpp.
 */
#include "gcc_compat.h"
#include "tail_position.h"

/* Values (SSA names, local decls) that hold the call's result. */
struct holders {
  auto_vec<tree, 8> v;
};

static bool
holds (const holders &h, tree t)
{
  for (unsigned i = 0; i < h.v.length (); i++)
    if (h.v[i] == t)
      return true;
  return false;
}

/* Can T be a place the result is copied to on its way to the return? */
static bool
trackable (tree t)
{
  if (TREE_CODE (t) == SSA_NAME || TREE_CODE (t) == RESULT_DECL)
    return true;
  return (TREE_CODE (t) == VAR_DECL && !is_global_var (t)
	  && !TREE_THIS_VOLATILE (t));
}

/* Is S "LHS = RESULT" or "LHS = (T) RESULT" for a tracked RESULT? */
static bool
copies_result (const holders &h, gimple *s)
{
  tree lhs = gimple_assign_lhs (s);
  if (!trackable (lhs) || gimple_has_volatile_ops (s))
    return false;
  enum tree_code code = gimple_assign_rhs_code (s);
  tree rhs = gimple_assign_rhs1 (s);
  if (TREE_CODE (rhs) == VIEW_CONVERT_EXPR)
    rhs = TREE_OPERAND (rhs, 0);
  if (gimple_assign_single_p (s) || CONVERT_EXPR_CODE_P (code)
      || code == FLOAT_EXPR || code == FIX_TRUNC_EXPR)
    return holds (h, rhs);
  return false;
}

bool
ccprof_pad_only_resumes (basic_block bb)
{
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gimple *s = gsi_stmt (gsi);
      if (gimple_code (s) == GIMPLE_LABEL || is_gimple_debug (s)
	  || gimple_code (s) == GIMPLE_NOP
	  || gimple_code (s) == GIMPLE_PREDICT || gimple_clobber_p (s))
	continue;
      return gimple_code (s) == GIMPLE_RESX;
    }
  return false;
}

/* An EH edge to a pad that does nothing and leaves the function. */
static bool
harmless_eh_edge (edge e)
{
  return (ccprof_pad_only_resumes (e->dest)
	  && EDGE_COUNT (e->dest->succs) == 0);
}

bool
ccprof_call_in_tail_position (gcall *call)
{
  holders h;
  tree lhs = gimple_call_lhs (call);
  if (lhs)
    {
      /* "g = f ();" stores to memory after f returns. */
      if (!trackable (lhs))
	return false;
      h.v.safe_push (lhs);
    }

  basic_block bb = gimple_bb (call);
  auto_bitmap visited;
  bitmap_set_bit (visited, bb->index);
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  gsi_next (&gsi);

  for (;;)
    {
      for (; !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  gimple *s = gsi_stmt (gsi);
	  switch (gimple_code (s))
	    {
	    case GIMPLE_LABEL:
	    case GIMPLE_DEBUG:
	    case GIMPLE_NOP:
	    case GIMPLE_PREDICT:
	      continue;
	    case GIMPLE_ASSIGN:
	      if (gimple_clobber_p (s))
		continue;
	      if (!copies_result (h, s))
		return false;
	      h.v.safe_push (gimple_assign_lhs (s));
	      continue;
	    case GIMPLE_RETURN:
	      {
		tree rv = gimple_return_retval (as_a <greturn *> (s));
		return rv == NULL_TREE || holds (h, rv);
	      }
	    default:
	      return false;
	    }
	}

      /* Straight on into the next block, if there is exactly one way.
	 Abnormal edges (calls in a function that calls setjmp or has a
	 non-local label) are not a way on: LLVM has no such edges. */
      edge e = NULL;
      edge out;
      edge_iterator ei;
      FOR_EACH_EDGE (out, ei, bb->succs)
	{
	  if (out->flags & EDGE_EH)
	    {
	      if (!harmless_eh_edge (out))
		return false;
	      continue;
	    }
	  if (out->flags & (EDGE_ABNORMAL | EDGE_FAKE))
	    continue;
	  if (e)
	    return false;
	  e = out;
	}
      if (!e)
	return false;
      bb = e->dest;
      if (bb == EXIT_BLOCK_PTR_FOR_FN (cfun)
	  || !bitmap_set_bit (visited, bb->index))
	return false;
      for (gphi_iterator pi = gsi_start_phis (bb); !gsi_end_p (pi);
	   gsi_next (&pi))
	{
	  gphi *phi = pi.phi ();
	  tree res = gimple_phi_result (phi);
	  if (!virtual_operand_p (res)
	      && holds (h, PHI_ARG_DEF_FROM_EDGE (phi, e)))
	    h.v.safe_push (res);
	}
      gsi = gsi_start_bb (bb);
    }
}
