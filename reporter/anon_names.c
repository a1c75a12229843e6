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
 *
 * Lambda bodies are renamed in the order of the names, so the first body
 * of a closure type (operator(), _FUN, ...) gives its line.  Renaming
 * never gives an earlier name a body it did not have, so one pass in
 * order suffices; and the names holding a closure type are found through
 * an index of the closure-type components in every name, so a profile of
 * a program with thousands of lambdas is not quadratic in its size.
 */
#include "anon_names.h"

#include <ctype.h>
#include <stdint.h>
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

/* Whether S, the text after a closure type ("::operator()(int) const"),
 * is all of a body's: its member and parameter list, with no "::" after
 * them (a type or function local to the lambda, "::operator()() const
 * ::Local::f()", is not the body) and no bracket closed that it did not
 * open (the closure type inside another name's template arguments or
 * parameters, "basic_format_string<f()::{lambda()#1}::operator()() const
 * ::S, 0>(...)", is not the body either). */
static int is_body_tail(const char *s)
{
	int depth = 0;

	for (s += 2; *s; s++) {
		if (*s == '(' || *s == '<')
			depth++;
		else if ((*s == ')' || *s == '>') && --depth < 0)
			return 0;
		else if (depth == 0 && s[0] == ':' && s[1] == ':')
			return 0;
	}
	return 1;
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

/* The first occurrence of the closure type TOKEN ("ENCL::LAMBDA") in S
 * at or after FROM that is the whole name: not the end of a longer one
 * ("domain::$_0", "ns::main::$_0" do not hold "main::$_0") nor the start
 * of another lambda ("main::$_12" does not hold "main::$_1"). */
static const char *find_token(const char *s, const char *from,
			      const char *token, size_t len)
{
	const char *p;

	for (p = strstr(from, token); p; p = strstr(p + 1, token)) {
		char before = p > s ? p[-1] : ' ';

		if (isalnum((unsigned char)before) || before == '_'
		    || before == ':' || before == '$')
			continue;
		if (isdigit((unsigned char)token[len - 1])
		    && isdigit((unsigned char)p[len]))
			continue;
		return p;
	}
	return NULL;
}

/* A copy of S with every occurrence of the closure type FROM (as
 * find_token sees it) replaced by TO. */
static char *replace_all(const char *s, const char *from, const char *to)
{
	size_t nfrom = strlen(from), nto = strlen(to), count = 0;
	const char *p, *start = s;
	char *out, *w;

	for (p = find_token(s, s, from, nfrom); p;
	     p = find_token(s, p + nfrom, from, nfrom))
		count++;
	out = malloc(strlen(s) + count * nto + 1);
	if (!out)
		return NULL;
	w = out;
	while ((p = find_token(start, s, from, nfrom))) {
		memcpy(w, s, (size_t)(p - s));
		w += p - s;
		memcpy(w, to, nto);
		w += nto;
		s = p + nfrom;
	}
	strcpy(w, s);
	return out;
}

/* Does the text from S to END end with ".anon", ".anon@N" or
 * ".anon@N#M"? */
static int ends_with_anon(const char *s, const char *end)
{
	const char *p = end;

	while (p > s && isdigit((unsigned char)p[-1]))
		p--;
	if (p < end && p > s && p[-1] == '#') {
		end = --p;
		while (p > s && isdigit((unsigned char)p[-1]))
			p--;
	}
	if (p < end && p > s && p[-1] == '@')
		end = --p;
	return end - s >= 5 && strncmp(end - 5, ".anon", 5) == 0;
}

/* If NAME is a lambda body "ENCL::LAMBDA::operator()...", sets *TOKEN to
 * "ENCL::LAMBDA" and *CANON to "ENCL'.anon@LINE" (new strings), and
 * *LAMBDA to where LAMBDA starts in *TOKEN. */
static int lambda_body(const char *name, int64_t line, int ordinal,
		       char **token, char **canon, const char **lambda)
{
	const char *p;
	size_t n;

	const char *q, *last = NULL;
	size_t last_n = 0;

	/* The innermost lambda body: the last match in the name. */
	for (q = strstr(name, "::"); q; q = strstr(q + 2, "::")) {
		n = lambda_component(q + 2);
		if (n && is_body_member(q + 2 + n) && is_body_tail(q + 2 + n)) {
			last = q;
			last_n = n;
		}
	}
	if (!last)
		return 0;
	p = last;
	n = last_n;
	*token = strndup(name, (size_t)(p + 2 + n - name));
	*canon = malloc((size_t)(p - name) + 48);
	if (!*token || !*canon) {
		free(*token);
		free(*canon);
		return -1;
	}
	*lambda = *token + (p + 2 - name);
	n = enclosing_length(name, (size_t)(p - name));
	/* A lambda in a lambda: outer.anon@5.anon@6, not
	 * outer.anon@5::operator().anon@6. */
	if (n > 12 && strncmp(name + n - 12, "::operator()", 12) == 0 &&
	    ends_with_anon(name, name + n - 12))
		n -= 12;
	memcpy(*canon, name, n);
	if (line > 0 && ordinal > 1)
		snprintf(*canon + n, 48, ".anon@%lld#%d", (long long)line,
			 ordinal);
	else if (line > 0)
		snprintf(*canon + n, 32, ".anon@%lld", (long long)line);
	else
		snprintf(*canon + n, 32, ".anon");
	return 1;
}

/* ---- the index: which names may hold which closure type ---- */

/*
 * A closure type ENCL::LAMBDA is looked up by a key that a name holding
 * it yields at that spot whatever precedes it there: LAMBDA and the
 * identifier of ENCL (its last one, read backwards from the "::" over
 * template arguments, a parameter list and const/volatile), e.g.
 * "f::{lambda()#1}" for "ns::f(int) const::{lambda()#1}".  So the
 * thousands of functions whose first lambda is {lambda()#1} do not share
 * one list.  ENCL is read only as far as it goes (find_token's rule for
 * where a closure type starts makes that well defined); when reading it
 * would need a byte before it (an unbalanced bracket, a bare "const", an
 * ENCL that is empty or only a group), it has no key and every name is
 * searched.
 */

struct key_bucket {
	char *key;		/* NULL: empty slot */
	size_t *names;		/* indexes of names, possibly repeated */
	size_t n, cap;
};

struct lambda_index {
	struct key_bucket *buckets;
	size_t cap, count;	/* cap: a power of two, or 0 */
};

static int is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Skip backwards from END (exclusive) over one bracketed group closed by
 * S[END - 1] (')' or '>'); the start of the group, or -1 if the string
 * starts before it is open. */
static long skip_group(const char *s, long end)
{
	char close = s[end - 1], open = close == ')' ? '(' : '<';
	int depth = 0;
	long k;

	for (k = end - 1; k >= 0; k--) {
		if (s[k] == close)
			depth++;
		else if (s[k] == open && --depth == 0)
			return k;
	}
	return -1;
}

/* The key of the closure type whose "::LAMBDA" (LEN bytes of LAMBDA) is
 * at S + P: a new string "IDENT::LAMBDA", or NULL with *NO_KEY set when
 * ENCL cannot be read within the string (*NO_KEY clear: out of memory). */
static char *key_at(const char *s, long p, const char *lambda, size_t len,
		    int *no_key)
{
	long k = p, j;
	char *key;

	*no_key = 1;
	for (;;) {
		if (k == 0)	/* elsewhere, ENCL may follow a group */
			return NULL;
		if (s[k - 1] == ')' || s[k - 1] == '>') {
			k = skip_group(s, k);
			if (k < 0)
				return NULL;
			continue;
		}
		for (j = k; j > 0 && is_ident(s[j - 1]); j--)
			;
		if ((k - j == 5 && strncmp(s + j, "const", 5) == 0)
		    || (k - j == 8 && strncmp(s + j, "volatile", 8) == 0)) {
			if (j == 0 || s[j - 1] != ' ')
				return NULL;
			k = j - 1;
			continue;
		}
		break;
	}
	*no_key = 0;
	key = malloc((size_t)(k - j) + 2 + len + 1);
	if (key) {
		memcpy(key, s + j, (size_t)(k - j));
		memcpy(key + (k - j), "::", 2);
		memcpy(key + (k - j) + 2, lambda, len);
		key[(k - j) + 2 + len] = '\0';
	}
	return key;
}

static size_t hash_key(const char *key)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *key; key++)
		h = (h ^ (unsigned char)*key) * 0x100000001b3ULL;
	return (size_t)h;
}

