/*
 * annotations.cc - reading runtime/ccprof.h's annotations in GIMPLE (what
 * they look like: annotations.h).
 *
 * A CCPROF_SCC scope is the set of blocks the scope's first block
 * dominates: the marker's branch is the only way in, and the block after
 * the if statement is also reached from its empty `then` block, so no
 * block after the scope is dominated by it.  instrument.cc computes it
 * before the markers are removed.
 */
#include "gcc_compat.h"
#include "annotations.h"
#include "runtime_decls.h"

/* What is wrong with STR as a label, or NULL: a label is a narrow string
   literal, not empty, without a NUL byte inside (the cost centre's name
   ends at the first: "a\0b" was "a"). */
static const char *
label_problem (tree str)
{
  tree elt = TREE_TYPE (TREE_TYPE (str));
  if (!elt || TYPE_PRECISION (elt) != TYPE_PRECISION (char_type_node))
    return "is not a narrow string literal (its first byte was taken "
	   "for the label)";
  size_t len = strlen (TREE_STRING_POINTER (str));
  if (len == 0)
    return "is empty";
  if ((size_t) TREE_STRING_LENGTH (str) > len + 1)
    return "has a NUL byte inside";
  return NULL;
}

static tree
handle_ccprof_cc (tree *node, tree name, tree args, int, bool *no_add_attrs)
{
  const char *problem;
  if (TREE_CODE (*node) != FUNCTION_DECL)
    {
      warning (OPT_Wattributes, "%qE attribute applies to functions only",
	       name);
      *no_add_attrs = true;
    }
  else if (!args || TREE_CODE (TREE_VALUE (args)) != STRING_CST)
    {
      error ("%qE attribute needs a string literal label", name);
      *no_add_attrs = true;
    }
  else if ((problem = label_problem (TREE_VALUE (args))))
    {
      error ("ccprof: the CCPROF_CC label of %qD %s", *node, problem);
      *no_add_attrs = true;
    }
  return NULL_TREE;
}

static tree
handle_ccprof_unprofiled (tree *node, tree name, tree, int,
			  bool *no_add_attrs)
{
  if (TREE_CODE (*node) != FUNCTION_DECL)
    {
      warning (OPT_Wattributes, "%qE attribute applies to functions only",
	       name);
      *no_add_attrs = true;
    }
  return NULL_TREE;
}

/* name, min args, max args, decl, type, fn type, affects type identity,
   handler, exclusions */
static struct attribute_spec cc_attribute = {
  "ccprof_cc", 1, 1, true, false, false, false, handle_ccprof_cc, NULL
};
static struct attribute_spec unprofiled_attribute = {
  "ccprof_unprofiled", 0, 0, true, false, false, false,
  handle_ccprof_unprofiled, NULL
};

void
ccprof_register_attributes (void *, void *)
{
  register_attribute (&cc_attribute);
  register_attribute (&unprofiled_attribute);
}

/* The label of a ccprof_cc attribute ATTR, or NULL. */
static const char *
attribute_label (tree attr)
{
  if (!attr || !TREE_VALUE (attr))
    return NULL;
  tree label = TREE_VALUE (TREE_VALUE (attr));
  return TREE_CODE (label) == STRING_CST ? TREE_STRING_POINTER (label)
					  : NULL;
}

const char *
ccprof_cc_label (tree fndecl)
{
  return attribute_label (lookup_attribute ("ccprof_cc",
					    DECL_ATTRIBUTES (fndecl)));
}

