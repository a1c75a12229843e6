/*
 * anon_names.c - names for anonymous functions (Appel, Duba & MacQueen,
 * section 2: "make up names for the unnamed functions (for example, an
 * unnamed function statically enclosed in function f might be called
 * f.anon)").
 *
 * C++ compilers name a lambda's closure type differently: GCC (and clang,
 * for lambdas in inline functions) mangle it as Itanium's
 * `main::{lambda(int, int)#1}`, clang gives lambdas in ordinary functions
 * `main::$_0`, and the numbers count different things.  So the same source
 * would give different cost-centre names with each compiler.  Both know
 * the line of the lambda's operator(), so the reporter renames
 *
 *     main::{lambda(int, int)#1}::operator()(int, int) const   (GCC)
 *     main::$_0::operator()(int, int) const                    (clang)
 *
 * to  main.anon@38  and the closure type to the same wherever it appears,
 * e.g. in  __gnu_cxx::__ops::_Iter_comp_iter<main.anon@38>::....
 */
#include "anon_names.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Length of the closure-type component starting at S ("{lambda(...)#N}"
 * or "$_N"), or 0 if S does not start one. */
static size_t lambda_component(const char *s)
{
	const char *p;
	int depth;

	if (s[0] == '$' && s[1] == '_' && isdigit((unsigned char)s[2])) {
		for (p = s + 2; isdigit((unsigned char)*p); p++)
			;
		return (size_t)(p - s);
	}
	if (strncmp(s, "{lambda(", 8) != 0)
		return 0;
	depth = 0;
	for (p = s + 7; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			break;
	}
	if (*p != ')' || p[1] != '#' || !isdigit((unsigned char)p[2]))
		return 0;
	for (p += 2; isdigit((unsigned char)*p); p++)
		;
	return *p == '}' ? (size_t)(p + 1 - s) : 0;
}

/* The members of a closure type that are the lambda's body. */
static int is_body_member(const char *s)
{
	static const char *const members[] = {
		"::operator()(", "::operator()<", "::__invoke(", "::_FUN(",
	};
	size_t i;

	for (i = 0; i < sizeof members / sizeof members[0]; i++)
		if (strncmp(s, members[i], strlen(members[i])) == 0)
			return 1;
	return 0;
}

/* The enclosing function's name without its parameter list: the text
 * before the first '(' outside template brackets. */
static size_t enclosing_length(const char *encl, size_t len)
{
	size_t i;
	int angle = 0;

	for (i = 0; i < len; i++) {
		if (encl[i] == '<')
			angle++;
		else if (encl[i] == '>' && angle > 0)
			angle--;
		else if (encl[i] == '(' && angle == 0 &&
			 strncmp(encl + i, "()", 2) != 0)
			return i;
	}
	return len;
}

/* A copy of S with every occurrence of FROM replaced by TO. */
static char *replace_all(const char *s, const char *from, const char *to)
{
	size_t nfrom = strlen(from), nto = strlen(to), count = 0;
	const char *p;
	char *out, *w;

	for (p = strstr(s, from); p; p = strstr(p + nfrom, from))
		count++;
	out = malloc(strlen(s) + count * nto + 1);
	if (!out)
		return NULL;
	w = out;
	while ((p = strstr(s, from))) {
		memcpy(w, s, (size_t)(p - s));
		w += p - s;
		memcpy(w, to, nto);
		w += nto;
		s = p + nfrom;
	}
	strcpy(w, s);
	return out;
}

/* If NAME is a lambda body "ENCL::LAMBDA::operator()...", sets *TOKEN to
 * "ENCL::LAMBDA" and *CANON to "ENCL'.anon@LINE" (new strings). */
static int lambda_body(const char *name, int64_t line, char **token,
		       char **canon)
{
	const char *p;
	size_t n;

	const char *q, *last = NULL;
	size_t last_n = 0;

	/* The innermost lambda body: the last match in the name. */
	for (q = strstr(name, "::"); q; q = strstr(q + 2, "::")) {
		n = lambda_component(q + 2);
		if (n && is_body_member(q + 2 + n)) {
			last = q;
			last_n = n;
		}
	}
	if (!last)
		return 0;
	p = last;
	n = last_n;
	*token = strndup(name, (size_t)(p + 2 + n - name));
	*canon = malloc((size_t)(p - name) + 32);
	if (!*token || !*canon) {
		free(*token);
		free(*canon);
		return -1;
	}
	n = enclosing_length(name, (size_t)(p - name));
	memcpy(*canon, name, n);
	if (line > 0)
		snprintf(*canon + n, 32, ".anon@%lld", (long long)line);
	else
		snprintf(*canon + n, 32, ".anon");
	return 1;
}

/* Replaces NAMES[i] by itself with FROM replaced by TO, for all i. */
static int rename_everywhere(char **names, size_t n, const char *from,
			     const char *to)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char *renamed;

		if (!strstr(names[i], from))
			continue;
		renamed = replace_all(names[i], from, to);
		if (!renamed)
			return -1;
		free(names[i]);
		names[i] = renamed;
	}
	return 0;
}

int anon_names_canonicalise(char **names, const int64_t *lines, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char *token = NULL, *canon = NULL;
		const char *body;
		int found = lambda_body(names[i], lines[i], &token, &canon);

		if (found < 0)
			return -1;
		if (!found)
			continue;
		/* The body itself: "ENCL::LAMBDA::operator()(...)" is the
		 * anonymous function; name it just "ENCL.anon@LINE". */
		body = names[i];
		if (strncmp(body, token, strlen(token)) == 0 &&
		    strncmp(body + strlen(token), "::operator()", 12) == 0) {
			char *plain = strdup(canon);

			if (!plain) {
				free(token);
				free(canon);
				return -1;
			}
			free(names[i]);
			names[i] = plain;
		}
		if (rename_everywhere(names, n, token, canon) != 0) {
			free(token);
			free(canon);
			return -1;
		}
		free(token);
		free(canon);
		i = (size_t)-1; /* names changed: look again from the start */
	}
	return 0;
}