static struct key_bucket *find_bucket(struct key_bucket *buckets, size_t cap,
				      const char *key)
{
	size_t i = hash_key(key) & (cap - 1);

	while (buckets[i].key && strcmp(buckets[i].key, key) != 0)
		i = (i + 1) & (cap - 1);
	return &buckets[i];
}

static int index_grow(struct lambda_index *ix)
{
	size_t cap = ix->cap ? ix->cap * 2 : 256, i;
	struct key_bucket *buckets = calloc(cap, sizeof *buckets);

	if (!buckets)
		return -1;
	for (i = 0; i < ix->cap; i++)
		if (ix->buckets[i].key)
			*find_bucket(buckets, cap, ix->buckets[i].key) =
				ix->buckets[i];
	free(ix->buckets);
	ix->buckets = buckets;
	ix->cap = cap;
	return 0;
}

/* Note that name NAME may hold the closure type of KEY (taken over). */
static int index_add(struct lambda_index *ix, char *key, size_t name)
{
	struct key_bucket *b;

	if ((ix->count + 1) * 2 > ix->cap && index_grow(ix) != 0) {
		free(key);
		return -1;
	}
	b = find_bucket(ix->buckets, ix->cap, key);
	if (!b->key) {
		b->key = key;
		ix->count++;
	} else {
		free(key);
	}
	if (b->n > 0 && b->names[b->n - 1] == name)
		return 0;
	if (b->n == b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 4;
		size_t *names = realloc(b->names, cap * sizeof *names);

		if (!names)
			return -1;
		b->names = names;
		b->cap = cap;
	}
	b->names[b->n++] = name;
	return 0;
}