void
ccprof_check_cc_labels (tree fndecl)
{
  tree first = lookup_attribute ("ccprof_cc", DECL_ATTRIBUTES (fndecl));
  const char *label = attribute_label (first);
  if (!label)
    return;
  for (tree a = lookup_attribute ("ccprof_cc", TREE_CHAIN (first)); a;
       a = lookup_attribute ("ccprof_cc", TREE_CHAIN (a)))
    if (attribute_label (a) && strcmp (attribute_label (a), label) != 0)
      {
	/* Clang keeps the definition's, GCC the declaration's: neither. */
	error_at (DECL_SOURCE_LOCATION (fndecl),
		  "ccprof: %qD has two CCPROF_CC labels, %qs and %qs",
		  fndecl, label, attribute_label (a));
	return;
      }
  if (ccprof_unprofiled_p (fndecl))
    error_at (DECL_SOURCE_LOCATION (fndecl),
	      "ccprof: %qD is both CCPROF_CC(%qs) and CCPROF_UNPROFILED",
	      fndecl, label);
}

bool
ccprof_unprofiled_p (tree fndecl)
{
  return lookup_attribute ("ccprof_unprofiled", DECL_ATTRIBUTES (fndecl));
}

bool
ccprof_scc_marker_p (const gcall *call)
{
  tree fn = gimple_call_fndecl (call);
  return fn && DECL_NAME (fn)
	 && strcmp (IDENTIFIER_POINTER (DECL_NAME (fn)),
		    ccprof_scc_marker) == 0;
}

/* The string constant ARG points to ("parse"[0]), or NULL. */
static tree
string_argument (tree arg)
{
  STRIP_NOPS (arg);
  if (TREE_CODE (arg) != ADDR_EXPR)
    return NULL;
  tree str = TREE_OPERAND (arg, 0);
  if (TREE_CODE (str) == ARRAY_REF)
    str = TREE_OPERAND (str, 0);
  return TREE_CODE (str) == STRING_CST ? str : NULL_TREE;
}

/* The statement that gives NAME the value BB's last statement sees: an
   SSA name's definition, or, before the function is in SSA form (the
   C++ front end's `retval.0`), the last assignment to the variable in BB
   or FIRST, the marker's block; NULL if there is none. */
static gassign *
definition (tree name, basic_block bb, basic_block first)
{
  if (TREE_CODE (name) == SSA_NAME)
    return dyn_cast <gassign *> (SSA_NAME_DEF_STMT (name));
  for (basic_block b = bb;; b = first)
    {
      for (gimple_stmt_iterator gsi = gsi_last_bb (b); !gsi_end_p (gsi);
	   gsi_prev (&gsi))
	{
	  gassign *def = dyn_cast <gassign *> (gsi_stmt (gsi));
	  if (def && gimple_assign_lhs (def) == name)
	    return def;
	}
      if (b == first)
	return NULL;
    }
}

/* Whether DEF copies a temporary: `_2 = _1`, or before the function is
   in SSA form also `_1 = D.2041` (the marker's result in a function that
   calls setjmp, where the call ends its block). */
static bool
copy_p (gassign *def)
{
  tree from = gimple_assign_rhs1 (def);
  return gimple_assign_single_p (def)
	 && (TREE_CODE (from) == SSA_NAME
	     || (TREE_CODE (from) == VAR_DECL && !gimple_in_ssa_p (cfun)));
}

/* The edge taken when MARKER's result is 0: its block ends in
   `if (result != 0)` (or == 0), possibly through copies or conversions of
   the result.  In a function that calls setjmp every call ends its block
   (it may jump to the abnormal dispatcher), and the test is in the next
   block. */
