/*
 * tail_chains.h - whether a callback's calls in tail position let it put
 * `current` back when it returns (tail_chains.cc says how).
 */
#ifndef CCPROF_GCC_TAIL_CHAINS_H
#define CCPROF_GCC_TAIL_CHAINS_H

/* Notes the calls in tail position of FUN (SELF's code) that may move
   `current`, on its code as it is now, before the plugin changes it.
   Called for every function when it is instrumented; the early passes
   run in topological order, so a function's callees are noted before
   it (but those in a cycle with it). */
void ccprof_note_tail_calls (function *fun, tree self);

/* Whether FUN (SELF's code, before anything changes it) may put
   `current` back before its returns: each of its calls in tail position
   cannot move `current`, or is a direct call of a function of this unit
   whose calls in tail position, followed as far as they go, stay among
   noted functions of the unit and never reach SELF. */
bool ccprof_tail_calls_allow_restore (function *fun, tree self);

#endif
