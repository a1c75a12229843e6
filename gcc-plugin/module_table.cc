/*
 * module_table.cc - the IPA pass "ccprof_table": once every function of
 * the unit is instrumented, write what the runtime needs to find the
 * counters (runtime/ccprof_abi.h):
 *
 *   static const struct ccprof_cc_desc __ccprof_ccs[N] = {
 *     { &__ccprof_cnt.main, "main", "prog.c", 40, 0 }, ...
 *   };
 *   static const struct ccprof_module __ccprof_module = {
 *     1, N, __ccprof_ccs, "GCC 12.2.0", "counters=thread", "prog.c"
 *   };
 *   static __thread uint64_t __ccprof_tcalls[N];      (counters=thread)
 *   static __thread struct ccprof_ctx_memo *__ccprof_tctx[N]
 *     = { &__ccprof_ctx_nomemo[0], ... };              (mode=context)
 *   static void _sub_I_65535_0 (void)
 *     { __ccprof_register_thread (&__ccprof_module, &__ccprof_tcalls[0]); }
 *       (counters=plain|atomic, mode=context:
 *        __ccprof_register (&__ccprof_module))
 *   static void _sub_D_00101_1 (void)       (priority 101: the last)
 *     { __ccprof_unregister (&__ccprof_module); }
 *
 * like GCC's own coverage.cc (build_init_ctor -> __gcov_init).  It runs as
 * a pass, after the early local passes, rather than at PLUGIN_FINISH_UNIT,
 * which is too late to add variables and functions.  The cost centres were
 * numbered, in source order, before the first function was instrumented
 * (cost_centres.cc says why); here __ccprof_tcalls gets its size N.  The constructors
 * have the default priority, like the LLVM pass's; the runtime copes with
 * counters that count before registration or after unregistration.
 *
 * A unit with no profiled function emits nothing.
 */
#include "gcc_compat.h"
#include "module_table.h"
#include "cost_centres.h"
#include "context_mode.h"
#include "options.h"
#include "runtime_decls.h"
#include "../plugin-common/selection.h"

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

/* The fields of cost centre I's struct ccprof_cc_desc, one function
   per field of runtime/ccprof_abi.def (a field without one is a compile
   error in cc_desc). */
static tree
desc_counters (unsigned i)
{
  return build_fold_addr_expr (ccprof_cost_centre_counters (i));
}

static tree
desc_symbol (unsigned i)
{
  return string_ptr (ccprof_cost_centre_symbol (i));
}

static tree
desc_file (unsigned i)
{
  return string_ptr (ccprof_cost_centre_file (i));
}

static tree
desc_line (unsigned i)
{
  return uint32 (ccprof_cost_centre_line (i));
}

static tree
desc_flags (unsigned i)
{
  return uint32 ((ccprof_cost_centre_shared (ccprof_cost_centre_counters (i))
		  ? ccprof_CC_SHARED : 0)
		 | ccprof_kind_flags (ccprof_cost_centre_kind (i))
		 | (ccprof_cost_centre_kids (i) << ccprof_CC_KIDS_SHIFT));
}

static tree static_const_var (const char *name, tree type, tree init);

/* The records of the tiny leaves cost centre I's nodes count, in a
   file-local NULL-terminated array, or NULL. */
static tree
desc_kid_counts (unsigned i)
{
  tree ptr = build_pointer_type (ccprof_counters_type ());
  const vec<unsigned> *counted = ccprof_cost_centre_counted (i);
  if (!counted || counted->is_empty ())
    return build_int_cst (ptr, 0);
  vec<constructor_elt, va_gc> *v = NULL;
  for (unsigned j = 0; j < counted->length (); j++)
    CONSTRUCTOR_APPEND_ELT (v, NULL_TREE,
			    build_fold_addr_expr (
			      ccprof_cost_centre_counters ((*counted)[j])));
  CONSTRUCTOR_APPEND_ELT (v, NULL_TREE, build_int_cst (ptr, 0));
  tree type = build_array_type_nelts (ptr, counted->length () + 1);
  char name[64];
  snprintf (name, sizeof name, "__ccprof_kid_counts.%u", i);
  return build_fold_addr_expr (
    static_const_var (name, type, build_constructor (type, v)));
}

