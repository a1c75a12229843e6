/*
 * runtime_decls.cc - the layouts and symbols of the runtime ABI
 * (runtime/ccprof_abi.def, which ccprof_abi.h expands too), built as
 * GCC trees by expanding the same definition: the records get their
 * fields from it, the symbols their names (the LP64 sizes are checked),
 * context mode's memo record and slow path their layout and signature.
 *
 * Every tree here is created lazily, once per translation unit, and is
 * a GC root: GCC collects garbage between passes, and these outlive the
 * pass that made them.
 */
#include "gcc_compat.h"
#include "runtime_decls.h"

/* The second parameter of each registration function. */
enum abi_extra { EXTRA_NONE, EXTRA_U64_PTR };
#define CCPROF_ABI_FUNCTION(Id, Name, Extra) \
  static const enum abi_extra extra_##Id = EXTRA_##Extra;
#include "../runtime/ccprof_abi.def"

static tree counters_type;
static tree calls_field;
static tree cc_desc_type;
static tree module_type;
static tree ctx_memo_type;
static tree ctx_memo_from;
static tree ctx_memo_to;
static tree ctx_enter_decl;
static tree ctx_kid_decl;
static tree ctx_nomemo_decl;
static tree current_decl;
static tree register_decl;
static tree unregister_decl;
static tree register_thread_decl;

/* Prepends a field NAME of TYPE to *FIELDS.  finish_builtin_struct
   reverses the chain, so fields are added in declaration order. */
static tree
add_field (tree *fields, const char *name, tree type)
{
  tree f = build_decl (BUILTINS_LOCATION, FIELD_DECL,
		       get_identifier (name), type);
  DECL_CHAIN (f) = *fields;
  *fields = f;
  return f;
}

static tree
const_char_ptr_type (void)
{
  return build_pointer_type (build_qualified_type (char_type_node,
						   TYPE_QUAL_CONST));
}

/* The field types of ccprof_abi.def. */
enum abi_type_code
{
  ABI_U32, ABI_U64, ABI_STRING, ABI_COUNTERS_PTR, ABI_CC_DESC_PTR,
  ABI_COUNTERS_LIST
};

static tree
abi_type (enum abi_type_code code, unsigned count)
{
  tree t = NULL_TREE;
  switch (code)
    {
    case ABI_U32:
      t = uint32_type_node;
      break;
    case ABI_U64:
      t = uint64_type_node;
      break;
    case ABI_STRING:
      t = const_char_ptr_type ();
      break;
    case ABI_COUNTERS_PTR:
      t = build_pointer_type (ccprof_counters_type ());
      break;
    case ABI_CC_DESC_PTR:
      t = build_pointer_type (build_qualified_type (ccprof_cc_desc_type (),
						    TYPE_QUAL_CONST));
      break;
    case ABI_COUNTERS_LIST:
      t = build_pointer_type (build_qualified_type (
	build_pointer_type (ccprof_counters_type ()), TYPE_QUAL_CONST));
      break;
    }
  return count == 1 ? t : build_array_type_nelts (t, count);
}

static void
check_size (tree type, unsigned bytes_lp64)
{
  /* The layouts are fixed by ccprof_abi.h; on LP64 they have these
     sizes.  Other data models get the same C layout from GCC itself. */
  if (POINTER_SIZE == 64)
    gcc_assert (tree_to_uhwi (TYPE_SIZE_UNIT (type)) == bytes_lp64);
}

