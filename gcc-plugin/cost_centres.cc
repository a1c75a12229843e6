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
 *
 * With counters=thread (the default) F's calls are counted in
 *
 *     static __thread uint64_t __ccprof_tcalls[N];     (.tbss)
 *
 * at F's index i in the unit's table cc[] (runtime/ccprof_abi.h): the
 * entry count is `__ccprof_tcalls[i] += 1`, one `addq $1, %fs:...`.  But
 * the table is written by an IPA pass after every function has been
 * through the GIMPLE pass, so neither i nor N is known as such when a
 * function is instrumented.  Hence:
 *
 *   - The cost centres are numbered up front.  The table is in source
 *     order, not in the order GCC instruments functions (callees first),
 *     so when the GIMPLE pass meets its first function, every function
 *     it is going to see (those with a body) is classified, and the
 *     profiled ones are sorted and given their counters and indices
 *     (ccprof_number_cost_centres, called from instrument.cc).  A
 *     function GCC made after that would get the next index, but none
 *     reaches the pass before the table is written: OpenMP bodies and
 *     nested functions are made during lowering, before; C++ thunks,
 *     clones and static constructors after.
 *   - The array's size is left open until the table is written, as GCC
 *     does with its own gcov counters (coverage.cc): it is made with the
 *     type uint64_t[], which the increments index with no bound that the
 *     optimisers could hold against them, and gets the type
 *     uint64_t[N] (ccprof_finish_thread_calls) before it is output.  So
 *     a late function would still fit.
 *
 * The array is static TLS: local-exec in an executable (PIE or not),
 * initial-exec in a shared object, so that its offset from the thread
 * pointer is the same in every thread and the runtime can reach every
 * thread's copy.
 */
#include "gcc_compat.h"
#include "cost_centres.h"
#include "annotations.h"
#include "../plugin-common/levers.h"
#include "../plugin-common/selection.h"
#include "options.h"
#include "runtime_decls.h"


/* Parallel vectors indexed by cost centre; the trees are GC roots (see
   the end of the file), and so keep cc_index's keys alive. */
static vec<tree, va_gc> *cc_functions;
static vec<tree, va_gc> *cc_counters;
static vec<unsigned> cc_lines;
static vec<const char *> cc_labels;	/* label cost centres: the label */
static vec<unsigned> cc_kids;		/* context mode: kid slots */
static vec<vec<unsigned> *> cc_counted;	/* context mode: kid counts */
static hash_map<tree, unsigned> *cc_index;	/* function -> index */
static hash_map<nofree_string_hash, unsigned> *label_index;
static tree thread_calls;
static tree current_slots;

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

/* Makes FNDECL's counters variable and cost centre number
   ccprof_cost_centre_count (). */
static unsigned
add_cost_centre (tree fndecl, unsigned line)
{
  char *name = concat (ccprof_counters_prefix, ccprof_symbol (fndecl), NULL);
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

  unsigned i = ccprof_cost_centre_count ();
  vec_safe_push (cc_functions, fndecl);
  vec_safe_push (cc_counters, var);
  cc_lines.safe_push (line);
  cc_labels.safe_push (NULL);
  if (!cc_index)
    cc_index = new hash_map<tree, unsigned>;
  cc_index->put (fndecl, i);
  return i;
}

/* Each source file name as ccprof_normal_path writes it. */
static hash_map<nofree_string_hash, const char *> *normal_files;

/* FNDECL's file, with "." and ".." resolved (plugin-common/levers.h):
   "h.h" reached as "sub/../h.h" is one file. */
const char *
ccprof_source_file (tree fndecl)
{
  const char *file = DECL_SOURCE_FILE (fndecl);
  if (!file)
    return "";
  if (!normal_files)
    normal_files = new hash_map<nofree_string_hash, const char *>;
  if (const char **known = normal_files->get (file))
    return *known;
  size_t size = strlen (file) + 2;
  char *normal = XNEWVEC (char, size);
  if (ccprof_normal_path (file, normal, size) != 0)
    strcpy (normal, file);
  normal_files->put (file, normal);
  return normal;
}

/* A function to number, with its line, for the sort. */
struct placed_fn
{
  tree fndecl;
  unsigned line;
};

