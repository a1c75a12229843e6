/*
 * module_table.cc - the IPA pass "ccprof_table": once every function of
 * the unit is instrumented, write what the runtime needs to find the
 * counters (runtime/ccprof_abi.h):
 *
 *   static const struct ccprof_cc_desc __ccprof_ccs[N] = {
 *     { &__ccprof_cnt.main, "main", "prog.c", 40, 0 }, ...
 *   };
 *   static const struct ccprof_module __ccprof_module = {
 *     1, N, __ccprof_ccs, "GCC 12.2.0", "counters=plain", "prog.c"
 *   };
 *   static void _sub_I_65535_0 (void)
 *     { __ccprof_register (&__ccprof_module); }
 *   static void _sub_D_65535_1 (void)
 *     { __ccprof_unregister (&__ccprof_module); }
 *
 * like GCC's own coverage.cc (build_init_ctor -> __gcov_init).  It runs as
 * a pass, after the early local passes, rather than at PLUGIN_FINISH_UNIT,
 * which is too late to add variables and functions.  The constructors
 * have the default priority, like the LLVM pass's; the runtime copes with
 * counters that count before registration or after unregistration.
 *
 * A unit with no profiled function emits nothing.
 */
#include "gcc_compat.h"
#include "module_table.h"
#include "cost_centres.h"
#include "options.h"
#include "runtime_decls.h"

#define CCPROF_ABI_VERSION 1
#define CCPROF_CC_SHARED 1u

static bool emitted;
static char *compiler;

void
ccprof_set_compiler_version (const char *basever)
{
  compiler = concat ("GCC ", basever, NULL);
}

bool
ccprof_module_table_emitted (void)
{
  return emitted;
}

/* Field NAME of record TYPE. */
static tree
field (tree type, const char *name)
{
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), name) == 0)
      return f;
  gcc_unreachable ();
}

static void
append (vec<constructor_elt, va_gc> **v, tree type, const char *name,
	tree value)
{
  tree f = field (type, name);
  CONSTRUCTOR_APPEND_ELT (*v, f, fold_convert (TREE_TYPE (f), value));
}

/* A "char *" pointing at a fresh string constant holding S. */
static tree
string_ptr (const char *s)
{
  return build_string_literal (strlen (s) + 1, s);
}

static tree
uint32 (unsigned HOST_WIDE_INT n)
{
  return build_int_cst (uint32_type_node, n);
}

static const char *
source_file (tree fndecl)
{
  const char *file = DECL_SOURCE_FILE (fndecl);
  return file ? file : "";
}

/* Lines of the cost centres, for the sort. */
static unsigned *cc_lines;

/* Source order (file, line, symbol): deterministic tables. */
static int
compare_cost_centres (const void *a, const void *b)
{
  unsigned ia = *(const unsigned *) a, ib = *(const unsigned *) b;
  tree fa = ccprof_cost_centre_function (ia);
  tree fb = ccprof_cost_centre_function (ib);
  int c = strcmp (source_file (fa), source_file (fb));
  if (c == 0 && cc_lines[ia] != cc_lines[ib])
    c = cc_lines[ia] < cc_lines[ib] ? -1 : 1;
  if (c == 0)
    c = strcmp (ccprof_symbol (fa), ccprof_symbol (fb));
  return c;
}

static tree
cc_desc (unsigned i)
{
  tree type = ccprof_cc_desc_type ();
  tree fndecl = ccprof_cost_centre_function (i);
  tree counters = ccprof_cost_centre_counters (i);
  vec<constructor_elt, va_gc> *v = NULL;
  append (&v, type, "counters", build_fold_addr_expr (counters));
  append (&v, type, "symbol", string_ptr (ccprof_symbol (fndecl)));
  append (&v, type, "file", string_ptr (source_file (fndecl)));
  append (&v, type, "line", uint32 (cc_lines[i]));
  append (&v, type, "flags",
	  uint32 (ccprof_cost_centre_shared (counters) ? CCPROF_CC_SHARED
							: 0));
  return build_constructor (type, v);
}

