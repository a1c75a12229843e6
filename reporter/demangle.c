/*
 * demangle.c - display names for cost centres (see demangle.h).
 *
 * Uses the C++ runtime's demangler (libstdc++'s __cxa_demangle, part of
 * the Itanium C++ ABI), declared here by hand so that the reporter stays
 * a C program.  Symbols that are not mangled C++ names - C functions,
 * names the plugins made up such as "main.anon@12" - are shown as they
 * are.
 *
 * A function template's demangled name starts with its return type, and
 * GCC and clang mangle some of those differently (SFINAE expressions:
 * `enable_if<__and_<...>>` against `enable_if<std::__and_<...>>`), so
 * the same function would get two names.  The display name leaves the
 * return type out: `std::swap<int>(int&, int&)`, as gprof and perf show
 * it; `symbol` keeps the exact linkage name.
 *
 * A return type that is a reference or pointer to an array or function
 * goes around the name ("(&f<int, 3>(...)) [3]"): that is left out too.
 *
 * ABI tags ("[abi:cxx11]": a function returning std::string) are left
 * out too: GCC does not put them in the linkage name of a function with
 * internal linkage where clang does, and one function would have two
 * names, paired by no cross-compiler comparison; `symbol` keeps them.
 *
 * A class's deleting destructor (what `delete` calls) and its complete
 * or base destructor demangle alike, and both are cost centres: the
 * deleting one is shown "X::~X() [deleting]", so that one `delete` is
 * not two rows of one name (or one row of two calls).
 *
 * clang 19 and later mangle template parameter declarations ("Tn
 * <type>" before an argument: `f<5>` of `template<auto V> void f()` is
 * _Z1fITnDaLi5EEvv) and constraints, which GCC 12's demangler does not
 * read: a symbol it refuses is demangled again without them
 * (mangled_rewrite.c), which is the symbol clang 14 and GCC give the
 * same function, so that it gets their name.
 */
#include "demangle.h"
#include "mangled_rewrite.h"

#include <stdlib.h>
#include <string.h>

/* Itanium C++ ABI, section 3.4: returns a malloc()ed string and sets
 * *status to 0 on success. */
char *__cxa_demangle(const char *mangled, char *buf, size_t *len,
		     int *status);

/* The length of the operator token at S ("==" of "==<It>(...)"): the
 * longest of the C++ operators that S starts with, so that template
 * arguments right after it ("operator==<It>", "operator><int>") are not
 * taken for part of it; 0 if none. */
static size_t operator_length(const char *s)
{
	static const char *const ops[] = {
		"<<=", ">>=", "<=>", "->*", "<<", ">>", "<=", ">=", "==",
		"!=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=",
		"^=", "&=", "|=", "->", "()", "[]", "+", "-", "*", "/", "%",
		"^", "&", "|", "~", "!", "=", "<", ">", ",",
	};
	for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
		size_t n = strlen(ops[k]);

		if (strncmp(s, ops[k], n) == 0)
			return n;	/* longest first */
	}
	return 0;
}

/* Whether the bracket at NAME[I] opens a decltype's expression, as in a
 * return type "decltype (({parm#1}.begin)()) f<V>(V&)": the demangler
 * writes "decltype (", and the bracket is no parameter list. */
static int after_decltype(const char *name, size_t i)
{
	static const char kw[] = "decltype";
	size_t n = sizeof kw - 1;

	if (i > 0 && name[i - 1] == ' ')
		i--;
	return i >= n && strncmp(name + i - n, kw, n) == 0 &&
	       (i == n || name[i - n - 1] == ' ' || name[i - n - 1] == '<' ||
		name[i - n - 1] == '(' || name[i - n - 1] == ',');
}

/* Where the function's name starts in demangled NAME: after the return
 * type (the last space outside brackets before the parameter list), or
 * 0.  "operator..." names and "(anonymous namespace)" are stepped over so
 * that their brackets and spaces are not mistaken for structure, and so
 * is a decltype's expression in the return type. */
