/*
 * demangle.c - display names for cost centres (see demangle.h).
 *
 * Uses the C++ runtime's demangler (libstdc++'s __cxa_demangle, part of
 * the Itanium C++ ABI), declared here by hand so that the reporter stays
 * a C program.  Symbols that are not mangled C++ names - C functions,
 * names the plugins made up such as "main.anon@12" - are shown as they
 * are.
 */
#include "demangle.h"

#include <stdlib.h>
#include <string.h>

/* Itanium C++ ABI, section 3.4: returns a malloc()ed string and sets
 * *status to 0 on success. */
char *__cxa_demangle(const char *mangled, char *buf, size_t *len,
		     int *status);

char *demangle_display_name(const char *symbol)
{
	int status = -1;
	char *name;

	if (strncmp(symbol, "_Z", 2) == 0) {
		name = __cxa_demangle(symbol, NULL, NULL, &status);
		if (name && status == 0)
			return name;
		free(name);
	}
	return strdup(symbol);
}
