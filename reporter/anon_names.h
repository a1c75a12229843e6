/*
 * anon_names.h - readable, compiler-independent names for C++ lambdas.
 */
#ifndef CCPROF_REPORT_ANON_NAMES_H
#define CCPROF_REPORT_ANON_NAMES_H

#include <stddef.h>
#include <stdint.h>

/* NAMES[i] (demangled, malloc'd) is the display name of a cost centre
 * defined at LINES[i].  Renames C++ lambdas, Appel's "f.anon", in every
 * name: the closure type ENCL::{lambda(ARGS)#N} (GCC, and clang for
 * lambdas in inline functions) or ENCL::$_N (clang) becomes
 * ENCL.anon@LINE, where LINE is the line of its operator(), and its
 * operator() is named ENCL.anon@LINE itself (ENCL.anon@LINE#2, #3 ... for
 * the second and later lambdas of ENCL on one line; ENCL.anon@LINE<T> for
 * a generic lambda's instantiation).  Returns 0, or -1 when out of
 * memory (names are then left valid, possibly partly renamed). */
int anon_names_canonicalise(char **names, const int64_t *lines, size_t n);

#endif