/* A file-local read-only variable NAME of TYPE initialised to INIT. */
static tree
static_const_var (const char *name, tree type, tree init)
{
  tree var = build_decl (BUILTINS_LOCATION, VAR_DECL, get_identifier (name),
			 build_qualified_type (type, TYPE_QUAL_CONST));
  TREE_STATIC (var) = 1;
  TREE_READONLY (var) = 1;
  TREE_ADDRESSABLE (var) = 1;
  TREE_USED (var) = 1;
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  SET_DECL_ASSEMBLER_NAME (var, DECL_NAME (var));
  DECL_INITIAL (var) = init;
  varpool_node::finalize_decl (var);
  return var;
}

static tree
build_cc_table (void)
{
  unsigned n = ccprof_cost_centre_count ();
  unsigned *order = XNEWVEC (unsigned, n);
  cc_lines = XNEWVEC (unsigned, n);
  for (unsigned i = 0; i < n; i++)
    {
      order[i] = i;
      cc_lines[i] = ccprof_source_line (ccprof_cost_centre_function (i));
    }
  qsort (order, n, sizeof *order, compare_cost_centres);

  vec<constructor_elt, va_gc> *v = NULL;
  for (unsigned i = 0; i < n; i++)
    CONSTRUCTOR_APPEND_ELT (v, NULL_TREE, cc_desc (order[i]));
  free (order);
  free (cc_lines);
  cc_lines = NULL;
  tree type = build_array_type_nelts (ccprof_cc_desc_type (), n);
  return static_const_var ("__ccprof_ccs", type, build_constructor (type, v));
}

static tree
build_module (tree table)
{
  tree type = ccprof_module_type ();
  vec<constructor_elt, va_gc> *v = NULL;
  append (&v, type, "abi_version", uint32 (CCPROF_ABI_VERSION));
  append (&v, type, "n_cc", uint32 (ccprof_cost_centre_count ()));
  append (&v, type, "cc", build_fold_addr_expr (table));
  append (&v, type, "compiler", string_ptr (compiler));
  append (&v, type, "options", string_ptr (ccprof_options_string ()));
  append (&v, type, "source", string_ptr (main_input_filename
						 ? main_input_filename : ""));
  return static_const_var ("__ccprof_module", type,
			   build_constructor (type, v));
}

static void
build_cdtor (char which, tree fn, tree module)
{
  tree body = build_call_expr (fn, 1, build_fold_addr_expr (module));
  cgraph_build_static_cdtor (which, body, DEFAULT_INIT_PRIORITY);
}

static unsigned int
emit_module_table (void)
{
  emitted = true;
  if (ccprof_cost_centre_count () == 0 || seen_error ())
    return 0;
  tree module = build_module (build_cc_table ());
  build_cdtor ('I', ccprof_register_decl (), module);
  build_cdtor ('D', ccprof_unregister_decl (), module);
  return 0;
}

static const pass_data module_table_pass_data = {
  SIMPLE_IPA_PASS,	/* type */
  "ccprof_table",	/* name */
  OPTGROUP_NONE,	/* optinfo_flags */
  TV_NONE,		/* tv_id */
  0,			/* properties_required */
  0,			/* properties_provided */
  0,			/* properties_destroyed */
  0,			/* todo_flags_start */
  0,			/* todo_flags_finish */
};

class module_table_pass : public simple_ipa_opt_pass
{
public:
  module_table_pass (gcc::context *ctxt)
    : simple_ipa_opt_pass (module_table_pass_data, ctxt)
  {
  }

  unsigned int execute (function *) final override
  {
    return emit_module_table ();
  }
};

simple_ipa_opt_pass *
ccprof_make_module_table_pass (gcc::context *ctxt)
{
  return new module_table_pass (ctxt);
}