/* Index every "::LAMBDA" of names[I] that has a key. */
static int index_name(struct lambda_index *ix, char **names, size_t i)
{
	const char *s = names[i], *q;
	size_t len;

	for (q = strstr(s, "::"); q; q = strstr(q + 2, "::")) {
		char *key;
		int no_key;

		len = lambda_component(q + 2);
		if (len == 0)
			continue;
		key = key_at(s, (long)(q - s), q + 2, len, &no_key);
		if (!key && !no_key)
			return -1;
		if (key && index_add(ix, key, i) != 0)
			return -1;
	}
	return 0;
}

static void index_free(struct lambda_index *ix)
{
	size_t i;

	for (i = 0; i < ix->cap; i++) {
		free(ix->buckets[i].key);
		free(ix->buckets[i].names);
	}
	free(ix->buckets);
}

/* The new name of NAME, a body of the closure type that is its first
 * LEN bytes ("ENCL::LAMBDA"), which is named CANON ("ENCL.anon@LINE"):
 * the body itself, "ENCL::LAMBDA::operator()(...)", is the anonymous
 * function and is named just CANON; a generic lambda's instantiation
 * CANON<int> (whichever instantiation comes first); another member
 * (_FUN, __invoke) NAME with the closure type renamed. */
static char *body_name(const char *name, size_t len, const char *canon)
{
	char *renamed;
	char *token;

	if (strncmp(name + len, "::operator()<", 13) == 0) {
		const char *targs = name + len + 12;
		size_t k, depth = 0;

		for (k = 0; targs[k]; k++)
			if (targs[k] == '<')
				depth++;
			else if (targs[k] == '>' && --depth == 0)
				break;
		renamed = malloc(strlen(canon) + k + 2);
		if (renamed)
			sprintf(renamed, "%s%.*s", canon, (int)k + 1, targs);
		return renamed;
	}
	if (strncmp(name + len, "::operator()", 12) == 0)
		return strdup(canon);
	token = strndup(name, len);
	if (!token)
		return NULL;
	renamed = replace_all(name, token, canon);
	free(token);
	return renamed;
}

/* Replaces FROM by TO in names[I], and indexes it again: a renamed name
 * holds text it did not, and keys that depend on it.  A name that is
 * itself a body of FROM (the same lambda compiled into another module
 * of the run: one symbol, two cost centres) gets the body's name, as
 * the first did.  1 if it held FROM, 0 if not, -1 when out of memory. */
static int rename_in(char **names, size_t i, struct lambda_index *ix,
		     const char *from, const char *to)
{
	size_t nfrom = strlen(from);
	char *renamed;

	if (strncmp(names[i], from, nfrom) == 0 &&
	    is_body_member(names[i] + nfrom) && is_body_tail(names[i] + nfrom))
		renamed = body_name(names[i], nfrom, to);
	else if (!find_token(names[i], names[i], from, nfrom))
		return 0;
	else
		renamed = replace_all(names[i], from, to);
	if (!renamed)
		return -1;
	free(names[i]);
	names[i] = renamed;
	return index_name(ix, names, i) == 0 ? 1 : -1;
}

/* Replaces the closure type FROM (whose "::LAMBDA" is at FROM + P) by TO
 * in every name that may hold it. */
