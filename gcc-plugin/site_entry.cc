/*
 * site_entry.cc - context mode's transitions at the call site across
 * units with GCC (docs/design.md, "Transitions at the call site").
 *
 * A direct call of a function G of another unit cannot reach G's body,
 * which is local to G's unit, and the caller's unit does not know
 * whether G's unit was built with ccprof at all.  So G's unit, when it
 * goes into an executable, gives G a hidden site entry, a copy of G's
 * forwarder (direct_calls.h) with two more parameters:
 *
 *     int g.ccprof.site.gcc.<digest> (int x, void *from, uint64_t k)
 *     { n := from's kid slot k (the slow path on first use); n->calls++;
 *       return g.ccprof.0 (x, n); }               a jump
 *
 * and a caller's unit calls that symbol with its node and a slot of its
 * own, and defines it too, weak and hidden, in top-level assembly as a
 * jump to G.  The link keeps G's unit's definition when there is one,
 * else the caller's, which calls G as a plain call would.  Hidden
 * symbols stay in the executable, where G cannot be interposed.  The
 * digest of G's prototype (types as the ABI sees them: sizes,
 * signedness, fields and their offsets, pointers alike) keeps a caller
 * whose declaration differs from the definition on its fallback.  The
 * LLVM pass's site entries (llvm-pass/site_entry.cpp) have the same
 * shape under another digest ("gcc." marks this one): the two compilers'
 * units do not meet through them, and fall back to G's entry.
 */
#include "gcc_compat.h"
#include "site_entry.h"
#include "context_mode.h"
#include "cost_centres.h"
#include "direct_calls.h"
#include "options.h"
#include "runtime_decls.h"
#include "tree-dfa.h"

/* symbol (xstrdup'd, never freed) -> declaration */
static hash_map<nofree_string_hash, tree> *sites;

/* Appends TEXT to S. */
static void
put (auto_vec<char> *s, const char *text)
{
  while (*text)
    s->safe_push (*text++);
}

static void
put_number (auto_vec<char> *s, unsigned HOST_WIDE_INT n)
{
  char buf[32];
  snprintf (buf, sizeof buf, HOST_WIDE_INT_PRINT_UNSIGNED, n);
  put (s, buf);
}

/* T as the calling convention sees it. */
static void
describe_type (tree t, auto_vec<char> *s, int depth)
{
  t = TYPE_MAIN_VARIANT (t);
  if (depth > 8)
    {
      put (s, "...");
      return;
    }
  switch (TREE_CODE (t))
    {
    case VOID_TYPE:
      put (s, "v");
      return;
    case POINTER_TYPE:
    case REFERENCE_TYPE:
    case NULLPTR_TYPE:
      put (s, "p");
      return;
    case INTEGER_TYPE:
    case ENUMERAL_TYPE:
    case BOOLEAN_TYPE:
      put (s, "i");
      put_number (s, TYPE_PRECISION (t));
      put (s, TYPE_UNSIGNED (t) ? "u" : "s");
      return;
    case REAL_TYPE:
      put (s, "f");
      put_number (s, TYPE_PRECISION (t));
      return;
    case COMPLEX_TYPE:
      put (s, "c");
      describe_type (TREE_TYPE (t), s, depth + 1);
      return;
    case VECTOR_TYPE:
    case ARRAY_TYPE:
      put (s, TREE_CODE (t) == VECTOR_TYPE ? "<" : "[");
      if (TYPE_SIZE_UNIT (t) && tree_fits_uhwi_p (TYPE_SIZE_UNIT (t)))
	put_number (s, tree_to_uhwi (TYPE_SIZE_UNIT (t)));
      describe_type (TREE_TYPE (t), s, depth + 1);
      put (s, TREE_CODE (t) == VECTOR_TYPE ? ">" : "]");
      return;
    case RECORD_TYPE:
    case UNION_TYPE:
    case QUAL_UNION_TYPE:
      put (s, TREE_CODE (t) == RECORD_TYPE ? "{" : "(");
      for (tree f = TYPE_FIELDS (t); f; f = DECL_CHAIN (f))
	{
	  if (TREE_CODE (f) != FIELD_DECL)
	    continue;
	  if (tree_fits_uhwi_p (bit_position (f)))
	    put_number (s, tree_to_uhwi (bit_position (f)));
	  put (s, ":");
	  describe_type (TREE_TYPE (f), s, depth + 1);
	  put (s, ",");
	}
      put (s, TREE_CODE (t) == RECORD_TYPE ? "}" : ")");
      if (TYPE_SIZE_UNIT (t) && tree_fits_uhwi_p (TYPE_SIZE_UNIT (t)))
	put_number (s, tree_to_uhwi (TYPE_SIZE_UNIT (t)));
      if (TREE_ADDRESSABLE (t))
	put (s, "A");		/* C++: passed by invisible reference */
      return;
    default:
      put (s, "?");
      return;
    }
}

