/*
 * cc_kind.cc - the kind of a function's cost centre, the same in both
 * plugins (see cc_kind.h).  A lambda keeps its linkage name in the
 * profile (the reporter derives outer.anon@LINE from it), so its kind
 * comes from the demangled name: the closure type of a lambda demangles
 * as "{lambda(ARGS)#N}" (Itanium ABI "Ul...E"), and clang calls the
 * closure type of a namespace-scope lambda "$_N".
 */
#include "cc_kind.h"

#include <cxxabi.h>
#include <stdlib.h>
#include <string.h>

/* Whether NAME, a demangled name, has a component "$_N". */
static bool has_clang_closure(const char *name)
{
	for (const char *at = strstr(name, "$_"); at;
	     at = strstr(at + 2, "$_"))
		if ((at == name || at[-1] == ':' || at[-1] == ' ') &&
		    at[2] >= '0' && at[2] <= '9')
			return true;
	return false;
}

static bool is_lambda(const char *linkage)
{
	if (strncmp(linkage, "_Z", 2) != 0)
		return false;
	int status = 0;
	char *name = abi::__cxa_demangle(linkage, NULL, NULL, &status);
	if (!name)
		return false;
	bool lambda = strstr(name, "{lambda(") != NULL ||
		      has_clang_closure(name);
	free(name);
	return lambda;
}

enum ccprof_cc_kind ccprof_function_kind(const char *linkage,
					 const char *display)
{
	if (strcmp(linkage, display) != 0 || is_lambda(linkage))
		return CCPROF_KIND_ANONYMOUS;
	return CCPROF_KIND_FUNCTION;
}

/* CCPROF_CC_KIND_SHIFT and CCPROF_CC_KIND_MASK. */
enum {
#define CCPROF_ABI_CONSTANT(Name, Value) CCPROF_##Name = Value,
#include "../runtime/ccprof_abi.def"
};

unsigned ccprof_kind_flags(enum ccprof_cc_kind kind)
{
	return ((unsigned)kind << CCPROF_CC_KIND_SHIFT) & CCPROF_CC_KIND_MASK;
}
