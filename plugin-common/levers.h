/*
 * levers.h - what a default build leaves out of the instrumentation to
 * keep its cost down (issue 14), decided alike for both plugins:
 *
 *   system=caller|profile   functions of the C++ standard library
 *                           (std::, __gnu_cxx::, libc++'s std::__1::) and
 *                           of system headers get no cost centre: their
 *                           time goes to their callers, as with gprof and
 *                           perf (caller), or they are profiled as any
 *                           other function (profile);
 *   leaf-size=N             a "tiny leaf", a function with no loop whose
 *                           own instructions and those of every function
 *                           it calls are at most N, keeps its exact count
 *                           but sets no `current` (0: off);
 *
 * and both let a caller skip the reset after a call of such a function
 * (it returns with `current` as it found it).  The plugins measure a
 * function's size and find its calls and loops; the rules and options
 * are here.  Plain C-style C++, like selection.h.
 */
#ifndef CCPROF_LEVERS_H
#define CCPROF_LEVERS_H

#include <stddef.h>

/* Forgets the options read (a process that compiles several units). */
void ccprof_levers_reset(void);

/* system=VALUE: 0, or -1 for a value other than caller and profile. */
int ccprof_set_system(const char *value);
/* Whether system= is caller. */
int ccprof_system_to_caller(void);

/* leaf-size=VALUE (a decimal number up to 1000): 0, or -1. */
int ccprof_set_leaf_size(const char *value);
unsigned ccprof_leaf_size(void);

/* Whether the linkage name SYMBOL is that of a function of the C++
 * standard library's namespaces: std (libstdc++'s std::__cxx11 and
 * libc++'s std::__1 included, and the std:: abbreviations Sa, Sb, Ss,
 * Si, So, Sd), __gnu_cxx, or a lambda or local class of such a
 * function. */
int ccprof_std_library_symbol(const char *symbol);

/* Whether SYMBOL is one of the standard library's compiled functions
 * (defined in libstdc++.so, declared here) known to run no code of the
 * program: std::string's members, red-black tree and list node steps,
 * the hash tables' rehash policy.  A call of one needs no reset. */
int ccprof_std_compiled_no_callback(const char *symbol);

/* FILE with its "." and ".." components resolved as text, into OUT (of
 * SIZE bytes): "./u.c" is "u.c", "sub/../h.h" "h.h", and clang 14's
 * "/usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/..." is
 * "/usr/include/...", so that one file has one name whichever way a unit
 * reached it.  A leading ".." of a relative path stays.  0, or -1 if it
 * does not fit. */
int ccprof_normal_path(const char *file, char *out, size_t size);

/* Whether the absolute path FILE is under a system include directory
 * (/usr/include, /usr/local/include, a compiler's own include
 * directories under /usr/lib). */
int ccprof_system_file(const char *file);

/* The options in normal form, as the module table records them after the
 * selection's: " system=caller leaf-size=8" (defaults left out).  A
 * buffer this file owns. */
const char *ccprof_levers_canonical(void);

#endif
