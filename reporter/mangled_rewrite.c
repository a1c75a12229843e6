/*
 * mangled_rewrite.c - a C++ symbol without its template parameter
 * declarations (see mangled_rewrite.h).
 *
 * Why: clang 19 and later mangle, before a template argument of a
 * function template, the declaration of its parameter when the argument
 * alone does not say it (Itanium C++ ABI <template-param-decl>):
 * `template<auto V> void f()` called as f<5>() is _Z1fITnDaLi5EEvv
 * ("Tn auto", then 5), where clang 14 and GCC write _Z1fILi5EEvv; and a
 * constraint, `Q <expression>`, after the template arguments or the
 * parameters.  GCC 12's demangler (libstdc++'s __cxa_demangle, which the
 * reporter uses) reads neither, so those functions showed their symbols
 * ({fmt} built with clang 22: 1,917 of them, mostly FMT_ENABLE_IF's
 * `Tn std::enable_if_t<...>`).  Without the declarations the symbol is
 * the older compilers' one, which demangles, and to the same name as
 * theirs.
 *
 * How: the symbol is read whole (mangled_parse.c), which gives its
 * substitution candidates (the components that later "S_", "S0_", ...
 * refer to, in the order the ABI numbers them), those references, and
 * the parts to cut (each <template-param-decl> before an argument, each
 * "Q <expression>").  Cutting a declaration removes the candidates
 * inside it (in `Tn std::enable_if<...>::type`: std::enable_if, its
 * template-id, the ::type, and a `T_` or two inside the expression), so
 * the symbol is written out again: the text outside the cuts as it is,
 * each reference renumbered over the candidates that remain, and a
 * reference to a candidate that was cut replaced by that candidate's own
 * text, written the same way (the first time; after that it is a
 * candidate of the new symbol and referred to by its new number), as a
 * compiler that never wrote the declaration mangles it:
 *
 *   _ZN3fmt2v96detail8bit_castIjfTnNSt9enable_ifIXeqstT_stT0_EiE4typeELi0EEES4_RKS5_
 *   _ZN3fmt2v96detail8bit_castIjfLi0EEET_RKT0_   (clang 14's; S4_ was T_)
 *
 * A candidate's text goes where its reference stood only where the
 * grammar takes it (fits()); a symbol that is not read whole, or whose
 * cut candidate would not fit, is left alone: a wrong name would be worse
 * than the symbol.
 */
#include "mangled_rewrite.h"
#include "mangled_parse.h"

#include <stdlib.h>
#include <string.h>

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The rewritten symbol may not grow beyond this many times the
 * original's length (each cut candidate is written out at most once, so
 * real symbols stay near their length; a hostile one is left alone). */
#define MAX_GROWTH 8

struct writer {
	const struct mangled_parts *p;
	size_t *new_index;	/* per candidate; NONE if not written */
	size_t next_index;
	long *cut_at;		/* per position: the cut starting there */
	long *ref_at;		/* per position: the reference starting there */
	long *first_ending;	/* per position: candidates ending there... */
	long *next_ending;	/* ...chained in table order */
	long *first_starting;	/* per position: candidates starting there */
	long *next_starting;
	char *out;
	size_t n, cap;
};

#define NONE ((size_t)-1)

static int put(struct writer *w, const char *text, size_t n)
{
	if (w->cap - w->n <= n)
		return 0;
	memcpy(w->out + w->n, text, n);
	w->n += n;
	return 1;
}

/* "S_", "S0_", ..., "SZ_", "S10_", ... for candidate INDEX. */
static int put_reference(struct writer *w, size_t index)
{
	char digits[32];
	size_t k = sizeof digits;

	digits[--k] = '_';
	if (index > 0) {
		index--;
		do {
			size_t d = index % 36;

			digits[--k] = (char)(d < 10 ? '0' + d : 'A' + d - 10);
			index /= 36;
		} while (index > 0);
	}
	digits[--k] = 'S';
	return put(w, digits + k, sizeof digits - k);
}