/* Source order (file, line, symbol): deterministic tables. */
static int
compare_source_order (const void *a, const void *b)
{
  const struct placed_fn *pa = (const struct placed_fn *) a;
  const struct placed_fn *pb = (const struct placed_fn *) b;
  int c = strcmp (ccprof_source_file (pa->fndecl),
		  ccprof_source_file (pb->fndecl));
  if (c == 0 && pa->line != pb->line)
    c = pa->line < pb->line ? -1 : 1;
  if (c == 0)
    c = strcmp (ccprof_symbol (pa->fndecl), ccprof_symbol (pb->fndecl));
  return c;
}

void
ccprof_number_cost_centres (vec<tree> *fndecls)
{
  unsigned n = fndecls->length ();
  struct placed_fn *fns = XNEWVEC (struct placed_fn, n);
  for (unsigned i = 0; i < n; i++)
    {
      fns[i].fndecl = (*fndecls)[i];
      fns[i].line = ccprof_source_line ((*fndecls)[i]);
    }
  qsort (fns, n, sizeof *fns, compare_source_order);
  for (unsigned i = 0; i < n; i++)
    add_cost_centre (fns[i].fndecl, fns[i].line);
  free (fns);
}

const char *
ccprof_function_label (tree fndecl)
{
  if (const char *label = ccprof_cc_label (fndecl))
    return label;
  if (ccprof_policy () == CCPROF_POLICY_FILE)
    return main_input_filename ? main_input_filename : "";
  return NULL;
}

unsigned
ccprof_cost_centre (tree fndecl)
{
  if (const char *label = ccprof_function_label (fndecl))
    return ccprof_label_cost_centre (label);
  unsigned *i = cc_index ? cc_index->get (fndecl) : NULL;
  return i ? *i : add_cost_centre (fndecl, ccprof_source_line (fndecl));
}

/* LABEL's counters: hidden, one-only (a COMDAT group of their own), as a
   C++ inline function's, so every unit using the label shares them. */
void
ccprof_set_cost_centre_kids (unsigned i, unsigned kids)
{
  if (cc_kids.length () <= i)
    cc_kids.safe_grow_cleared (i + 1);
  cc_kids[i] = kids;
}

unsigned
ccprof_cost_centre_kids (unsigned i)
{
  return i < cc_kids.length () ? cc_kids[i] : 0;
}

void
ccprof_set_cost_centre_counted (unsigned i, const vec<unsigned> &counted)
{
  if (cc_counted.length () <= i)
    cc_counted.safe_grow_cleared (i + 1);
  if (!cc_counted[i])
    cc_counted[i] = new vec<unsigned> ();
  cc_counted[i]->truncate (0);
  for (unsigned j = 0; j < counted.length (); j++)
    cc_counted[i]->safe_push (counted[j]);
}

const vec<unsigned> *
ccprof_cost_centre_counted (unsigned i)
{
  return i < cc_counted.length () ? cc_counted[i] : NULL;
}

unsigned
ccprof_label_cost_centre (const char *label)
{
  if (!label_index)
    label_index = new hash_map<nofree_string_hash, unsigned>;
  if (unsigned *i = label_index->get (label))
    return *i;
  char *name = ccprof_label_counters_name (label);
  tree var = build_decl (BUILTINS_LOCATION, VAR_DECL, get_identifier (name),
			 ccprof_counters_type ());
  free (name);
  TREE_STATIC (var) = 1;
  TREE_ADDRESSABLE (var) = 1;
  TREE_USED (var) = 1;
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  DECL_PRESERVE_P (var) = 1;
  SET_DECL_ASSEMBLER_NAME (var, DECL_NAME (var));
  TREE_PUBLIC (var) = 1;
  DECL_VISIBILITY (var) = VISIBILITY_HIDDEN;
  DECL_VISIBILITY_SPECIFIED (var) = 1;
  make_decl_one_only (var, DECL_ASSEMBLER_NAME (var));
  varpool_node::finalize_decl (var);

  unsigned i = ccprof_cost_centre_count ();
  const char *key = xstrdup (label);
  vec_safe_push (cc_functions, NULL_TREE);
  vec_safe_push (cc_counters, var);
  cc_lines.safe_push (0);
  cc_labels.safe_push (key);
  label_index->put (key, i);
  return i;
}