/* FNDECL's site entry symbol: its assembler name, ".ccprof.site.gcc.",
   and the digest of the ABI version and its prototype. */
static char *
site_entry_name (tree fndecl)
{
  tree type = TREE_TYPE (fndecl);
  auto_vec<char> s;
  /* the ABI version first: a unit of another version (whose nodes the
     runtime may lay out differently) never calls it */
  char version[24];
  snprintf (version, sizeof version, "abi%u;", (unsigned) ccprof_ABI_VERSION);
  put (&s, version);
  describe_type (TREE_TYPE (type), &s, 0);
  for (tree a = TYPE_ARG_TYPES (type); a && a != void_list_node;
       a = TREE_CHAIN (a))
    {
      put (&s, ",");
      describe_type (TREE_VALUE (a), &s, 0);
    }
  unsigned HOST_WIDE_INT h = HOST_WIDE_INT_UC (0xcbf29ce484222325);
  for (unsigned i = 0; i < s.length (); i++)
    h = (h ^ (unsigned char) s[i]) * HOST_WIDE_INT_UC (0x100000001b3);
  char digest[17];
  snprintf (digest, sizeof digest, "%016llx", (unsigned long long) h);
  return concat (ccprof_symbol (fndecl), ".ccprof.site.gcc.", digest, NULL);
}

/* Whether the unit goes into an executable and is not compiled for LTO
   (top-level assembly and hidden symbols across LTO partitions are not
   worth the risk). */
static bool
executable_unit (void)
{
#if defined(__x86_64__)
  return ccprof_call_site_transitions () && (!flag_pic || flag_pie)
	 && !flag_lto && !in_lto_p && TARGET_64BIT
	 && TYPE_PRECISION (ptr_type_node) == 64
	 && ix86_asm_dialect == ASM_ATT;
#else
  return false;
#endif
}

bool
ccprof_can_have_site_entry (tree fndecl)
{
  return executable_unit () && TREE_PUBLIC (fndecl)
	 && !DECL_EXTERNAL (fndecl) && !DECL_WEAK (fndecl)
	 && !DECL_COMDAT (fndecl) && !DECL_ONE_ONLY (fndecl)
	 && prototype_p (TREE_TYPE (fndecl))
	 && strcmp (ccprof_symbol (fndecl), "main") != 0;
}

void
ccprof_make_site_entry (function *fun, unsigned cc)
{
  tree fndecl = fun->decl;
  char *name = site_entry_name (fndecl);
  cgraph_node *site = ccprof_copy_with_params (fndecl, ptr_type_node,
					       uint64_type_node, "ccprof_site");
  if (!site)
    {
      free (name);
      return;
    }
  tree decl = site->decl;
  TREE_PUBLIC (decl) = 1;
  DECL_EXTERNAL (decl) = 0;
  DECL_VISIBILITY (decl) = VISIBILITY_HIDDEN;
  DECL_VISIBILITY_SPECIFIED (decl) = 1;
  symtab->change_decl_assembler_name (decl, get_identifier (name));
  site->externally_visible = true;
  site->force_output = true;
  site->local = false;
  free (name);
  ccprof_note_site_entry (decl, fndecl);

  /* The copy's profile is G's scaled by its callers' counts, of which
     it has none here: G's counts, so that it is not laid out and
     optimised as never run. */
  site->count = cgraph_node::get (fndecl)->count;
  site->frequency = NODE_FREQUENCY_NORMAL;
  profile_count count
    = ENTRY_BLOCK_PTR_FOR_FN (DECL_STRUCT_FUNCTION (fndecl))->count;
  basic_block b;
  FOR_ALL_BB_FN (b, DECL_STRUCT_FUNCTION (decl))
    b->count = count;

  /* Its code: the forwarder's call, given the node in from's slot k. */
  push_cfun (DECL_STRUCT_FUNCTION (decl));
  tree from = NULL_TREE, k = NULL_TREE;
  for (tree p = DECL_ARGUMENTS (decl); p; p = DECL_CHAIN (p))
    {
      from = k;
      k = p;
    }
  gcall *forward = NULL;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi)))
	forward = call;
  gcc_assert (forward);
  basic_block head = split_edge (single_succ_edge (
				   ENTRY_BLOCK_PTR_FOR_FN (cfun)));
  basic_block join;
  tree n = ccprof_context_kid (head,
			       get_or_create_ssa_default_def (cfun, from),
			       get_or_create_ssa_default_def (cfun, k), cc,
			       DECL_SOURCE_LOCATION (fndecl), &join);
  gimple_call_set_arg (forward, gimple_call_num_args (forward) - 1, n);
  update_stmt (forward);
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  cgraph_edge::rebuild_edges ();
  pop_cfun ();
}

