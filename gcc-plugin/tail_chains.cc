/*
 * tail_chains.cc - whether a callback's calls in tail position let it
 * put `current` back when it returns (design.md, "Callbacks and signal
 * handlers put `current` back"); the rule of llvm-pass/tail_chains.cpp.
 *
 * The store after a call in tail position stops GCC's tail-call pass
 * from making the call a jump: the callback keeps its frame while the
 * callee runs.  That costs one frame, once, unless the callee can come
 * back to the callback through calls in tail position only: then a loop
 * that ran in constant stack (a threaded interpreter's handlers calling
 * each other through a table, mutual recursion written as tail calls)
 * would grow by a frame per round.  So each call in tail position of a
 * callback must be of something that cannot move `current`, or a direct
 * call of a function of this unit from which the calls in tail position,
 * followed as far as they go, never go through a pointer, out of the
 * unit, or back to the callback, and no `musttail` call is among them.
 *
 * A function is noted when the plugin reaches it, before it changes
 * (instrument.cc); the early passes run callees first, so a callback's
 * callees are known when it is decided.  One not yet noted (a callee in a
 * cycle with the callback) counts as leaving the unit: the callback keeps
 * its jump.  Each callback's search stops after MAX_VISITS functions.
 */
#include "gcc_compat.h"
#include "tail_chains.h"
#include "instrument.h"
#include "levers.h"
#include "tail_position.h"

enum { MAX_VISITS = 4096 };

/* A function's calls in tail position that may move `current`. */
struct tail_calls
{
  bool escapes;			/* through a pointer, out of the unit,
				   musttail */
  auto_vec<tree> next;		/* direct, of this unit's bodies */
};

static hash_map<tree, tail_calls *> *noted;

/* FUN's calls in tail position that may move `current`, into *S. */
static void
summarise (function *fun, tree self, tail_calls *s, bool *self_call)
{
  basic_block bb;
  s->escapes = false;
  *self_call = false;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi)))
	{
	  if (gimple_call_must_tail_p (call))
	    {
	      s->escapes = true;
	      continue;
	    }
	  if (!ccprof_call_in_tail_position (call)
	      || !ccprof_may_move_current (call, self))
	    continue;
	  tree fn = gimple_call_fndecl (call);
	  tree body = fn ? ccprof_known_body (fn) : NULL_TREE;
	  if (fn == self || body == self)
	    *self_call = true;
	  else if (body)
	    s->next.safe_push (body);
	  else
	    s->escapes = true;
	}
}

void
ccprof_note_tail_calls (function *fun, tree self)
{
  if (!noted)
    noted = new hash_map<tree, tail_calls *>;
  if (noted->get (self))
    return;
  tail_calls *s = new tail_calls;
  bool self_call;
  summarise (fun, self, s, &self_call);
  if (self_call)
    s->next.safe_push (self);	/* a loop of jumps within it */
  noted->put (self, s);
}

/* Whether the chains of calls in tail position from START stay among
   noted functions and never reach SELF. */
static bool
chains_stay_away (tree self, tree start)
{
  hash_set<tree> seen;
  auto_vec<tree> work;
  seen.add (start);
  work.safe_push (start);
  while (!work.is_empty ())
    {
      tree fn = work.pop ();
      if (fn == self)
	return false;
      tail_calls **s = noted ? noted->get (fn) : NULL;
      if (!s || (*s)->escapes)
	return false;
      for (unsigned i = 0; i < (*s)->next.length (); i++)
	if (!seen.add ((*s)->next[i]))
	  {
	    if (seen.elements () > MAX_VISITS)
	      return false;
	    work.safe_push ((*s)->next[i]);
	  }
    }
  return true;
}

bool
ccprof_tail_calls_allow_restore (function *fun, tree self)
{
  tail_calls s;
  bool self_call;
  summarise (fun, self, &s, &self_call);
  if (s.escapes || self_call)
    return false;
  for (unsigned i = 0; i < s.next.length (); i++)
    if (!chains_stay_away (self, s.next[i]))
      return false;
  return true;
}