edge
ccprof_scc_entry (gcall *marker)
{
  tree value = gimple_call_lhs (marker);
  basic_block bb = gimple_bb (marker), first = bb;
  if (stmt_ends_bb_p (marker))
    {
      edge e, next = NULL;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (!(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
	  next = next ? NULL : e;
      if (!next || !single_pred_p (next->dest))
	return NULL;
      bb = next->dest;
    }
  gimple *last = last_stmt (bb);
  gcond *cond = last ? dyn_cast <gcond *> (last) : NULL;
  if (!value
      || (TREE_CODE (value) != SSA_NAME && TREE_CODE (value) != VAR_DECL)
      || !cond
      || !integer_zerop (gimple_cond_rhs (cond)))
    return NULL;
  tree tested = gimple_cond_lhs (cond);
  /* Whether the test is true when the marker gives 0. */
  bool true_on_zero = gimple_cond_code (cond) == EQ_EXPR;
  if (!true_on_zero && gimple_cond_code (cond) != NE_EXPR)
    return NULL;
  /* _2 = _1; _3 = (bool) _2; (C++) retval_4 = _3 != 0; if (... != 0) */
  while (tested != value
	 && (TREE_CODE (tested) == SSA_NAME || TREE_CODE (tested) == VAR_DECL))
    {
      gassign *def = definition (tested, bb, first);
      if (!def || (gimple_bb (def) != bb && gimple_bb (def) != first))
	return NULL;
      enum tree_code code = gimple_assign_rhs_code (def);
      if ((code == NE_EXPR || code == EQ_EXPR)
	  && integer_zerop (gimple_assign_rhs2 (def)))
	true_on_zero ^= code == EQ_EXPR;
      else if (!CONVERT_EXPR_CODE_P (code) && !copy_p (def))
	return NULL;
      tested = gimple_assign_rhs1 (def);
    }
  if (tested != value)
    return NULL;
  edge t, f;
  extract_true_false_edges_from_block (bb, &t, &f);
  return true_on_zero ? t : f;
}

void
ccprof_scc_markers (function *fun, vec<gcall *> *markers)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	if (call && ccprof_scc_marker_p (call))
	  markers->safe_push (call);
      }
}

void
ccprof_find_scc_scopes (function *fun, vec<ccprof_scc_scope> *scopes)
{
  auto_vec<gcall *> markers;
  ccprof_scc_markers (fun, &markers);
  for (gcall *call : markers)
    {
      tree str = gimple_call_num_args (call) == 1
	? string_argument (gimple_call_arg (call, 0)) : NULL_TREE;
      const char *label = str ? TREE_STRING_POINTER (str) : NULL;
      const char *problem = str ? label_problem (str) : NULL;
      edge entry = ccprof_scc_entry (call);
      /* Where CCPROF_SCC is written, not its definition in ccprof.h. */
      location_t where = linemap_resolve_location (line_table,
						   gimple_location (call),
						   LRK_MACRO_EXPANSION_POINT,
						   NULL);
      if (!label)
	error_at (where, "ccprof: CCPROF_SCC needs a string literal label");
      else if (problem)
	error_at (where,
		  "ccprof: the CCPROF_SCC label %qs %s", label, problem);
      else if (!entry)
	error_at (where,
		  "ccprof: %qs is not used as CCPROF_SCC uses it",
		  ccprof_scc_marker);
      else
	{
	  ccprof_scc_scope s = { call, label, entry, 0 };
	  scopes->safe_push (s);
	}
    }
}

void
ccprof_remove_scc_markers (vec<ccprof_scc_scope> *scopes)
{
  for (unsigned i = 0; i < scopes->length (); i++)
    {
      gcall *call = (*scopes)[i].marker;
      tree lhs = gimple_call_lhs (call);
      gimple_stmt_iterator gsi = gsi_for_stmt (call);
      gassign *zero = gimple_build_assign (lhs, build_zero_cst (
						  TREE_TYPE (lhs)));
      gsi_replace (&gsi, zero, true);
      /* No longer a call that might jump to the abnormal dispatcher. */
      gimple_purge_dead_abnormal_call_edges (gimple_bb (zero));
    }
}

char *
ccprof_label_counters_name (const char *label)
{
  static const char hex[] = "0123456789abcdef";
  size_t n = strlen (label), len = strlen (ccprof_scc_counters_prefix);
  char *name = XNEWVEC (char, len + 3 * n + 1), *p = name + len;
  memcpy (name, ccprof_scc_counters_prefix, len);
  for (const unsigned char *s = (const unsigned char *) label; *s; s++)
    if (ISALNUM (*s))
      *p++ = *s;
    else
      {
	*p++ = '_';
	*p++ = hex[*s >> 4];
	*p++ = hex[*s & 15];
      }
  *p = '\0';
  return name;
}
