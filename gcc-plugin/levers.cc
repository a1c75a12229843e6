/*
 * levers.cc - system=caller, tiny leaves, and the calls after which no
 * reset is needed, for GCC (levers.h, plugin-common/levers.h).
 */
#include "gcc_compat.h"
#include "levers.h"
#include "annotations.h"
#include "cost_centres.h"
#include "options.h"
#include "../plugin-common/levers.h"

static const unsigned not_leaf = ~0u;

/* Decisions, by FUNCTION_DECL: its size (not_leaf: none), and whether a
   call of it leaves `current` unchanged (-1: being decided). */
static hash_map<tree, unsigned> *sizes;
static hash_map<tree, int> *unchanged;

bool
ccprof_charged_to_caller (tree fndecl)
{
  if (!ccprof_system_to_caller () || ccprof_cc_label (fndecl))
    return false;
  return ccprof_std_library_symbol (ccprof_symbol (fndecl))
	 || DECL_IN_SYSTEM_HEADER (fndecl);
}

/* A body of this unit the plugin may instrument. */
static bool
has_body (tree fndecl)
{
  function *fn = DECL_STRUCT_FUNCTION (fndecl);
  if (!fn || !fn->cfg || ccprof_cc_label (fndecl))
    return false;
  if (lookup_attribute ("naked", DECL_ATTRIBUTES (fndecl)))
    return false;
  return strncmp (ccprof_symbol (fndecl), "__ccprof_", 9) != 0;
}

/* The body a call of FNDECL runs is this unit's.  As clang assumes
   (-fno-semantic-interposition), an exported function of a shared
   object is the one its calls in the object reach; only a weak
   definition that is no C++ inline function or template may be
   another's at link time. */
static bool
known_body (tree fndecl)
{
  cgraph_node *node = cgraph_node::get (fndecl);
  if (!node || !node->definition || !has_body (fndecl))
    return false;
  enum availability a = node->get_availability ();
  return a >= AVAIL_AVAILABLE
	 || (a == AVAIL_INTERPOSABLE && !DECL_WEAK (fndecl));
}

/* The function whose body a call of FNDECL runs: a C++ complete-object
   constructor or destructor is often an alias of the base one. */
static tree
body_of (tree fndecl)
{
  cgraph_node *node = cgraph_node::get (fndecl);
  return node ? node->ultimate_alias_target ()->decl : fndecl;
}

tree
ccprof_known_body (tree fndecl)
{
  tree body = body_of (fndecl);
  return known_body (body) ? body : NULL_TREE;
}

/* Statements that leave nothing in the code. */
static bool
free_stmt (gimple *stmt)
{
  switch (gimple_code (stmt))
    {
    case GIMPLE_LABEL:
    case GIMPLE_NOP:
    case GIMPLE_PREDICT:
      return true;
    default:
      return is_gimple_debug (stmt) || gimple_clobber_p (stmt);
    }
}

/* Depth-first search for an edge back to a block on the path. */
static bool
reaches_back (basic_block bb, sbitmap on_path, sbitmap seen)
{
  bitmap_set_bit (on_path, bb->index);
  bitmap_set_bit (seen, bb->index);
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    {
      basic_block d = e->dest;
      if (bitmap_bit_p (on_path, d->index))
	return true;
      if (!bitmap_bit_p (seen, d->index) && reaches_back (d, on_path, seen))
	return true;
    }
  bitmap_clear_bit (on_path, bb->index);
  return false;
}

static bool
has_loop (function *fn)
{
  auto_sbitmap on_path (last_basic_block_for_fn (fn));
  auto_sbitmap seen (last_basic_block_for_fn (fn));
  bitmap_clear (on_path);
  bitmap_clear (seen);
  return reaches_back (ENTRY_BLOCK_PTR_FOR_FN (fn), on_path, seen);
}

static unsigned
size_of (tree fndecl)
{
  if (unsigned *known = sizes->get (fndecl))
    return *known;
  sizes->put (fndecl, not_leaf);	/* while deciding: recursion */
  unsigned limit = ccprof_leaf_size (), n = 0;
  if (limit == 0 || !has_body (fndecl))
    return not_leaf;
  function *fn = DECL_STRUCT_FUNCTION (fndecl);
  /* Many blocks are many statements: no need to look further. */
  if ((unsigned) n_basic_blocks_for_fn (fn) > limit + 2 || has_loop (fn))
    return not_leaf;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (free_stmt (stmt))
	  continue;
	n++;
	if (gimple_code (stmt) == GIMPLE_ASM)
	  return not_leaf;
	if (gcall *call = dyn_cast <gcall *> (stmt))
	  {
	    int flags = gimple_call_flags (call);
	    if (gimple_call_internal_p (call)
		|| ((flags & ECF_NORETURN) && !ccprof_context_mode ()))
	      continue;
	    tree callee = gimple_call_fndecl (call);
	    if (!callee || (flags & ECF_RETURNS_TWICE))
	      return not_leaf;
	    callee = body_of (callee);
	    if (fndecl_built_in_p (callee, BUILT_IN_MD)
		|| (fndecl_built_in_p (callee, BUILT_IN_NORMAL)
		    && (flags & ECF_CONST)))
	      continue;
	    /* Context mode: a leaf calls nothing, since its callees'
	       contexts must have it as parent. */
	    unsigned s = known_body (callee) && !ccprof_context_mode ()
			 ? size_of (callee) : not_leaf;
	    if (s == not_leaf)
	      return not_leaf;
	    n += s;
	  }
	if (n > limit)
	  return not_leaf;
      }
  sizes->put (fndecl, n);
  return n;
}

bool
ccprof_tiny_leaf (tree fndecl)
{
  if (!sizes)
    {
      sizes = new hash_map<tree, unsigned>;
      unchanged = new hash_map<tree, int>;
    }
  return size_of (fndecl) != not_leaf;
}

bool
ccprof_leaves_current_unchanged (tree fndecl)
{
  if (!sizes)
    ccprof_tiny_leaf (fndecl);
  fndecl = body_of (fndecl);
  if (int *known = unchanged->get (fndecl))
    return *known > 0;
  /* Context mode: nothing else restores the caller's node. */
  if (ccprof_context_mode ())
    {
      bool yes = known_body (fndecl) && ccprof_tiny_leaf (fndecl);
      unchanged->put (fndecl, yes);
      return yes;
    }
  /* libstdc++.so's std::string members, red-black tree steps, ... */
  if (!DECL_STRUCT_FUNCTION (fndecl) || !DECL_STRUCT_FUNCTION (fndecl)->cfg)
    return ccprof_system_to_caller ()
	   && ccprof_std_compiled_no_callback (ccprof_symbol (fndecl));
  if (!known_body (fndecl))
    return false;
  /* A function charged to its caller restores `current` after every
     call that may move it, tail calls included. */
  bool yes = ccprof_tiny_leaf (fndecl) || ccprof_charged_to_caller (fndecl);
  unchanged->put (fndecl, yes);
  return yes;
}

void
ccprof_levers_decide (tree fndecl)
{
  ccprof_tiny_leaf (fndecl);
  ccprof_leaves_current_unchanged (fndecl);
}