static int rename_everywhere(char **names, size_t n, struct lambda_index *ix,
			     const char *from, long p, const char *to)
{
	size_t *list = NULL, count, k;
	struct key_bucket *b;
	char *key;
	int no_key, rc = 0;

	key = key_at(from, p, from + p + 2, strlen(from + p + 2), &no_key);
	if (!key && !no_key)
		return -1;
	if (!key) {		/* search them all */
		for (k = 0; k < n && rc >= 0; k++)
			rc = rename_in(names, k, ix, from, to);
		return rc < 0 ? -1 : 0;
	}
	b = ix->cap ? find_bucket(ix->buckets, ix->cap, key) : NULL;
	free(key);
	if (!b || !b->key)
		return 0;
	/* Renaming adds to the index (and may move B): a copy of the list. */
	count = b->n;
	list = malloc(count * sizeof *list);
	if (!list)
		return -1;
	memcpy(list, b->names, count * sizeof *list);
	for (k = 0; k < count && rc >= 0; k++)
		rc = rename_in(names, list[k], ix, from, to);
	free(list);
	return rc < 0 ? -1 : 0;
}

/* Renames the innermost lambda body in NAMES[I], if it has one: 1 if it
 * did, 0 if there was none, -1 when out of memory. */
static int rename_body(char **names, size_t n, size_t i, int64_t line,
		       int ordinal, struct lambda_index *ix)
{
	char *token = NULL, *canon = NULL, *renamed;
	const char *lambda;
	size_t len;
	int found = lambda_body(names[i], line, ordinal, &token, &canon,
				&lambda);
	int rc = -1;

	if (found <= 0)
		return found;
	len = strlen(token);
	/* names[i] itself first: the loop must make progress */
	renamed = body_name(names[i], len, canon);
	if (!renamed)
		goto out;
	free(names[i]);
	names[i] = renamed;
	if (index_name(ix, names, i) != 0)
		goto out;
	if (rename_everywhere(names, n, ix, token,
			      (long)(lambda - token) - 2, canon) == 0)
		rc = 1;
out:
	free(token);
	free(canon);
	return rc;
}

/* ---- ordinals: several lambdas of one function on one line ---- */

/*
 * Two closure types of one enclosing function whose bodies are on the
 * same line would both be ENCL.anon@LINE.  The second and later get an
 * ordinal, ENCL.anon@LINE#2, #3, ..., in an order both compilers agree
 * on: by the body's parameter list, then by the compiler's number of the
 * closure type (GCC numbers lambdas of the same signature in source
 * order, {lambda(int)#1}, {lambda(int)#2}; clang all lambdas, $_0, $_1),
 * i.e. in source order among lambdas of one signature.  Closure types are
 * told apart by their original text (ENCL::LAMBDA), which holds the
 * enclosing lambdas' own, so the lambdas nested in two lambdas of one
 * line are not one group.
 */
struct closure {
	char *token;		/* "ENCL::LAMBDA", as in the original name */
	size_t encl_len;	/* of ENCL in token */
	const char *params;	/* the first body's "(...)..." (in names) */
	size_t params_len;
	unsigned long number;	/* the N of #N or $_N */
	int64_t line;		/* of its first body */
	size_t first;		/* the index of its first body */
	int ordinal;
};

static int by_token(const void *a, const void *b)
{
	const struct closure *x = a, *y = b;
	int c = strcmp(x->token, y->token);

	return c ? c : (x->first > y->first) - (x->first < y->first);
}

static int by_group(const void *a, const void *b)
{
	const struct closure *x = a, *y = b;
	size_t m = x->encl_len < y->encl_len ? x->encl_len : y->encl_len;
	int c = memcmp(x->token, y->token, m);

	if (c)
		return c;
	if (x->encl_len != y->encl_len)
		return x->encl_len < y->encl_len ? -1 : 1;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	m = x->params_len < y->params_len ? x->params_len : y->params_len;
	c = memcmp(x->params, y->params, m);
	if (c)
		return c;
	if (x->params_len != y->params_len)
		return x->params_len < y->params_len ? -1 : 1;
	return (x->number > y->number) - (x->number < y->number);
}

static int same_group(const struct closure *x, const struct closure *y)
{
	return x->encl_len == y->encl_len && x->line == y->line &&
	       memcmp(x->token, y->token, x->encl_len) == 0;
}

/* The number of the closure-type component at S ("$_N", "{...#N}"). */
static unsigned long closure_number(const char *s, size_t len)
{
	const char *p = s + len;

	if (*s == '{')
		p--;	/* before '}' */
	while (p > s && isdigit((unsigned char)p[-1]))
		p--;
	return strtoul(p, NULL, 10);
}

/* ORDINALS[i]: the ordinal of the closure type whose body names[i] is
 * (0 if none, 1 for the first of its line).  0, or -1 out of memory. */