static tree
cc_desc (unsigned i)
{
  tree type = ccprof_cc_desc_type ();
  vec<constructor_elt, va_gc> *v = NULL;
#define CCPROF_CC_DESC_FIELD(Type, Name) \
  append (&v, type, #Name, desc_##Name (i));
#include "../runtime/ccprof_abi.def"
  return build_constructor (type, v);
}

/* A file-local read-only variable NAME of TYPE, not yet initialised. */
static tree
file_local_readonly_var (const char *name, tree type)
{
  tree var = build_decl (BUILTINS_LOCATION, VAR_DECL, get_identifier (name),
			 type);
  TREE_STATIC (var) = 1;
  TREE_READONLY (var) = 1;
  TREE_ADDRESSABLE (var) = 1;
  TREE_USED (var) = 1;
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  SET_DECL_ASSEMBLER_NAME (var, DECL_NAME (var));
  return var;
}

/* A file-local read-only variable NAME of TYPE initialised to INIT. */
static tree
static_const_var (const char *name, tree type, tree init)
{
  tree var = file_local_readonly_var (name,
				      build_qualified_type (type,
							    TYPE_QUAL_CONST));
  DECL_INITIAL (var) = init;
  varpool_node::finalize_decl (var);
  return var;
}

static tree cc_table;

/* __ccprof_ccs, file-local and read-only; its type has no bound until
   the table is built (context mode's entries pass &__ccprof_ccs[i]
   before that, as they are instrumented). */
tree
ccprof_cc_table (void)
{
  if (cc_table)
    return cc_table;
  tree type = build_array_type (build_qualified_type (ccprof_cc_desc_type (),
						      TYPE_QUAL_CONST),
				NULL_TREE);
  cc_table = file_local_readonly_var (ccprof_sym_CC_TABLE, type);
  return cc_table;
}

/* cc[] in index order, which is source order
   (ccprof_number_cost_centres). */
static tree
build_cc_table (void)
{
  unsigned n = ccprof_cost_centre_count ();
  vec<constructor_elt, va_gc> *v = NULL;
  for (unsigned i = 0; i < n; i++)
    CONSTRUCTOR_APPEND_ELT (v, NULL_TREE, cc_desc (i));
  tree var = ccprof_cc_table ();
  TREE_TYPE (var) = build_array_type_nelts (
    build_qualified_type (ccprof_cc_desc_type (), TYPE_QUAL_CONST), n);
  DECL_INITIAL (var) = build_constructor (TREE_TYPE (var), v);
  relayout_decl (var);
  varpool_node::finalize_decl (var);
  return var;
}

/* The fields of the unit's struct ccprof_module, one function per field
   of runtime/ccprof_abi.def; TABLE is its cc[]. */
static tree
module_abi_version (tree)
{
  return uint32 (ccprof_ABI_VERSION);
}

static tree
module_n_cc (tree)
{
  return uint32 (ccprof_cost_centre_count ());
}

static tree
module_cc (tree table)
{
  return build_fold_addr_expr (table);
}

static tree
module_compiler (tree)
{
  return string_ptr (compiler);
}

static tree
module_options (tree)
{
  return string_ptr (ccprof_options_string ());
}

static tree
module_source (tree)
{
  return string_ptr (main_input_filename ? main_input_filename : "");
}

static tree
build_module (tree table)
{
  tree type = ccprof_module_type ();
  vec<constructor_elt, va_gc> *v = NULL;
#define CCPROF_MODULE_FIELD(Type, Name) \
  append (&v, type, #Name, module_##Name (table));
#include "../runtime/ccprof_abi.def"
  return static_const_var (ccprof_sym_MODULE, type,
			   build_constructor (type, v));
}

/* The constructor: __ccprof_register (&__ccprof_module), or, with
   counters=thread, __ccprof_register_thread (&__ccprof_module,
   &__ccprof_tcalls[0]), the array's address in the thread that runs
   it, from which the runtime learns its offset. */
static void
build_ctor (tree module)
{
  tree module_addr = build_fold_addr_expr (module);
  tree body;
  if (ccprof_counters_mode () == CCPROF_COUNTERS_THREAD
      && !ccprof_context_mode ())
    {
      tree tcalls = ccprof_thread_calls ();
      tree first = build4 (ARRAY_REF, uint64_type_node, tcalls,
			   size_zero_node, NULL_TREE, NULL_TREE);
      body = build_call_expr (ccprof_register_thread_decl (), 2, module_addr,
			      build_fold_addr_expr (first));
    }
  else
    body = build_call_expr (ccprof_register_decl (), 1, module_addr);
  cgraph_build_static_cdtor ('I', body, DEFAULT_INIT_PRIORITY);
}

/* The destructor: __ccprof_unregister (&__ccprof_module), which takes
   the module's counts.  Priority 101, the last destructor to run: in a
   shared library, the C++ static destructors run from its
   __do_global_dtors_aux (__cxa_finalize), after every destructor of
   default priority and before the prioritized ones, so that with the
   default the calls they make came after the counts were taken and were
   lost (flat mode; libgmock's ~MockObjectRegistry in fmtlib's tests). */
#define CCPROF_DTOR_PRIORITY 101
static void
build_dtor (tree module)
{
  tree body = build_call_expr (ccprof_unregister_decl (), 1,
			       build_fold_addr_expr (module));
  cgraph_build_static_cdtor ('D', body, CCPROF_DTOR_PRIORITY);
}

/* A pattern that matched no function of the unit: once, a note (not a
   warning: a pattern given to a whole project matches nothing in most
   of its units, and -Werror must not make that an error).  */
static void
note_unmatched (const char *key, const char *pattern, const char *what,
		void *)
{
  inform (UNKNOWN_LOCATION, "ccprof: %s=%s %s %s", key, pattern, what,
	  main_input_filename ? main_input_filename : "");
}

static unsigned int
emit_module_table (void)
{
  emitted = true;
  ccprof_unmatched_patterns (note_unmatched, NULL);
  if (ccprof_cost_centre_count () == 0 || seen_error ())
    return 0;
  /* Every cost centre is known now: the array can have its size. */
  if (ccprof_counters_mode () == CCPROF_COUNTERS_THREAD
      && !ccprof_context_mode ())
    ccprof_finish_thread_calls ();
  ccprof_finish_current_slots ();
  if (ccprof_context_mode ())
    ccprof_finish_context_tables ();
  tree module = build_module (build_cc_table ());
  build_ctor (module);
  build_dtor (module);
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

const struct ggc_root_tab ccprof_module_table_ggc_roots[] = {
  { &cc_table, 1, sizeof (cc_table), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

simple_ipa_opt_pass *
ccprof_make_module_table_pass (gcc::context *ctxt)
{
  return new module_table_pass (ctxt);
}