const char *
ccprof_cost_centre_symbol (unsigned i)
{
  return cc_labels[i] ? cc_labels[i]
		      : ccprof_display_symbol ((*cc_functions)[i]);
}

/* The part of SYMBOL before "._omp_fn.", or NULL. */
static char *
omp_outer (const char *symbol)
{
  const char *at = strstr (symbol, "._omp_fn.");
  return at ? xstrndup (symbol, at - symbol) : NULL;
}

bool
ccprof_omp_helper_p (tree fndecl)
{
  return strstr (ccprof_symbol (fndecl), "._omp_cpyfn.") != NULL;
}

/* The N of OUTER._omp_fn.N: regions in source order. */
static unsigned
omp_number (const char *symbol)
{
  const char *at = strstr (symbol, "._omp_fn.");
  return at ? (unsigned) atoi (at + strlen ("._omp_fn.")) : 0;
}

/* "OUTER.omp@LINE" of the region FNDECL (OUTER._omp_fn.N). */
static const char *
omp_base_name (tree fndecl, const char *omp)
{
  tree outer = decl_function_context (fndecl);
  const char *o = outer ? ccprof_display_symbol (outer) : omp;
  char line[32];
  snprintf (line, sizeof line, ".omp@%u", ccprof_source_line (fndecl));
  return ggc_strdup (ACONCAT ((o, line, NULL)));
}

/* Names shared with the LLVM pass (docs/design.md, "Names of bodies the
   compiler makes"): a nested function INNER of OUTER is "OUTER.INNER";
   an OpenMP region's outlined body OUTER._omp_fn.N is "OUTER.omp@LINE",
   LINE that of the directive, and the second and later regions of one
   line (written with _Pragma) "OUTER.omp@LINE#2", ... in source order. */
const char *
ccprof_display_symbol (tree fndecl)
{
  tree outer = decl_function_context (fndecl);
  char *omp = omp_outer (ccprof_symbol (fndecl));
  if (omp)
    {
      const char *base = omp_base_name (fndecl, omp);
      unsigned mine = omp_number (ccprof_symbol (fndecl)), before = 0;
      cgraph_node *node;
      FOR_EACH_FUNCTION (node)
	{
	  tree other = node->decl;
	  char *o = other == fndecl ? NULL : omp_outer (ccprof_symbol (other));
	  if (o && omp_number (ccprof_symbol (other)) < mine
	      && strcmp (omp_base_name (other, o), base) == 0)
	    before++;
	  free (o);
	}
      free (omp);
      if (!before)
	return base;
      char ordinal[16];
      snprintf (ordinal, sizeof ordinal, "#%u", before + 1);
      return ggc_strdup (ACONCAT ((base, ordinal, NULL)));
    }
  /* a GNU C nested function only: a member of a class local to a
     function (C++) has that function as decl_function_context too, and
     its linkage name already says so (main::Local::f) */
  if (outer && DECL_NAME (fndecl) && !DECL_ARTIFICIAL (fndecl)
      && DECL_CONTEXT (fndecl)
      && TREE_CODE (DECL_CONTEXT (fndecl)) == FUNCTION_DECL)
    return ggc_strdup (ACONCAT ((ccprof_display_symbol (outer), ".",
				 IDENTIFIER_POINTER (DECL_NAME (fndecl)),
				 NULL)));
  return ccprof_symbol (fndecl);
}

enum ccprof_cc_kind
ccprof_cost_centre_kind (unsigned i)
{
  if (cc_labels[i])
    return ccprof_policy () == CCPROF_POLICY_FILE && main_input_filename
	   && strcmp (cc_labels[i], main_input_filename) == 0
	   ? CCPROF_KIND_MODULE : CCPROF_KIND_SCC;
  tree fndecl = (*cc_functions)[i];
  return ccprof_function_kind (ccprof_symbol (fndecl),
			       ccprof_display_symbol (fndecl));
}