static size_t name_start(const char *name)
{
	static const char anon[] = "(anonymous namespace)";
	size_t i = 0, start = 0;
	int depth = 0;

	while (name[i]) {
		char c = name[i];

		if (strncmp(name + i, anon, sizeof anon - 1) == 0) {
			i += sizeof anon - 1;
		} else if (strncmp(name + i, "operator", 8) == 0 &&
			   (i == 0 || name[i - 1] == ':' || name[i - 1] == ' ')) {
			i += 8;
			if (name[i] == ' ')
				return start; /* operator new, conversions */
			i += operator_length(name + i);
			if (name[i] == ' ' && name[i + 1] == '<')
				i++; /* "operator< <int>": template arguments */
		} else if (c == '(' && depth == 0 && !after_decltype(name, i)) {
			return start; /* the parameter list */
		} else if (c == '-' && name[i + 1] == '>') {
			i += 2; /* "this->f" in a decltype: no bracket */
		} else {
			if (c == '(' || c == '<' || c == '[' || c == '{')
				depth++;
			else if ((c == ')' || c == '>' || c == ']' || c == '}') &&
				 depth > 0)
				depth--;
			else if (c == ' ' && depth == 0)
				start = i + 1;
			i++;
		}
	}
	return 0; /* no parameter list: not a function name */
}

/* NAME, a function template's name after its return type, without the
 * rest of a return type that is a reference or pointer to an array or a
 * function, which the demangler writes around the name:
 * "(&f<int, 3>(int const (&) [3])) [3]" (a function returning
 * int const (&)[3]) is "f<int, 3>(int const (&) [3])"; in place. */
static void unwrap_declarator(char *name)
{
	size_t i, open = 1;
	int depth = 0;

	if (name[0] != '(' || (name[1] != '&' && name[1] != '*'))
		return;
	while (name[open] == '&' || name[open] == '*')
		open++;
	for (i = 0; name[i]; i++) {
		if (name[i] == '-' && name[i + 1] == '>') {
			i++;
		} else if (name[i] == '(' || name[i] == '<' || name[i] == '[') {
			depth++;
		} else if ((name[i] == ')' || name[i] == '>' || name[i] == ']') &&
			   --depth == 0) {
			if (name[i] != ')')
				return;
			memmove(name, name + open, i - open);
			name[i - open] = '\0';
			return;
		}
	}
}

/* Whether SYMBOL is a deleting destructor (Itanium "D0": the variant
 * that `delete` calls, which runs the complete destructor and frees the
 * object): its mangled name, before any ".clone" suffix, ends "D0Ev",
 * and NAME, its demangling, names a destructor ("~"), so that a
 * function named like "AbD0" is not taken for one. */
static int deleting_destructor(const char *symbol, const char *name)
{
	const char *dot = strchr(symbol, '.');
	size_t len = dot ? (size_t)(dot - symbol) : strlen(symbol);

	return len > 4 && strncmp(symbol + len - 4, "D0Ev", 4) == 0 &&
	       strstr(name, "::~") != NULL;
}

/* NAME without its ABI tags ("[abi:cxx11]"), in place. */
static void drop_abi_tags(char *name)
{
	static const char tag[] = "[abi:";
	char *at;

	while ((at = strstr(name, tag)) != NULL) {
		char *end = strchr(at, ']');

		if (!end)
			return;
		memmove(at, end + 1, strlen(end + 1) + 1);
	}
}

char *demangle_display_name(const char *symbol)
{
	static const char deleting[] = " [deleting]";
	int status = -1;
	char *name;

	if (strncmp(symbol, "_Z", 2) == 0) {
		name = __cxa_demangle(symbol, NULL, NULL, &status);
		if (!name || status != 0) {
			char *older = mangled_without_param_decls(symbol);

			if (older) {
				free(name);
				name = __cxa_demangle(older, NULL, NULL,
						      &status);
				free(older);
			}
		}
		if (name && status == 0) {
			size_t start = name_start(name);
			size_t len = strlen(name + start);

			memmove(name, name + start, len + 1);
			unwrap_declarator(name);
			drop_abi_tags(name);
			len = strlen(name);
			if (deleting_destructor(symbol, name)) {
				char *longer = realloc(name, len + sizeof deleting);

				if (!longer) {
					free(name);
					return NULL;
				}
				name = longer;
				memcpy(name + len, deleting, sizeof deleting);
			}
			return name;
		}
		free(name);
	}
	return strdup(symbol);
}
