/*
 * levers.h - the GCC side of plugin-common/levers.h: which functions
 * system=caller charges to their callers, which are tiny leaves
 * (leaf-size=N: counted, no `current`), and which return with `current`
 * as they found it, so that their callers need no reset.  Each function
 * is decided on its body as the front end made it, before this plugin
 * changes it (ccprof_levers_decide): a function's size is its GIMPLE
 * statements but debug statements, labels, nops, predictions and
 * clobbers, plus the sizes of the functions it calls.
 */
#ifndef CCPROF_GCC_LEVERS_H
#define CCPROF_GCC_LEVERS_H

/* system=caller and FNDECL is of the C++ standard library (by name) or
   declared in a system header. */
bool ccprof_charged_to_caller (tree fndecl);

/* FNDECL has no loop and its size, with that of every function it calls
   (each a tiny leaf too; in context mode it may call none), is at most
   leaf-size. */
bool ccprof_tiny_leaf (tree fndecl);

/* A call of FNDECL returns with `current` as it was: FNDECL is defined
   in this unit (not weak, but for C++ inline functions; an exported
   function of a shared object counts, as clang assumes) and is a tiny
   leaf or is charged to its caller (which restores `current` after
   every call that may move it, tail calls too); or it is one of
   libstdc++.so's functions that run no code of the program.  In context
   mode: FNDECL is a tiny leaf defined in this unit. */
bool ccprof_leaves_current_unchanged (tree fndecl);

/* Decides FNDECL (and what it calls) now, before its body changes. */
void ccprof_levers_decide (tree fndecl);

/* The function whose body a call of FNDECL runs (an alias's target), if
   that body is this unit's: defined here, and not a weak definition
   another unit's may replace; else NULL_TREE. */
tree ccprof_known_body (tree fndecl);

#endif