const char *
ccprof_cost_centre_file (unsigned i)
{
  return cc_labels[i] ? "" : ccprof_source_file ((*cc_functions)[i]);
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

unsigned
ccprof_cost_centre_line (unsigned i)
{
  return cc_lines[i];
}

bool
ccprof_cost_centre_shared (tree counters)
{
  return TREE_PUBLIC (counters);
}

/* A static thread-local array NAME of ELEMENT with no bound yet (see the
   comment at the top), under its own name, in static TLS: at one offset
   from the thread pointer in every thread.  Local-exec cannot be used in
   a shared object (flag_shlib: -fPIC or -fpic without -fPIE). */
tree
ccprof_unbounded_tls_array (const char *name, tree element)
{
  tree type = build_array_type (element, NULL_TREE);
  tree var = build_decl (BUILTINS_LOCATION, VAR_DECL, get_identifier (name),
			 type);
  TREE_STATIC (var) = 1;
  TREE_ADDRESSABLE (var) = 1;
  TREE_USED (var) = 1;
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  SET_DECL_ASSEMBLER_NAME (var, DECL_NAME (var));
  set_decl_tls_model (var, flag_shlib ? TLS_MODEL_INITIAL_EXEC
				      : TLS_MODEL_LOCAL_EXEC);
  return var;
}

tree
ccprof_thread_calls (void)
{
  if (!thread_calls)
    thread_calls = ccprof_unbounded_tls_array (ccprof_sym_TCALLS, uint64_type_node);
  return thread_calls;
}

void
ccprof_finish_thread_calls (void)
{
  tree var = ccprof_thread_calls ();
  TREE_TYPE (var) = build_array_type_nelts (uint64_type_node,
					    ccprof_cost_centre_count ());
  relayout_decl (var);
  varpool_node::finalize_decl (var);
}

bool
ccprof_sets_current_by_slot (void)
{
#if defined(__x86_64__)
  /* An executable for x86-64 (not x32), assembled in AT&T syntax (the
     asm's; not -masm=intel).  Not with -flto: the asm names
     __ccprof_tcc, and LTO may rename or localise a static it cannot
     see used. */
  return (ccprof_current_by_slot ()
	  && !flag_shlib && TYPE_PRECISION (ptr_type_node) == 64
	  && ix86_asm_dialect == ASM_ATT
	  && !flag_generate_lto && !flag_generate_offload);
#else
  return false;
#endif
}

tree
ccprof_current_slots (void)
{
  if (!current_slots)
    {
      /* Only in executables (ccprof_sets_current_by_slot): local-exec. */
      current_slots = ccprof_unbounded_tls_array (ccprof_sym_TCC, ptr_type_node);
      /* Only the asm statements name it. */
      DECL_PRESERVE_P (current_slots) = 1;
    }
  return current_slots;
}

void
ccprof_finish_current_slots (void)
{
  if (!current_slots)
    return;
  unsigned n = ccprof_cost_centre_count ();
  vec<constructor_elt, va_gc> *slots = NULL;
  CONSTRUCTOR_APPEND_ELT (slots, size_int (0), null_pointer_node);
  for (unsigned i = 0; i < n; i++)
    CONSTRUCTOR_APPEND_ELT (slots, size_int (i + 1),
			    fold_convert (ptr_type_node,
					  build_fold_addr_expr (
					    ccprof_cost_centre_counters (i))));
  tree var = current_slots;
  TREE_TYPE (var) = build_array_type_nelts (ptr_type_node, n + 1);
  DECL_INITIAL (var) = build_constructor (TREE_TYPE (var), slots);
  TREE_CONSTANT (DECL_INITIAL (var)) = 1;
  TREE_STATIC (DECL_INITIAL (var)) = 1;
  relayout_decl (var);
  varpool_node::finalize_decl (var);
}

#define VEC_ROOT(v) \
  { &(v), 1, sizeof (v), &gt_ggc_mx_vec_tree_va_gc_, \
    &gt_pch_nx_vec_tree_va_gc_ }
#define TREE_ROOT(v) \
  { &(v), 1, sizeof (v), &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node }

const struct ggc_root_tab ccprof_cost_centre_ggc_roots[] = {
  VEC_ROOT (cc_functions),
  VEC_ROOT (cc_counters),
  TREE_ROOT (thread_calls),
  TREE_ROOT (current_slots),
  LAST_GGC_ROOT_TAB
};
