/*
 * cost_centres.h - the cost centres of this translation unit: one counters
 * variable per instrumented function, numbered in source order (the
 * order of the unit's table, cc[]), and, with counters=thread, the
 * unit's thread-local array of call counts indexed by those numbers.
 */
#ifndef CCPROF_GCC_COST_CENTRES_H
#define CCPROF_GCC_COST_CENTRES_H

#include "../plugin-common/cc_kind.h"

/* FNDECL's linkage name without GCC's leading '*' (set by asm labels):
   "main", "isPrime.test", "_Z3fooi". */
const char *ccprof_symbol (tree fndecl);

/* The name FNDECL's cost centre is shown under: its linkage name, or,
   for bodies the compiler made, the name both plugins give them
   ("outer.inner", "main.omp@12"). */
const char *ccprof_display_symbol (tree fndecl);
/* Whether FNDECL is an OpenMP helper (a task's copy function): charged
   to whoever calls it. */
bool ccprof_omp_helper_p (tree fndecl);

/* FNDECL's source file as given to the compiler, or "". */
const char *ccprof_source_file (tree fndecl);

/* The line of FNDECL's name in its source file, as clang records it
   (GCC's own line may be that of a qualifier before it). */
unsigned ccprof_source_line (tree fndecl);

/* Makes the cost centres of FNDECLS, the unit's profiled functions, in
   source order (file, line, linkage name): cost centre i is cc[i] of
   the unit's table.  Called once, before any function is instrumented,
   so that a function's index is known when it is instrumented. */
void ccprof_number_cost_centres (vec<tree> *fndecls);

/* The index of FNDECL's cost centre.  A function that was not numbered
   (GCC made it after ccprof_number_cost_centres) gets one now, at the
   end.  The counters variable is static for an ordinary function; for a
   COMDAT function a hidden weak variable in a COMDAT group of its own,
   so that every unit's copy of an inline function shares one. */
unsigned ccprof_cost_centre (tree fndecl);

/* The label whose cost centre a profiled FNDECL charges instead of its
   own: its CCPROF_CC label, or with policy=file the unit's source file;
   NULL for its own. */
const char *ccprof_function_label (tree fndecl);

/* The index of LABEL's cost centre (CCPROF_SCC, CCPROF_CC), made on
   first use, after the functions' (runtime/ccprof_abi.def names its
   counters). */
unsigned ccprof_label_cost_centre (const char *label);
/* Cost centre I's symbol (the label, or the function's linkage name) and
   source file ("" for a label). */
const char *ccprof_cost_centre_symbol (unsigned i);
const char *ccprof_cost_centre_file (unsigned i);

/* Cost centre I's kind (plugin-common/cc_kind.h): module for the
   unit's policy=file label, scc for another label, else the function's
   (anonymous for a body the compiler named, or a lambda). */
enum ccprof_cc_kind ccprof_cost_centre_kind (unsigned i);

/* Context mode: the kid slots of cost centre I's nodes (one per direct
   call site made at the call site; direct_calls.h), 0 until set. */
void ccprof_set_cost_centre_kids (unsigned i, unsigned kids);
unsigned ccprof_cost_centre_kids (unsigned i);
/* Context mode: the tiny leaves (cost centre indices) cost centre I's
   nodes count in words before them (ccprof_abi.def, CTX_COUNT_OFFSET),
   count j of COUNTED[j]. */
void ccprof_set_cost_centre_counted (unsigned i, const vec<unsigned> &counted);
const vec<unsigned> *ccprof_cost_centre_counted (unsigned i);
/* Cost centres made so far, in index order. */
unsigned ccprof_cost_centre_count (void);
tree ccprof_cost_centre_function (unsigned i);
tree ccprof_cost_centre_counters (unsigned i);
unsigned ccprof_cost_centre_line (unsigned i);

/* Whether counters variable COUNTERS is shared between units
   (CCPROF_CC_SHARED). */
bool ccprof_cost_centre_shared (tree counters);

/* A static thread-local array NAME of ELEMENT with no bound yet, in
   static TLS (local-exec in an executable, initial-exec in a shared
   object): at one offset from the thread pointer in every thread.  Its
   owner gives it a size and hands it to the varpool once the cost
   centres are all known. */
tree ccprof_unbounded_tls_array (const char *name, tree element);

/* counters=thread: the unit's static thread-local uint64_t
   __ccprof_tcalls[]; its size is left open until
   ccprof_finish_thread_calls. */
tree ccprof_thread_calls (void);

/* Gives __ccprof_tcalls its size, one element per cost centre, and
   hands it to the varpool to be output.  Called once, by the table
   pass, when no more cost centres can come. */
void ccprof_finish_thread_calls (void);

/* Whether `current` is set to the TLS offset of a slot of
   __ccprof_tcc[] (runtime/ccprof_abi.h) rather than to a record's
   address: in executables for x86-64, in AT&T syntax, without -flto. */
bool ccprof_sets_current_by_slot (void);

/* The unit's static thread-local void *__ccprof_tcc[]: slot i + 1 holds
   cost centre i's record address.  Sized and initialised by
   ccprof_finish_current_slots, which the table pass calls. */
tree ccprof_current_slots (void);
void ccprof_finish_current_slots (void);

extern const struct ggc_root_tab ccprof_cost_centre_ggc_roots[];

#endif
