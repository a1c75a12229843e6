/*
 * shortname.c - short C++ display names (see shortname.h).
 *
 * One pass over the demangled name.  Brackets are counted, except in
 * an operator's name ("operator<", "operator()", "operator->"), which is
 * copied whole.  The last top-level parenthesised group is the
 * parameter list when nothing but qualifiers (const, volatile, &, &&,
 * noexcept) follows it and something precedes it ("(unprofiled)" is a
 * name, not parameters); it is dropped with them.  Within <...> at any
 * depth nothing is copied; the outermost list shows as "<...>".  A
 * deleting destructor's " [deleting]" (demangle.c) is set aside first
 * and put back after: "S::~S() [deleting]" is "S::~S [deleting]", as
 * "S::~S()" is "S::~S".
 */
#include "shortname.h"

#include <stdlib.h>
#include <string.h>

static const char *const operator_tokens[] = {
	"()", "[]", "->*", "->", "<<=", ">>=", "<=>", "<<", ">>", "<=",
	">=", "<", ">", "new[]", "delete[]",
};

/* Length of an operator's symbol at S (after "operator"), 0 if it is not
 * one of those holding a bracket. */
static size_t operator_length(const char *s)
{
	size_t k;

	for (k = 0; k < sizeof operator_tokens / sizeof *operator_tokens; k++)
		if (strncmp(s, operator_tokens[k],
			    strlen(operator_tokens[k])) == 0)
			return strlen(operator_tokens[k]);
	return 0;
}

/* Only qualifiers from S to the end. */
static int only_qualifiers(const char *s)
{
	static const char *const words[] = {
		"const", "volatile", "noexcept", "&&", "&", " ",
	};
	size_t k;

	while (*s) {
		for (k = 0; k < sizeof words / sizeof *words; k++)
			if (strncmp(s, words[k], strlen(words[k])) == 0)
				break;
		if (k == sizeof words / sizeof *words)
			return 0;
		s += strlen(words[k]);
	}
	return 1;
}

/* Where the parameter list starts: the '(' of the last top-level group
 * followed only by qualifiers; the end of NAME if there is none. */
static size_t parameters_start(const char *name)
{
	size_t i = 0, open = strlen(name), start = 0;
	int angle = 0, paren = 0;

	while (name[i]) {
		size_t op;

		if (strncmp(name + i, "operator", 8) == 0
		    && (op = operator_length(name + i + 8)) > 0) {
			i += 8 + op;
			continue;
		}
		switch (name[i]) {
		case '<': angle++; break;
		case '>': if (angle) angle--; break;
		case '(':
			if (paren++ == 0 && angle == 0)
				start = i;
			break;
		case ')':
			if (paren && --paren == 0 && angle == 0 && start > 0
			    && only_qualifiers(name + i + 1))
				open = start;
			break;
		}
		i++;
	}
	return open;
}

/* The demangler's suffix of a deleting destructor (demangle.c). */
static const char deleting[] = " [deleting]";

/* The length of NAME without a trailing " [deleting]". */
static size_t without_suffix(const char *name)
{
	size_t len = strlen(name), k = sizeof deleting - 1;

	return len > k && strcmp(name + len - k, deleting) == 0 ? len - k
								 : len;
}

char *shortname_of(const char *full, int keep_parameters)
{
	size_t len = without_suffix(full), i = 0, n = 0, end;
	char *name = strndup(full, len);
	char *out = malloc(len + sizeof deleting + 3 * (len / 2 + 1));
	int angle = 0;

	if (!name || !out) {
		free(name);
		free(out);
		return NULL;
	}
	end = keep_parameters ? len : parameters_start(name);
	while (i < end) {
		size_t op;

		if (angle == 0 && strncmp(name + i, "operator", 8) == 0
		    && (op = operator_length(name + i + 8)) > 0) {
			memcpy(out + n, name + i, 8 + op);
			n += 8 + op;
			i += 8 + op;
			continue;
		}
		if (name[i] == '<') {
			if (angle++ == 0) {
				memcpy(out + n, "<...>", 5);
				n += 5;
			}
		} else if (name[i] == '>' && angle > 0) {
			angle--;
		} else if (angle == 0) {
			out[n++] = name[i];
		}
		i++;
	}
	strcpy(out + n, full + len);	/* "" or " [deleting]" */
	free(name);
	return out;
}