tree
ccprof_counters_type (void)
{
  if (counters_type)
    return counters_type;
  tree fields = NULL_TREE;
#define CCPROF_COUNTERS_FIELD(Type, Name, Count) \
  {									\
    tree f = add_field (&fields, #Name, abi_type (ABI_##Type, Count));	\
    if (strcmp (#Name, "calls") == 0)					\
      calls_field = f;							\
  }
#include "../runtime/ccprof_abi.def"
  counters_type = make_node (RECORD_TYPE);
  finish_builtin_struct (counters_type, "ccprof_counters", fields,
			 NULL_TREE);
  check_size (counters_type, 32);
  return counters_type;
}

tree
ccprof_calls_field (void)
{
  ccprof_counters_type ();
  return calls_field;
}

tree
ccprof_cc_desc_type (void)
{
  if (cc_desc_type)
    return cc_desc_type;
  tree fields = NULL_TREE;
#define CCPROF_CC_DESC_FIELD(Type, Name) \
  add_field (&fields, #Name, abi_type (ABI_##Type, 1));
#include "../runtime/ccprof_abi.def"
  cc_desc_type = make_node (RECORD_TYPE);
  finish_builtin_struct (cc_desc_type, "ccprof_cc_desc", fields, NULL_TREE);
  check_size (cc_desc_type, 40);
  return cc_desc_type;
}

tree
ccprof_module_type (void)
{
  if (module_type)
    return module_type;
  tree fields = NULL_TREE;
#define CCPROF_MODULE_FIELD(Type, Name) \
  add_field (&fields, #Name, abi_type (ABI_##Type, 1));
#include "../runtime/ccprof_abi.def"
  module_type = make_node (RECORD_TYPE);
  finish_builtin_struct (module_type, "ccprof_module", fields, NULL_TREE);
  check_size (module_type, 40);
  return module_type;
}

tree
ccprof_ctx_memo_type (void)
{
  if (ctx_memo_type)
    return ctx_memo_type;
  tree fields = NULL_TREE;
#define CCPROF_CTX_MEMO_FIELD(Type, Name) \
  {									\
    tree f = add_field (&fields, #Name, abi_type (ABI_##Type, 1));	\
    if (strcmp (#Name, "from") == 0)					\
      ctx_memo_from = f;						\
    else if (strcmp (#Name, "to") == 0)					\
      ctx_memo_to = f;							\
  }
#include "../runtime/ccprof_abi.def"
  gcc_assert (ctx_memo_from && ctx_memo_to);
  ctx_memo_type = make_node (RECORD_TYPE);
  finish_builtin_struct (ctx_memo_type, "ccprof_ctx_memo", fields,
			 NULL_TREE);
  check_size (ctx_memo_type, 16);
  return ctx_memo_type;
}

tree
ccprof_ctx_memo_from_field (void)
{
  ccprof_ctx_memo_type ();
  return ctx_memo_from;
}

tree
ccprof_ctx_memo_to_field (void)
{
  ccprof_ctx_memo_type ();
  return ctx_memo_to;
}

/* A slow path NAME (node, cc, table[, uint64_t k]). */
static tree
ctx_slow_path_decl (const char *name, bool kid)
{
  tree counters_ptr = build_pointer_type (ccprof_counters_type ());
  tree desc_ptr = build_pointer_type (
    build_qualified_type (ccprof_cc_desc_type (), TYPE_QUAL_CONST));
  tree type = build_function_type_list (
    counters_ptr, counters_ptr, desc_ptr,
    build_pointer_type (build_pointer_type (ccprof_ctx_memo_type ())),
    kid ? uint64_type_node : NULL_TREE, NULL_TREE);
  tree decl = build_fn_decl (name, type);
  SET_DECL_ASSEMBLER_NAME (decl, DECL_NAME (decl));
  TREE_NOTHROW (decl) = 1;
  /* leaf: it runs no code of this unit; cold: the slow path. */
  DECL_ATTRIBUTES (decl)
    = tree_cons (get_identifier ("leaf"), NULL_TREE,
		 tree_cons (get_identifier ("cold"), NULL_TREE, NULL_TREE));
  return decl;
}

tree
ccprof_ctx_enter_decl (void)
{
  if (!ctx_enter_decl)
    ctx_enter_decl = ctx_slow_path_decl (ccprof_sym_CTX_ENTER, false);
  return ctx_enter_decl;
}

tree
ccprof_ctx_kid_decl (void)
{
  if (!ctx_kid_decl)
    ctx_kid_decl = ctx_slow_path_decl (ccprof_sym_CTX_KID, true);
  return ctx_kid_decl;
}

/* libccprof's memo table of no transition, external and read-only; its
   type is the C declaration's (ccprof_abi.h). */
tree
ccprof_ctx_nomemo_decl (void)
{
  if (ctx_nomemo_decl)
    return ctx_nomemo_decl;
  tree type = build_array_type_nelts (
    build_qualified_type (ccprof_ctx_memo_type (), TYPE_QUAL_CONST), 2);
  tree decl = build_decl (BUILTINS_LOCATION, VAR_DECL,
			  get_identifier (ccprof_sym_CTX_NOMEMO), type);
  TREE_PUBLIC (decl) = 1;
  DECL_EXTERNAL (decl) = 1;
  TREE_READONLY (decl) = 1;
  TREE_ADDRESSABLE (decl) = 1;
  TREE_USED (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 1;
  SET_DECL_ASSEMBLER_NAME (decl, DECL_NAME (decl));
  ctx_nomemo_decl = decl;
  return decl;
}

/* In an executable (not flag_shlib: -fPIC/-fpic without -fPIE), `current`
   is defined here, weak and zero (every unit has the same definition; the
   link keeps one, and libccprof.a's strong one wins over them), and
   reached local-exec: a store is one instruction with no register holding
   the offset loaded from the GOT.  libccprof.so reaches its own `current`
   through a TPOFF64 relocation against the symbol, which the dynamic
   linker binds to the executable's definition.  A shared object declares
   it and goes through the GOT (initial-exec). */
tree
ccprof_current_decl (void)
{
  if (current_decl)
    return current_decl;
  tree type = build_pointer_type (ccprof_counters_type ());
  type = build_qualified_type (type, TYPE_QUAL_VOLATILE);
  /* Named as the runtime's C code names it (dumps show that name); the
     symbol is ccprof_sym_CURRENT, __ccprof_current.tls (ccprof_abi.def). */
  tree decl = build_decl (BUILTINS_LOCATION, VAR_DECL,
			  get_identifier ("__ccprof_current"), type);
  TREE_PUBLIC (decl) = 1;
  DECL_EXTERNAL (decl) = flag_shlib;
  TREE_STATIC (decl) = !flag_shlib;
  DECL_WEAK (decl) = !flag_shlib;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 1;
  TREE_USED (decl) = 1;
  TREE_THIS_VOLATILE (decl) = 1;
  TREE_SIDE_EFFECTS (decl) = 1;
  /* Set the symbol name ourselves: the C++ front end would mangle it. */
  SET_DECL_ASSEMBLER_NAME (decl, get_identifier (ccprof_sym_CURRENT));
  set_decl_tls_model (decl, flag_shlib ? TLS_MODEL_INITIAL_EXEC
				       : TLS_MODEL_LOCAL_EXEC);
  if (!flag_shlib)
    varpool_node::finalize_decl (decl);
  current_decl = decl;
  return decl;
}

/* void NAME (const struct ccprof_module *[, EXTRA]). */
static tree
build_runtime_fn (const char *name, enum abi_extra code)
{
  tree extra = (code == EXTRA_U64_PTR ? build_pointer_type (uint64_type_node)
		: NULL_TREE);
  tree arg = build_pointer_type (build_qualified_type (ccprof_module_type (),
						       TYPE_QUAL_CONST));
  tree type = build_function_type_list (void_type_node, arg, extra,
					NULL_TREE);
  tree decl = build_fn_decl (name, type);	/* public, external */
  SET_DECL_ASSEMBLER_NAME (decl, DECL_NAME (decl));
  return decl;
}

tree
ccprof_register_decl (void)
{
  if (!register_decl)
    register_decl = build_runtime_fn (ccprof_sym_REGISTER, extra_REGISTER);
  return register_decl;
}

tree
ccprof_unregister_decl (void)
{
  if (!unregister_decl)
    unregister_decl = build_runtime_fn (ccprof_sym_UNREGISTER, extra_UNREGISTER);
  return unregister_decl;
}

tree
ccprof_register_thread_decl (void)
{
  if (!register_thread_decl)
    register_thread_decl = build_runtime_fn (ccprof_sym_REGISTER_THREAD,
					     extra_REGISTER_THREAD);
  return register_thread_decl;
}

#define TREE_ROOT(v) \
  { &(v), 1, sizeof (v), &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node }

const struct ggc_root_tab ccprof_runtime_ggc_roots[] = {
  TREE_ROOT (counters_type),
  TREE_ROOT (calls_field),
  TREE_ROOT (cc_desc_type),
  TREE_ROOT (module_type),
  TREE_ROOT (ctx_memo_type),
  TREE_ROOT (ctx_memo_from),
  TREE_ROOT (ctx_memo_to),
  TREE_ROOT (ctx_enter_decl),
  TREE_ROOT (ctx_kid_decl),
  TREE_ROOT (ctx_nomemo_decl),
  TREE_ROOT (current_decl),
  TREE_ROOT (register_decl),
  TREE_ROOT (unregister_decl),
  TREE_ROOT (register_thread_decl),
  LAST_GGC_ROOT_TAB
};