/* A name reserved to the implementation, whose functions no unit of the
   program defines: C's __x and _X, C++'s std:: and __gnu_cxx::. */
static bool
implementation_name (const char *name)
{
  static const char *const prefixes[] = {
    "_ZSt", "_ZNSt", "_ZNKSt", "_ZN9__gnu_cxx", "_ZNK9__gnu_cxx",
    "_ZdlPv", "_ZdaPv", "_Znwm", "_Znam", "ccprof_",
  };
  for (unsigned i = 0; i < ARRAY_SIZE (prefixes); i++)
    if (strncmp (name, prefixes[i], strlen (prefixes[i])) == 0)
      return true;
  if (strncmp (name, "_Z", 2) == 0)
    return false;
  return name[0] == '_' && (name[1] == '_' || (name[1] >= 'A'
					       && name[1] <= 'Z'));
}

bool
ccprof_can_call_site_entry (gcall *call)
{
  tree d = gimple_call_fndecl (call);
  if (!d || !executable_unit () || !DECL_EXTERNAL (d) || !TREE_PUBLIC (d)
      || DECL_WEAK (d) || fndecl_built_in_p (d)
      || !prototype_p (TREE_TYPE (d)) || stdarg_p (TREE_TYPE (d)))
    return false;
  cgraph_node *node = cgraph_node::get (d);
  if (node && node->definition)
    return false;		/* gnu_inline, an alias: defined here */
  /* const or pure: GCC may merge or drop the call, as in flat mode (a
     call of the site entry it could not) */
  if (gimple_call_flags (call)
      & (ECF_NORETURN | ECF_RETURNS_TWICE | ECF_CONST | ECF_PURE))
    return false;
  if (lookup_attribute ("weakref", DECL_ATTRIBUTES (d))
      || lookup_attribute ("alias", DECL_ATTRIBUTES (d)))
    return false;
  if (gimple_call_internal_p (call) || gimple_call_must_tail_p (call)
      || gimple_call_chain (call) || gimple_call_va_arg_pack_p (call))
    return false;
  unsigned params = 0;
  for (tree a = TYPE_ARG_TYPES (TREE_TYPE (d)); a && a != void_list_node;
       a = TREE_CHAIN (a))
    params++;
  return gimple_call_num_args (call) == params
	 && !implementation_name (ccprof_symbol (d));
}

tree
ccprof_site_entry_of (gcall *call)
{
  tree d = gimple_call_fndecl (call);
  char *name = site_entry_name (d);
  if (!sites)
    sites = new hash_map<nofree_string_hash, tree>;
  if (tree *known = sites->get (name))
    {
      free (name);
      return *known;
    }
  /* The declaration: D's prototype, then void *from, uint64_t k. */
  tree type = TREE_TYPE (d);
  tree args = tree_cons (NULL_TREE, ptr_type_node,
			 tree_cons (NULL_TREE, uint64_type_node,
				    void_list_node));
  auto_vec<tree, 8> params;
  for (tree a = TYPE_ARG_TYPES (type); a && a != void_list_node;
       a = TREE_CHAIN (a))
    params.safe_push (TREE_VALUE (a));
  for (unsigned i = params.length (); i-- > 0;)
    args = tree_cons (NULL_TREE, params[i], args);
  tree site_type = build_function_type (TREE_TYPE (type), args);
  /* The map's key lives as long as the map: a ggc_strdup'd one, which
     nothing marks, was collected with the unit's first garbage, the
     next call of D no longer found its entry and the fallback was
     defined twice ("symbol ... is already defined"). */
  const char *symbol = xstrdup (name);
  tree decl = build_decl (UNKNOWN_LOCATION, FUNCTION_DECL,
			  get_identifier (symbol), site_type);
  DECL_EXTERNAL (decl) = 1;
  TREE_PUBLIC (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_VISIBILITY (decl) = VISIBILITY_HIDDEN;
  DECL_VISIBILITY_SPECIFIED (decl) = 1;
  TREE_NOTHROW (decl) = TREE_NOTHROW (d);
  SET_DECL_ASSEMBLER_NAME (decl, DECL_NAME (decl));
  cgraph_node::get_create (decl);
  /* The fallback: weak and hidden, a jump to D. */
  char *text = concat ("\t.pushsection .text\n"
		       "\t.weak ", symbol, "\n\t.hidden ", symbol, "\n"
		       "\t.type ", symbol, ", @function\n",
		       symbol, ":\n\tjmp ", ccprof_symbol (d), "@PLT\n"
		       "\t.size ", symbol, ", .-", symbol, "\n"
		       "\t.popsection", NULL);
  symtab->finalize_toplevel_asm (build_string (strlen (text), text));
  free (text);
  sites->put (symbol, decl);
  free (name);
  return decl;
}

const char *
ccprof_site_entry_key (tree site)
{
  return IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (site));
}
