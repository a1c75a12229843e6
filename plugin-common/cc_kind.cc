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

/* Whether the text before AT ends a closure type: GCC's "{lambda(...)#N}"
 * ("#N}") or clang's "$_N". */
static bool ends_closure(const char *name, const char *at)
{
	const char *p = at;

	if (p > name && p[-1] == '}') {
		for (p--; p > name && p[-1] >= '0' && p[-1] <= '9'; p--)
			;
		return p < at - 1 && p > name && p[-1] == '#';
	}
	while (p > name && p[-1] >= '0' && p[-1] <= '9')
		p--;
	return p < at && p - name >= 2 && p[-2] == '$' && p[-1] == '_' &&
	       (p - 2 == name || p[-3] == ':' || p[-3] == ' ');
}

/* Whether NAME, demangled, is a lambda's body: a member operator(),
 * _FUN or __invoke of a closure type, not a function that merely has a
 * closure type among its template arguments or parameters
 * (each<main::{lambda(int)#1}>(int, ...)). */
static bool is_lambda_body(const char *name)
{
	static const char *const members[] = {
		"::operator()", "::_FUN(", "::__invoke(",
	};

	for (const char *m : members)
		for (const char *at = strstr(name, m); at;
		     at = strstr(at + 1, m))
			if (ends_closure(name, at))
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
	bool lambda = is_lambda_body(name);
	free(name);
	return lambda;
}

enum ccprof_cc_kind ccprof_function_kind(const char *linkage,
					 const char *display)
{
	/* A name the plugin made (outer.inner, outer.anon@LINE, a block's,
	 * an OpenMP region's) is anonymous; a mangled one the LLVM pass
	 * rewrote (a namespace-scope closure type named after its
	 * variable) is what it names. */
	if (strncmp(display, "_Z", 2) != 0 && strcmp(linkage, display) != 0)
		return CCPROF_KIND_ANONYMOUS;
	if (is_lambda(display))
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