/* Whether candidate C lies in a cut that lies in [A, B). */
static int cut_within(const struct mangled_parts *p,
		      const struct mangled_cand *c,
		      size_t a, size_t b)
{
	size_t k;

	for (k = 0; k < p->ncuts; k++) {
		const struct mangled_span *x = &p->cuts[k];

		if (x->start >= a && x->end <= b && x->start <= c->start &&
		    c->end <= x->end)
			return 1;
	}
	return 0;
}

/* Numbers, in table order, the candidates of [A, B) that end at I and
 * were not cut: they are now written. */
static void register_ending(struct writer *w, size_t a, size_t b, size_t i)
{
	const struct mangled_parts *p = w->p;
	long k;

	for (k = w->first_ending[i]; k >= 0; k = w->next_ending[k]) {
		const struct mangled_cand *c = &p->cands[k];

		if (c->start >= a && c->end <= b && w->new_index[k] == NONE &&
		    !cut_within(p, c, a, b))
			w->new_index[k] = w->next_index++;
	}
}

/* The largest candidate in [A, B) that starts at I and is already
 * written, or -1. */
static long written_at(const struct writer *w, size_t b, size_t i)
{
	const struct mangled_parts *p = w->p;
	long best = -1, k;

	for (k = w->first_starting[i]; k >= 0; k = w->next_starting[k]) {
		const struct mangled_cand *c = &p->cands[k];

		if (c->end <= b && w->new_index[k] != NONE &&
		    (best < 0 || c->end > p->cands[best].end))
			best = k;
	}
	return best;
}

/* How candidate C's text may stand where reference R stood: FITS, a
 * type where a type was, or a prefix of one name ("3foo"); a prefix, or a
 * type that is one name, as a nested name's first prefix ("N3foo...",
 * not "NN3foo...E..."); a template parameter or decltype as an
 * <unresolved-type>.  FITS_NESTED, a prefix of several names where a
 * type or template name was, without template arguments after it:
 * within N...E ("N2ns5inner1XE" for the template ns::inner::X, the same
 * one candidate: its last prefix is the nested name's whole).  Else
 * NO_FIT. */
enum fit { NO_FIT, FITS, FITS_NESTED };

static enum fit fits(const struct mangled_parts *p, const struct mangled_ref *r,
		     const struct mangled_cand *c)
{
	const char *t = p->symbol + c->start;
	int param = t[0] == 'T' && (t[1] == '_' || t[1] == 'L' ||
				    is_digit(t[1]));
	int decl_type = t[0] == 'D' && (t[1] == 't' || t[1] == 'T');

	switch (r->context) {
	case REF_TYPE:
		if (c->kind != CAND_PREFIX)
			return FITS;
		return p->symbol[r->end] == 'I' ? NO_FIT : FITS_NESTED;
	case REF_PREFIX:
		if (c->kind != CAND_TYPE || is_digit(t[0]) || param ||
		    decl_type || (t[0] == 'S' && t[1] == 't'))
			return FITS;
		return NO_FIT;
	case REF_UNRESOLVED:
		return c->kind == CAND_TYPE && (param || decl_type) ? FITS
								    : NO_FIT;
	}
	return NO_FIT;
}

static int write_range(struct writer *w, size_t a, size_t b, int depth);

/* Writes reference R: the new number of the candidate it names, or the
 * first time after a cut took that candidate, its text. */
static int write_reference(struct writer *w, const struct mangled_ref *r,
			   int depth)
{
	const struct mangled_cand *c = &w->p->cands[r->index];
	enum fit fit;

	if (w->new_index[r->index] != NONE)
		return put_reference(w, w->new_index[r->index]);
	fit = fits(w->p, r, c);
	if (fit == NO_FIT)
		return 0;
	if (fit == FITS_NESTED)
		return put(w, "N", 1) &&
		       write_range(w, c->start, c->end, depth + 1) &&
		       put(w, "E", 1);
	return write_range(w, c->start, c->end, depth + 1);
}

