/*
 * mangled_parse.h - an Itanium-mangled C++ symbol read whole: its
 * substitution candidates, the references to them, and the template
 * parameter declarations and constraints of clang 19 and later.
 */
#ifndef CCPROF_REPORT_MANGLED_PARSE_H
#define CCPROF_REPORT_MANGLED_PARSE_H

#include <stddef.h>

/* Nesting deeper than this is not read (a hostile symbol must not
 * exhaust the stack); real symbols stay far below it. */
#define MANGLED_MAX_DEPTH 256

struct mangled_span {
	size_t start, end;	/* [start, end) of the symbol */
};

/* What a candidate's text is, for writing it where a reference to it
 * stood: a type, or a prefix of a nested name (N...E) that is one name
 * ("3foo", "St3foo", "3fooIiE", "T_") and so a type or template name by
 * itself, or one of several names ("3fmt2v9"), which is not. */
enum mangled_cand_kind { CAND_TYPE, CAND_ONE_NAME, CAND_PREFIX };

struct mangled_cand {
	size_t start, end;
	enum mangled_cand_kind kind;
};

/* Where a reference stands: for a type or template name, as the first
 * prefix of a nested name, or as an <unresolved-type> (T_, decltype or a
 * substitution only). */
enum mangled_ref_context { REF_TYPE, REF_PREFIX, REF_UNRESOLVED };

struct mangled_ref {
	size_t start, end;	/* the "S<seq-id>_" text */
	size_t index;		/* the candidate it names */
	enum mangled_ref_context context;
};

struct mangled_parts {
	const char *symbol;
	size_t len;
	struct mangled_cand *cands;	/* substitution candidates, in the
					 * ABI's order */
	size_t ncands;
	struct mangled_ref *refs;	/* in the order of the symbol */
	size_t nrefs;
	struct mangled_span *cuts;	/* template parameter declarations and
					 * constraints; one may hold another */
	size_t ncuts;
};

/* Reads SYMBOL, "_Z<encoding>" with an optional ".suffix", whole into
 * *PARTS, which points into SYMBOL: 1; 0 when SYMBOL is not read whole
 * or memory ran out (then *PARTS holds nothing to free). */
int mangled_parse(const char *symbol, struct mangled_parts *parts);

void mangled_parts_free(struct mangled_parts *parts);

#endif
