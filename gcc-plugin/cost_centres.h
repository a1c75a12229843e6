/*
 * cost_centres.h - the cost centres of this translation unit: one counters
 * variable per instrumented function, remembered until the module table
 * is written.
 */
#ifndef CCPROF_GCC_COST_CENTRES_H
#define CCPROF_GCC_COST_CENTRES_H

/* FNDECL's linkage name without GCC's leading '*' (set by asm labels):
   "main", "isPrime.test", "_Z3fooi". */
const char *ccprof_symbol (tree fndecl);

/* The line of FNDECL's name in its source file, as clang records it
   (GCC's own line may be that of a qualifier before it). */
unsigned ccprof_source_line (tree fndecl);

/* Creates FNDECL's `struct ccprof_counters` variable, records it as a
   cost centre, and returns it.  Static for an ordinary function; for a
   COMDAT function a hidden weak variable in a COMDAT group of its own,
   so that every unit's copy of an inline function shares one. */
tree ccprof_new_cost_centre (tree fndecl);

/* Cost centres recorded so far, in the order they were made. */
unsigned ccprof_cost_centre_count (void);
tree ccprof_cost_centre_function (unsigned i);
tree ccprof_cost_centre_counters (unsigned i);

/* Whether counters variable COUNTERS is shared between units
   (CCPROF_CC_SHARED). */
bool ccprof_cost_centre_shared (tree counters);

extern const struct ggc_root_tab ccprof_cost_centre_ggc_roots[];

#endif