/* Writes [A, B) of the symbol without its cuts: a reference to a
 * written candidate by its new number, one to a cut candidate the first
 * time as that candidate's text (or fails if that text cannot stand
 * there). */
static int write_range(struct writer *w, size_t a, size_t b, int depth)
{
	const struct mangled_parts *p = w->p;
	size_t i = a;

	if (depth > MANGLED_MAX_DEPTH)
		return 0;
	while (i < b) {
		long k = w->cut_at[i], done;

		if (k >= 0 && p->cuts[k].end <= b) {
			i = p->cuts[k].end;	/* nothing of a cut is written */
			continue;
		}
		done = written_at(w, b, i);
		if (done >= 0) {
			if (!put_reference(w, w->new_index[done]))
				return 0;
			i = p->cands[done].end;
		} else if ((k = w->ref_at[i]) >= 0) {
			if (!write_reference(w, &p->refs[k], depth))
				return 0;
			i = p->refs[k].end;
		} else {
			if (!put(w, p->symbol + i, 1))
				return 0;
			i++;
		}
		register_ending(w, a, b, i);
	}
	return 1;
}

static void *new_array(size_t n, size_t size)
{
	return malloc((n ? n : 1) * size);
}

char *mangled_without_param_decls(const char *symbol)
{
	struct mangled_parts p;
	struct writer w;
	char *result = NULL;
	size_t k;

	memset(&w, 0, sizeof w);
	if (!mangled_parse(symbol, &p))
		return NULL;
	if (p.ncuts == 0 || p.len > ((size_t)-1) / 16)
		goto out;

	w.p = &p;
	w.cap = MAX_GROWTH * p.len + 1;
	w.out = malloc(w.cap);
	w.new_index = new_array(p.ncands, sizeof *w.new_index);
	w.next_ending = new_array(p.ncands, sizeof *w.next_ending);
	w.next_starting = new_array(p.ncands, sizeof *w.next_starting);
	w.cut_at = new_array(p.len + 1, sizeof *w.cut_at);
	w.ref_at = new_array(p.len + 1, sizeof *w.ref_at);
	w.first_ending = new_array(p.len + 1, sizeof *w.first_ending);
	w.first_starting = new_array(p.len + 1, sizeof *w.first_starting);
	if (!w.out || !w.new_index || !w.next_ending || !w.next_starting ||
	    !w.cut_at || !w.ref_at || !w.first_ending || !w.first_starting)
		goto out;
	for (k = 0; k <= p.len; k++) {
		w.cut_at[k] = w.ref_at[k] = -1;
		w.first_ending[k] = w.first_starting[k] = -1;
	}
	/* the outermost cut at a position (a constraint inside a
	 * declaration's type is cut with it) */
	for (k = 0; k < p.ncuts; k++) {
		long *at = &w.cut_at[p.cuts[k].start];

		if (*at < 0 || p.cuts[*at].end < p.cuts[k].end)
			*at = (long)k;
	}
	for (k = 0; k < p.nrefs; k++)
		w.ref_at[p.refs[k].start] = (long)k;
	for (k = p.ncands; k-- > 0;) {
		w.new_index[k] = NONE;
		w.next_ending[k] = w.first_ending[p.cands[k].end];
		w.first_ending[p.cands[k].end] = (long)k;
		w.next_starting[k] = w.first_starting[p.cands[k].start];
		w.first_starting[p.cands[k].start] = (long)k;
	}
	if (!put(&w, "_Z", 2) || !write_range(&w, 2, p.len, 0))
		goto out;
	w.out[w.n] = '\0';
	result = w.out;
	w.out = NULL;
out:
	free(w.out);
	free(w.new_index);
	free(w.next_ending);
	free(w.next_starting);
	free(w.cut_at);
	free(w.ref_at);
	free(w.first_ending);
	free(w.first_starting);
	mangled_parts_free(&p);
	return result;
}
