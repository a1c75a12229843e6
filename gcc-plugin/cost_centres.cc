/*
 * cost_centres.cc - one `struct ccprof_counters` variable per instrumented
 * function, named after it:
 *
 *     static struct ccprof_counters __ccprof_cnt.main;          (C, static)
 *     __ccprof_cnt._Z3fooi  hidden weak, COMDAT group of its own (C++ inline)
 *
 * A COMDAT function (C++ inline function, template instance) may be
 * emitted by many units; its counters must be one object in the linked
 * program, so the variable is public, weak and hidden, and sits in a
 * COMDAT group named after the variable itself.  Not in the function's
 * group: a unit that inlined every call drops the function but still
 * needs the counters, and a group holding only them would make the
 * linker discard another unit's copy of the function itself.
 *
 * The names are unique per unit ('.' cannot occur in a C identifier) and,
 * for shared counters, identical across units and compilers.
 */
#include "gcc_compat.h"
#include "cost_centres.h"
#include "runtime_decls.h"

#define CCPROF_COUNTERS_PREFIX "__ccprof_cnt."

/* Parallel vectors; GC roots (see the end of the file). */
static vec<tree, va_gc> *cc_functions;
static vec<tree, va_gc> *cc_counters;

const char *
ccprof_symbol (tree fndecl)
{
  const char *name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  return name[0] == '*' ? name + 1 : name;
}

/* GCC locates an out-of-class C++ definition at the start of its
   qualified name, clang at the name itself; libstdc++ writes them as

       vector<_Tp, _Alloc>::          <- GCC's line
       emplace_back(_Args&&... __args)  <- clang's line

   So, for members and namespace functions, read the source from GCC's
   location over the qualifier (names, template arguments, "::") and take
   the line where the name after the last "::" starts.  The scan stops at
   the parameter list or after a few lines. */
unsigned
ccprof_source_line (tree fndecl)
{
  expanded_location at = expand_location (DECL_SOURCE_LOCATION (fndecl));
  tree ctx = DECL_CONTEXT (fndecl);
  if (!at.file || at.line <= 0 || at.column <= 0 || !ctx
      || !(TREE_CODE (ctx) == NAMESPACE_DECL || RECORD_OR_UNION_TYPE_P (ctx)))
    return at.line > 0 ? at.line : 0;

  int name_line = at.line;
  int depth = 0;
  bool after_colons = false;
  int col = at.column - 1;
  for (int line = at.line; line < at.line + 8; line++, col = 0)
    {
      char_span text = location_get_source_line (at.file, line);
      if (!text)
	break;
      for (size_t i = col; i < text.length (); i++)
	{
	  char c = text[i];
	  if (after_colons)
	    {
	      if (c == ' ' || c == '\t' || c == '\r')
		continue;
	      name_line = line;
	      after_colons = false;
	    }
	  if (c == '<')
	    depth++;
	  else if (c == '>')
	    depth--;
	  else if (depth == 0 && c == ':' && i + 1 < text.length ()
		   && text[i + 1] == ':')
	    {
	      after_colons = true;
	      i++;
	    }
	  else if (depth == 0 && (c == '(' || c == '{' || c == ';'))
	    return name_line;
	}
    }
  return name_line;
}

static bool
shared_function (tree fndecl)
{
  return DECL_ONE_ONLY (fndecl) && TREE_PUBLIC (fndecl);
}

tree
ccprof_new_cost_centre (tree fndecl)
{
  char *name = concat (CCPROF_COUNTERS_PREFIX, ccprof_symbol (fndecl), NULL);
  tree var = build_decl (DECL_SOURCE_LOCATION (fndecl), VAR_DECL,
			 get_identifier (name), ccprof_counters_type ());
  free (name);
  TREE_STATIC (var) = 1;
  TREE_ADDRESSABLE (var) = 1;
  TREE_USED (var) = 1;
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  /* Kept even if every use of the function is optimised away: the
     module table names it. */
  DECL_PRESERVE_P (var) = 1;
  SET_DECL_ASSEMBLER_NAME (var, DECL_NAME (var));
  if (shared_function (fndecl))
    {
      TREE_PUBLIC (var) = 1;
      DECL_VISIBILITY (var) = VISIBILITY_HIDDEN;
      DECL_VISIBILITY_SPECIFIED (var) = 1;
      make_decl_one_only (var, DECL_ASSEMBLER_NAME (var));
    }
  varpool_node::finalize_decl (var);

  vec_safe_push (cc_functions, fndecl);
  vec_safe_push (cc_counters, var);
  return var;
}

unsigned
ccprof_cost_centre_count (void)
{
  return vec_safe_length (cc_functions);
}

tree
ccprof_cost_centre_function (unsigned i)
{
  return (*cc_functions)[i];
}

tree
ccprof_cost_centre_counters (unsigned i)
{
  return (*cc_counters)[i];
}

bool
ccprof_cost_centre_shared (tree counters)
{
  return TREE_PUBLIC (counters);
}

#define VEC_ROOT(v) \
  { &(v), 1, sizeof (v), &gt_ggc_mx_vec_tree_va_gc_, \
    &gt_pch_nx_vec_tree_va_gc_ }

const struct ggc_root_tab ccprof_cost_centre_ggc_roots[] = {
  VEC_ROOT (cc_functions),
  VEC_ROOT (cc_counters),
  LAST_GGC_ROOT_TAB
};
