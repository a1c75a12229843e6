/*
 * cc_kind.h - the kind of a cost centre (function, anonymous, scc,
 * module: runtime/ccprof_abi.def's CCPROF_ABI_CC_KIND), decided the same
 * way by both plugins and carried to the runtime in the bits
 * CC_KIND_MASK of struct ccprof_cc_desc's flags.  Plain C-style C++ with
 * no standard C++ headers (as selection.h), so that GCC's plugin can
 * include it after GCC's own headers.
 */
#ifndef CCPROF_CC_KIND_H
#define CCPROF_CC_KIND_H

/* CCPROF_KIND_FUNCTION, CCPROF_KIND_ANONYMOUS, CCPROF_KIND_SCC,
 * CCPROF_KIND_MODULE. */
enum ccprof_cc_kind {
#define CCPROF_ABI_CC_KIND(Id, Value, Name) CCPROF_KIND_##Id = Value,
#include "../runtime/ccprof_abi.def"
};

/* The kind of a function's own cost centre: anonymous if the plugin
 * shows it under a name the compiler made up (DISPLAY, not a mangled
 * name, differs from LINKAGE: outer.inner, outer.anon@LINE,
 * outer.omp@LINE) or if DISPLAY is a C++ lambda's body (operator(),
 * _FUN or __invoke of a closure type: GCC's and clang's
 * {lambda(...)#N}, clang's $_N), not a function that merely takes a
 * closure type as template argument; function otherwise. */
enum ccprof_cc_kind ccprof_function_kind(const char *linkage,
					 const char *display);

/* The bits of ccprof_cc_desc.flags that say KIND. */
unsigned ccprof_kind_flags(enum ccprof_cc_kind kind);

#endif