static int assign_ordinals(char **names, const int64_t *lines, size_t n,
			   int *ordinals)
{
	struct closure *all = calloc(n ? n : 1, sizeof *all);
	size_t count = 0, i, j, k;
	int rc = 0;

	if (!all)
		return -1;
	for (i = 0; i < n; i++) {
		char *token = NULL, *canon = NULL;
		const char *lambda, *member;
		size_t len;
		int found = lambda_body(names[i], lines[i], 0, &token, &canon,
					&lambda);

		ordinals[i] = 0;
		if (found < 0) {
			rc = -1;
			goto out;
		}
		if (!found)
			continue;
		free(canon);
		len = lambda_component(lambda);
		member = names[i] + strlen(token);	/* "::operator()(..." */
		all[count].token = token;
		all[count].encl_len = (size_t)(lambda - token) - 2;
		all[count].params = strchr(member, '(');
		if (all[count].params && all[count].params[1] == ')'
		    && strncmp(member, "::operator()", 12) == 0)
			all[count].params = strchr(all[count].params + 2, '(');
		if (!all[count].params
		    || strncmp(member, "::operator()<", 13) == 0)
			all[count].params = "";	/* generic: instantiations */
		all[count].params_len = strlen(all[count].params);
		all[count].number = closure_number(lambda, len);
		all[count].line = lines[i];
		all[count].first = i;
		count++;
	}
	/* One entry per closure type: its first body. */
	qsort(all, count, sizeof *all, by_token);
	for (i = 0, j = 0; i < count; i++) {
		if (j > 0 && strcmp(all[j - 1].token, all[i].token) == 0) {
			free(all[i].token);
			continue;
		}
		all[j++] = all[i];
	}
	count = j;
	qsort(all, count, sizeof *all, by_group);
	for (i = 0; i < count; i = j) {
		for (j = i + 1; j < count && same_group(&all[i], &all[j]); j++)
			;
		for (k = i; k < j; k++)
			all[k].ordinal = all[k].line > 0 ? (int)(k - i) + 1 : 1;
	}
	/* Every body of a closure type gets its ordinal. */
	qsort(all, count, sizeof *all, by_token);
	for (i = 0; i < n; i++) {
		char *token = NULL, *canon = NULL;
		const char *lambda;
		struct closure *c;

		if (lambda_body(names[i], lines[i], 0, &token, &canon,
				&lambda) <= 0)
			continue;
		free(canon);
		c = NULL;
		for (k = 0, j = count; k < j;) {	/* the first of token */
			size_t mid = (k + j) / 2;

			if (strcmp(all[mid].token, token) < 0)
				k = mid + 1;
			else
				j = mid;
		}
		if (k < count && strcmp(all[k].token, token) == 0)
			c = &all[k];
		ordinals[i] = c ? c->ordinal : 1;
		free(token);
	}
out:
	for (i = 0; i < count; i++)
		free(all[i].token);
	free(all);
	return rc;
}

int anon_names_canonicalise(char **names, const int64_t *lines, size_t n)
{
	struct lambda_index ix;
	int *ordinals = malloc((n ? n : 1) * sizeof *ordinals);
	size_t i;
	int rc = 0;

	if (!ordinals || assign_ordinals(names, lines, n, ordinals) != 0) {
		free(ordinals);
		return -1;
	}
	memset(&ix, 0, sizeof ix);
	for (i = 0; i < n && rc == 0; i++)
		rc = index_name(&ix, names, i);
	/* A renamed name may hold another (enclosing) lambda body: look at
	 * it again before going on (its innermost lambda, whose ordinal
	 * ORDINALS[i] is, was renamed first). */
	i = 0;
	while (i < n && rc >= 0) {
		rc = rename_body(names, n, i, lines[i], ordinals[i], &ix);
		if (rc == 0)
			i++;
	}
	/* The other instantiations of a generic lambda were renamed with
	 * its closure type: ENCL.anon@LINE::operator()<double>(double)
	 * const is ENCL.anon@LINE<double> too. */
	for (i = 0; i < n && rc >= 0; i++) {
		char *op = ordinals[i] ? strstr(names[i], "::operator()<") : NULL;

		if (op && ends_with_anon(names[i], op)) {
			size_t k, depth = 0;
			char *targs = op + 12;

			for (k = 0; targs[k]; k++)
				if (targs[k] == '<')
					depth++;
				else if (targs[k] == '>' && --depth == 0)
					break;
			if (targs[k])
				memmove(op, targs, k + 1);
			if (targs[k])
				op[k + 1] = '\0';
		}
	}
	index_free(&ix);
	free(ordinals);
	return rc < 0 ? -1 : 0;
}
