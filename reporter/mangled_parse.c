/*
 * mangled_parse.c - an Itanium-mangled C++ symbol read whole (see
 * mangled_parse.h).
 *
 * A recursive-descent reader of the Itanium C++ ABI's grammar (names,
 * types, template arguments, expressions) that builds nothing but three
 * lists: the substitution candidates in the order the ABI numbers them
 * ("Compression": each prefix of a nested name, an unscoped template
 * name, every type but the builtin ones and substitutions themselves,
 * a template parameter or decltype as an <unresolved-type>), the
 * references to them ("S_", "S<seq-id>_", each checked to name a
 * candidate before it), and the template parameter declarations
 * ("<template-param-decl>" before an argument or in a lambda's
 * signature) and constraints ("Q <expression>") of clang 19 and later.
 * Where the ABI leaves room, it follows what clang's mangler writes, as
 * LLVM's demangler (ItaniumDemangle.h) reads it.
 *
 * Whatever it does not know (modules, vendor qualifiers, enable_if
 * attributes, requires-expressions, a few extended types) fails the
 * reading, as does nesting deeper than MANGLED_MAX_DEPTH: its callers
 * then leave the symbol alone.  It reads within the string's length only.
 */
#include "mangled_parse.h"

#include <stdlib.h>
#include <string.h>

/* The state of one reading; its arrays become the result's. */
struct parser {
	const char *s;
	size_t len, pos;
	int depth;
	int no_template_args;	/* a conversion operator's type: "cv T_ I" */
	struct mangled_cand *cands;	/* as in struct mangled_parts */
	size_t ncands, capcands;
	struct mangled_ref *refs;
	size_t nrefs, caprefs;
	struct mangled_span *cuts;
	size_t ncuts, capcuts;
};

/* What the name of an encoding says about the types after it. */
struct name_state {
	int ends_with_template_args;	/* a template: a return type follows */
	int ctor_dtor_conv;		/* ...unless a constructor, destructor
					 * or conversion operator */
};

static int type(struct parser *p);
static int expression(struct parser *p);
static int name(struct parser *p, struct name_state *st);
static int encoding(struct parser *p);
static int template_args(struct parser *p);
static int template_arg(struct parser *p);
static int operator_name(struct parser *p, struct name_state *st);

static char peek(const struct parser *p, size_t k)
{
	return p->pos + k < p->len ? p->s[p->pos + k] : '\0';
}

static int consume(struct parser *p, const char *token)
{
	size_t n = strlen(token);

	if (p->len - p->pos < n || memcmp(p->s + p->pos, token, n) != 0)
		return 0;
	p->pos += n;
	return 1;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* ITEMS with room for N + 1 of SIZE (N used, *CAP allocated): ITEMS,
 * or a larger copy; NULL when out of memory (ITEMS is left as it is). */
static void *grow(void *items, size_t *cap, size_t n, size_t size)
{
	void *more;
	size_t want;

	if (n < *cap)
		return items;
	want = *cap ? 2 * *cap : 32;
	more = realloc(items, want * size);
	if (more)
		*cap = want;
	return more;
}

/* Records [START, pos) as the next substitution candidate. */
static int candidate(struct parser *p, size_t start,
		     enum mangled_cand_kind kind)
{
	struct mangled_cand *more = grow(p->cands, &p->capcands, p->ncands,
					 sizeof *p->cands);

	if (!more)
		return 0;
	p->cands = more;
	p->cands[p->ncands].start = start;
	p->cands[p->ncands].end = p->pos;
	p->cands[p->ncands].kind = kind;
	p->ncands++;
	return 1;
}

static int cut(struct parser *p, size_t start, size_t end)
{
	struct mangled_span *more = grow(p->cuts, &p->capcuts, p->ncuts,
					 sizeof *p->cuts);

	if (!more)
		return 0;
	p->cuts = more;
	p->cuts[p->ncuts].start = start;
	p->cuts[p->ncuts].end = end;
	p->ncuts++;
	return 1;
}

static int enter(struct parser *p)
{
	return ++p->depth <= MANGLED_MAX_DEPTH;
}

static int leave(struct parser *p, int ok)
{
	p->depth--;
	return ok;
}

/* <number>: [n] digits; with ALLOW_NEGATIVE the "n".  0 if none. */
static int number(struct parser *p, int allow_negative)
{
	size_t start;

	if (allow_negative && peek(p, 0) == 'n')
		p->pos++;
	start = p->pos;
	while (is_digit(peek(p, 0)))
		p->pos++;
	return p->pos > start;
}

/* <source-name> ::= <length> <identifier> */
static int source_name(struct parser *p)
{
	size_t n = 0;

	if (!is_digit(peek(p, 0)))
		return 0;
	while (is_digit(peek(p, 0))) {
		if (n > p->len)
			return 0;
		n = n * 10 + (size_t)(peek(p, 0) - '0');
		p->pos++;
	}
	if (n == 0 || n > p->len - p->pos)
		return 0;
	p->pos += n;
	return 1;
}

/* <abi-tag>* ::= B <source-name> */
static int abi_tags(struct parser *p)
{
	while (peek(p, 0) == 'B') {
		p->pos++;
		if (!source_name(p))
			return 0;
	}
	return 1;
}

/* [<discriminator>] ::= _ <digit> | __ <number> _ */
static void discriminator(struct parser *p)
{
	size_t k = 2;

	if (peek(p, 0) != '_')
		return;
	if (is_digit(peek(p, 1))) {
		p->pos += 2;
		return;
	}
	if (peek(p, 1) != '_' || !is_digit(peek(p, 2)))
		return;
	while (is_digit(peek(p, k)))
		k++;
	if (peek(p, k) == '_')
		p->pos += k + 1;
}

static void cv_qualifiers(struct parser *p)
{
	if (peek(p, 0) == 'r')
		p->pos++;
	if (peek(p, 0) == 'V')
		p->pos++;
	if (peek(p, 0) == 'K')
		p->pos++;
}

/* <substitution> ::= S_ | S <seq-id> _ | Sa | Sb | Ss | Si | So | Sd;
 * a numbered one is recorded as a reference.  ("St" is the callers'.) */
static int substitution(struct parser *p, enum mangled_ref_context context)
{
	struct mangled_ref *more;
	size_t start = p->pos, index = 0;
	char c;

	if (peek(p, 0) != 'S')
		return 0;
	p->pos++;
	c = peek(p, 0);
	if (c == 'a' || c == 'b' || c == 's' || c == 'i' || c == 'o' ||
	    c == 'd') {
		p->pos++;
		if (peek(p, 0) == 'B') {
			/* a special substitution with ABI tags: a new
			 * candidate */
			if (!abi_tags(p))
				return 0;
			return candidate(p, start, CAND_TYPE);
		}
		return 1;
	}
	if (c == '_') {
		p->pos++;
	} else {
		while ((c = peek(p, 0)) != '_') {
			size_t digit;

			if (is_digit(c))
				digit = (size_t)(c - '0');
			else if (c >= 'A' && c <= 'Z')
				digit = (size_t)(c - 'A') + 10;
			else
				return 0;
			if (index > p->len)
				return 0;
			index = index * 36 + digit;
			p->pos++;
		}
		if (p->pos == start + 1)
			return 0;
		p->pos++;
		index++;
	}
	if (index >= p->ncands)
		return 0;
	more = grow(p->refs, &p->caprefs, p->nrefs, sizeof *p->refs);
	if (!more)
		return 0;
	p->refs = more;
	p->refs[p->nrefs].start = start;
	p->refs[p->nrefs].end = p->pos;
	p->refs[p->nrefs].index = index;
	p->refs[p->nrefs].context = context;
	p->nrefs++;
	return 1;
}

/* <template-param> ::= T_ | T <number> _ | TL <number> __ | TL <number> _ <number> _ */
static int template_param(struct parser *p)
{
	if (peek(p, 0) != 'T')
		return 0;
	p->pos++;
	if (peek(p, 0) == 'L') {
		p->pos++;
		if (!number(p, 0) || peek(p, 0) != '_')
			return 0;
		p->pos++;
	}
	if (peek(p, 0) != '_' && !number(p, 0))
		return 0;
	if (peek(p, 0) != '_')
		return 0;
	p->pos++;
	return 1;
}

static int is_param_decl(const struct parser *p)
{
	char c = peek(p, 1);

	return peek(p, 0) == 'T' &&
	       (c == 'y' || c == 'k' || c == 'n' || c == 't' || c == 'p');
}

/* <template-param-decl> ::= Ty | Tk <name> [<template-args>] | Tn <type>
 *                       | Tt <template-param-decl>* [Q <expression>] E
 *                       | Tp <template-param-decl> */
static int param_decl(struct parser *p)
{
	if (!enter(p))
		return leave(p, 0);
	if (consume(p, "Ty"))
		return leave(p, 1);
	if (consume(p, "Tk"))
		return leave(p, name(p, NULL));
	if (consume(p, "Tn"))
		return leave(p, type(p));
	if (consume(p, "Tp"))
		return leave(p, param_decl(p));
	if (!consume(p, "Tt"))
		return leave(p, 0);
	while (!consume(p, "E")) {
		if (!param_decl(p))
			return leave(p, 0);
		if (consume(p, "Q"))
			return leave(p, expression(p) && consume(p, "E"));
	}
	return leave(p, 1);
}

/* "Q <expression>", recorded as a cut. */
static int constraint(struct parser *p)
{
	size_t start = p->pos;

	if (!consume(p, "Q") || !expression(p))
		return 0;
	return cut(p, start, p->pos);
}

/* <template-args> ::= I <template-arg>* [Q <expression>] E */
static int template_args(struct parser *p)
{
	if (!consume(p, "I"))
		return 0;
	while (!consume(p, "E")) {
		if (!template_arg(p))
			return 0;
		if (peek(p, 0) == 'Q')
			return constraint(p) && consume(p, "E");
	}
	return 1;
}

/* <expr-primary> ::= L <type> <value> E | L _Z <encoding> E | ... */
static int expr_primary(struct parser *p)
{
	if (!consume(p, "L"))
		return 0;
	switch (peek(p, 0)) {
	case 'w': case 'c': case 'a': case 'h': case 's': case 't':
	case 'i': case 'j': case 'l': case 'm': case 'x': case 'y':
	case 'n': case 'o':
		p->pos++;
		return number(p, 1) && consume(p, "E");
	case 'b':
		return consume(p, "b0E") || consume(p, "b1E");
	case 'f': case 'd': case 'e': {
		size_t start = ++p->pos;

		while (is_digit(peek(p, 0)) ||
		       (peek(p, 0) >= 'a' && peek(p, 0) <= 'f'))
			p->pos++;
		return p->pos > start && consume(p, "E");
	}
	case '_':
		return consume(p, "_Z") && encoding(p) && consume(p, "E");
	case 'A':
		return type(p) && consume(p, "E");
	case 'D':
		if (!consume(p, "Dn"))
			return 0;
		consume(p, "0");
		return consume(p, "E");
	case 'T':
	case 'U':
		return 0;
	default:
		return type(p) && number(p, 1) && consume(p, "E");
	}
}

/* <template-arg> ::= <type> | X <expression> E | <expr-primary>
 *                | J <template-arg>* E | LZ <encoding> E
 *                | <template-param-decl> <template-arg>  (cut) */
static int template_arg(struct parser *p)
{
	int ok;

	if (!enter(p))
		return leave(p, 0);
	switch (peek(p, 0)) {
	case 'X':
		p->pos++;
		ok = expression(p) && consume(p, "E");
		break;
	case 'J':
		p->pos++;
		ok = 1;
		while (ok && !consume(p, "E"))
			ok = template_arg(p);
		break;
	case 'L':
		if (peek(p, 1) == 'Z') {
			p->pos += 2;
			ok = encoding(p) && consume(p, "E");
		} else {
			ok = expr_primary(p);
		}
		break;
	case 'T':
		if (is_param_decl(p)) {
			size_t start = p->pos;

			ok = param_decl(p) && cut(p, start, p->pos) &&
			     template_arg(p);
			break;
		}
		ok = type(p);
		break;
	default:
		ok = type(p);
		break;
	}
	return leave(p, ok);
}

/* <function-type> ::= [<CV-qualifiers>] [Do | DO <expr> E | Dw <type>* E]
 *                     [Dx] F [Y] <type> <type>* [R | O] E */
static int function_type(struct parser *p)
{
	cv_qualifiers(p);
	if (consume(p, "DO")) {
		if (!expression(p) || !consume(p, "E"))
			return 0;
	} else if (consume(p, "Dw")) {
		while (!consume(p, "E"))
			if (!type(p))
				return 0;
	} else {
		consume(p, "Do");
	}
	consume(p, "Dx");
	if (!consume(p, "F"))
		return 0;
	consume(p, "Y");
	if (!type(p))
		return 0;
	for (;;) {
		if (consume(p, "E") || consume(p, "RE") || consume(p, "OE"))
			return 1;
		if (consume(p, "v"))
			continue;
		if (!type(p))
			return 0;
	}
}

/* <decltype> ::= Dt <expression> E | DT <expression> E */
static int decltype_(struct parser *p)
{
	if (!consume(p, "Dt") && !consume(p, "DT"))
		return 0;
	return expression(p) && consume(p, "E");
}

static int builtin_letter(char c)
{
	return c && strchr("vwbcahstijlmxynofdegz", c) != NULL;
}

/* <type>, pushing the candidates the ABI makes of it. */
static int type(struct parser *p)
{
	size_t start = p->pos;
	int ok;
	char c = peek(p, 0);

	if (!enter(p))
		return leave(p, 0);
	if (builtin_letter(c)) {
		p->pos++;
		return leave(p, 1);
	}
	switch (c) {
	case 'r':
	case 'V':
	case 'K': {
		size_t k = 0;

		if (peek(p, k) == 'r')
			k++;
		if (peek(p, k) == 'V')
			k++;
		if (peek(p, k) == 'K')
			k++;
		if (peek(p, k) == 'F' ||
		    (peek(p, k) == 'D' && peek(p, k + 1) &&
		     strchr("oOwx", peek(p, k + 1)))) {
			ok = function_type(p);
			break;
		}
		cv_qualifiers(p);
		ok = type(p);
		break;
	}
	case 'u':
		p->pos++;
		ok = source_name(p);
		if (ok && consume(p, "I"))
			ok = type(p) && consume(p, "E");
		break;
	case 'D':
		c = peek(p, 1);
		if (c && strchr("defhisuacn", c)) {
			p->pos += 2;
			return leave(p, 1);
		}
		if (c == 't' || c == 'T') {
			ok = decltype_(p);
		} else if (c == 'p') {
			p->pos += 2;
			ok = type(p);
		} else if (c == 'v') {
			p->pos += 2;
			if (consume(p, "_")) {
				ok = 1;
			} else if (is_digit(peek(p, 0))) {
				ok = number(p, 0) && consume(p, "_");
			} else {
				ok = expression(p) && consume(p, "_");
			}
			ok = ok && type(p);
		} else if (c && strchr("oOwx", c)) {
			ok = function_type(p);
		} else {
			ok = 0;	/* DF, DB, DU, DA, DR, DS, Dk, DK */
		}
		break;
	case 'F':
		ok = function_type(p);
		break;
	case 'A':
		p->pos++;
		if (consume(p, "_"))
			ok = 1;
		else if (is_digit(peek(p, 0)))
			ok = number(p, 0) && consume(p, "_");
		else
			ok = expression(p) && consume(p, "_");
		ok = ok && type(p);
		break;
	case 'M':
		p->pos++;
		ok = type(p) && type(p);
		break;
	case 'T':
		c = peek(p, 1);
		if (c == 's' || c == 'u' || c == 'e') {
			p->pos += 2;
			ok = name(p, NULL);
			break;
		}
		ok = template_param(p);
		if (ok && !p->no_template_args && peek(p, 0) == 'I')
			ok = candidate(p, start, CAND_ONE_NAME) &&
			     template_args(p);
		break;
	case 'P':
	case 'R':
	case 'O':
	case 'C':
	case 'G':
		p->pos++;
		ok = type(p);
		break;
	case 'S':
		if (peek(p, 1) != 't') {
			if (!substitution(p, REF_TYPE))
				return leave(p, 0);
			/* a substitution is no new candidate (one with ABI
			 * tags was made one by substitution()), a
			 * template-id of one is */
			if (peek(p, 0) != 'I' || p->no_template_args)
				return leave(p, 1);
			ok = template_args(p);
			break;
		}
		/* St <unqualified-name>: */
		/* FALLTHROUGH */
	default:
		ok = name(p, NULL);
		break;
	}
	if (ok)
		ok = candidate(p, start, CAND_TYPE);
	return leave(p, ok);
}

/* <unnamed-type-name> ::= Ut [<number>] _
 *                     | Ul <template-param-decl>* [Q <expr>] <type>+ [Q <expr>] E [<number>] _
 *                     | Ub [<number>] _ */
static int unnamed_type_name(struct parser *p)
{
	if (consume(p, "Ut") || consume(p, "Ub")) {
		number(p, 0);
		return consume(p, "_");
	}
	if (!consume(p, "Ul"))
		return 0;
	while (is_param_decl(p)) {
		size_t start = p->pos;

		if (!param_decl(p) || !cut(p, start, p->pos))
			return 0;
	}
	if (peek(p, 0) == 'Q' && !constraint(p))
		return 0;
	if (!consume(p, "v")) {
		do {
			if (!type(p))
				return 0;
		} while (peek(p, 0) != 'E' && peek(p, 0) != 'Q');
	}
	if (peek(p, 0) == 'Q' && !constraint(p))
		return 0;
	if (!consume(p, "E"))
		return 0;
	number(p, 0);
	return consume(p, "_");
}

/* <ctor-dtor-name> ::= C [I] (1|2|3|4|5) [<name>] | D (0|1|2|4|5) */
static int ctor_dtor_name(struct parser *p, struct name_state *st)
{
	if (consume(p, "C")) {
		int inherited = consume(p, "I");
		char c = peek(p, 0);

		if (c < '1' || c > '5')
			return 0;
		p->pos++;
		if (st)
			st->ctor_dtor_conv = 1;
		return !inherited || name(p, st);
	}
	if (peek(p, 0) == 'D' && peek(p, 1) && strchr("01245", peek(p, 1))) {
		p->pos += 2;
		if (st)
			st->ctor_dtor_conv = 1;
		return 1;
	}
	return 0;
}

/* <unqualified-name> ::= [L] <source-name> | <unnamed-type-name>
 *                    | DC <source-name>+ E | <ctor-dtor-name>
 *                    | <operator-name>, each with [<abi-tags>] */
static int unqualified_name(struct parser *p, struct name_state *st,
			    int has_scope)
{
	char c;
	int ok;

	if (peek(p, 0) == 'W')
		return 0;	/* modules: not read */
	if (has_scope)
		consume(p, "F");
	consume(p, "L");
	c = peek(p, 0);
	if (c >= '1' && c <= '9') {
		ok = source_name(p);
	} else if (c == 'U') {
		ok = unnamed_type_name(p);
	} else if (consume(p, "DC")) {
		ok = source_name(p);
		while (ok && !consume(p, "E"))
			ok = source_name(p);
	} else if (c == 'C' || c == 'D') {
		ok = has_scope && ctor_dtor_name(p, st);
	} else {
		ok = operator_name(p, st);
	}
	return ok && abi_tags(p);
}

/* <nested-name> ::= N [<CV-qualifiers>] [<ref-qualifier>] <prefix> E
 *               | N H <prefix> E.  Each prefix is a candidate, the whole
 * name is not (a type's caller pushes it). */
static int nested_name(struct parser *p, struct name_state *st)
{
	size_t start;
	int have = 0, pushed = 0, last_args = 0;
	int names = 0;	/* components so far; a substitution counts 2 */

	if (!consume(p, "N"))
		return 0;
	if (!consume(p, "H")) {
		cv_qualifiers(p);
		if (!consume(p, "O"))
			consume(p, "R");
	}
	start = p->pos;
	while (!consume(p, "E")) {
		char c = peek(p, 0);
		int args = 0;

		if (st)
			st->ends_with_template_args = 0;
		if (c == 'T') {
			if (have || !template_param(p))
				return 0;
		} else if (c == 'I') {
			if (!have || last_args || !template_args(p))
				return 0;
			if (st)
				st->ends_with_template_args = 1;
			args = 1;
		} else if (c == 'D' &&
			   (peek(p, 1) == 't' || peek(p, 1) == 'T')) {
			if (have || !decltype_(p))
				return 0;
		} else if (c == 'S') {
			if (have)
				return 0;
			if (!consume(p, "St")) {
				if (!substitution(p, REF_PREFIX))
					return 0;
				names = 2;
			}
			have = 1;
			pushed = 0;
			continue;	/* no new candidate */
		} else if (!unqualified_name(p, st, have)) {
			return 0;
		}
		have = 1;
		last_args = args;
		if (!args)
			names++;
		if (!candidate(p, start,
			       names == 1 ? CAND_ONE_NAME : CAND_PREFIX))
			return 0;
		pushed = 1;
		consume(p, "M");
	}
	if (!pushed)
		return 0;
	p->ncands--;	/* the whole name is no prefix */
	return 1;
}

/* <local-name> ::= Z <encoding> E <name> [<discriminator>]
 *              | Z <encoding> E s [<discriminator>]
 *              | Z <encoding> Ed [<number>] _ <name> */
static int local_name(struct parser *p, struct name_state *st)
{
	if (!consume(p, "Z") || !encoding(p) || !consume(p, "E"))
		return 0;
	if (consume(p, "s")) {
		discriminator(p);
		return 1;
	}
	if (consume(p, "d")) {
		number(p, 0);
		return consume(p, "_") && name(p, st);
	}
	if (!name(p, st))
		return 0;
	discriminator(p);
	return 1;
}

/* <name> ::= <nested-name> | <local-name> | <unscoped-name>
 *        | <unscoped-template-name> <template-args>
 *        | <substitution> <template-args> */
static int name(struct parser *p, struct name_state *st)
{
	size_t start = p->pos;
	int subst = 0, ok;

	if (!enter(p))
		return leave(p, 0);
	if (peek(p, 0) == 'N')
		return leave(p, nested_name(p, st));
	if (peek(p, 0) == 'Z')
		return leave(p, local_name(p, st));
	if (consume(p, "St")) {
		ok = unqualified_name(p, st, 1);
	} else if (peek(p, 0) == 'S') {
		ok = substitution(p, REF_TYPE);
		subst = 1;
	} else {
		ok = unqualified_name(p, st, 0);
	}
	if (!ok)
		return leave(p, 0);
	if (peek(p, 0) == 'I') {
		if (!subst && !candidate(p, start, CAND_ONE_NAME))
			return leave(p, 0);
		if (!template_args(p))
			return leave(p, 0);
		if (st)
			st->ends_with_template_args = 1;
	} else if (subst) {
		return leave(p, 0);
	}
	return leave(p, 1);
}

/* The operators of expressions and operator names, by how many operands
 * follow them (Itanium ABI, "Operator Encodings"). */
enum op_kind {
	OP_PREFIX, OP_POSTFIX, OP_BINARY, OP_ARRAY, OP_MEMBER, OP_NEW,
	OP_DEL, OP_CALL, OP_CCAST, OP_CONDITIONAL, OP_NAME_ONLY,
	OP_NAMED_CAST, OP_OF_TYPE, OP_OF_EXPR,
};

static const struct {
	char code[3];
	enum op_kind kind;
	int nameable;	/* may be an <operator-name> */
} operators[] = {
	{"aN", OP_BINARY, 1}, {"aS", OP_BINARY, 1}, {"aa", OP_BINARY, 1},
	{"ad", OP_PREFIX, 1}, {"an", OP_BINARY, 1}, {"at", OP_OF_TYPE, 0},
	{"aw", OP_NAME_ONLY, 1}, {"az", OP_OF_EXPR, 0},
	{"cc", OP_NAMED_CAST, 0}, {"cl", OP_CALL, 1}, {"cm", OP_BINARY, 1},
	{"co", OP_PREFIX, 1}, {"cp", OP_CALL, 1}, {"cv", OP_CCAST, 1},
	{"dV", OP_BINARY, 1}, {"da", OP_DEL, 1}, {"dc", OP_NAMED_CAST, 0},
	{"de", OP_PREFIX, 1}, {"dl", OP_DEL, 1}, {"ds", OP_MEMBER, 0},
	{"dt", OP_MEMBER, 0}, {"dv", OP_BINARY, 1}, {"eO", OP_BINARY, 1},
	{"eo", OP_BINARY, 1}, {"eq", OP_BINARY, 1}, {"ge", OP_BINARY, 1},
	{"gt", OP_BINARY, 1}, {"ix", OP_ARRAY, 1}, {"lS", OP_BINARY, 1},
	{"le", OP_BINARY, 1}, {"ls", OP_BINARY, 1}, {"lt", OP_BINARY, 1},
	{"mI", OP_BINARY, 1}, {"mL", OP_BINARY, 1}, {"mi", OP_BINARY, 1},
	{"ml", OP_BINARY, 1}, {"mm", OP_POSTFIX, 1}, {"na", OP_NEW, 1},
	{"ne", OP_BINARY, 1}, {"ng", OP_PREFIX, 1}, {"nt", OP_PREFIX, 1},
	{"nw", OP_NEW, 1}, {"oR", OP_BINARY, 1}, {"oo", OP_BINARY, 1},
	{"or", OP_BINARY, 1}, {"pL", OP_BINARY, 1}, {"pl", OP_BINARY, 1},
	{"pm", OP_MEMBER, 1}, {"pp", OP_POSTFIX, 1}, {"ps", OP_PREFIX, 1},
	{"pt", OP_MEMBER, 1}, {"qu", OP_CONDITIONAL, 1},
	{"rM", OP_BINARY, 1}, {"rS", OP_BINARY, 1}, {"rc", OP_NAMED_CAST, 0},
	{"rm", OP_BINARY, 1}, {"rs", OP_BINARY, 1}, {"sc", OP_NAMED_CAST, 0},
	{"ss", OP_BINARY, 1}, {"st", OP_OF_TYPE, 0}, {"sz", OP_OF_EXPR, 0},
	{"te", OP_OF_EXPR, 0}, {"ti", OP_OF_TYPE, 0},
};

/* The operator whose code is at the parser's position, consumed; -1 if
 * none. */
static int operator_code(struct parser *p)
{
	size_t k;

	for (k = 0; k < sizeof operators / sizeof operators[0]; k++) {
		if (peek(p, 0) == operators[k].code[0] &&
		    peek(p, 1) == operators[k].code[1]) {
			p->pos += 2;
			return (int)k;
		}
	}
	return -1;
}

/* The type of a conversion ("cv <type>"): a template parameter there
 * takes no template arguments (they are the enclosing name's). */
static int conversion_type(struct parser *p)
{
	int saved = p->no_template_args, ok;

	p->no_template_args = 1;
	ok = type(p);
	p->no_template_args = saved;
	return ok;
}

/* <operator-name> ::= <operator code> | cv <type> | li <source-name>
 *                 | v <digit> <source-name> */
static int operator_name(struct parser *p, struct name_state *st)
{
	int op;

	if (consume(p, "li"))
		return source_name(p);
	if (peek(p, 0) == 'v' && is_digit(peek(p, 1))) {
		p->pos += 2;
		return source_name(p);
	}
	op = operator_code(p);
	if (op < 0 || !operators[op].nameable)
		return 0;
	if (operators[op].kind == OP_CCAST) {
		if (st)
			st->ctor_dtor_conv = 1;
		return conversion_type(p);
	}
	return 1;
}

/* <simple-id> ::= <source-name> [<template-args>] */
static int simple_id(struct parser *p)
{
	if (!source_name(p))
		return 0;
	return peek(p, 0) != 'I' || template_args(p);
}

/* <unresolved-type> ::= <template-param> | <decltype> | <substitution>;
 * the first two are candidates. */
static int unresolved_type(struct parser *p)
{
	size_t start = p->pos;

	if (peek(p, 0) == 'T')
		return template_param(p) && candidate(p, start, CAND_TYPE);
	if (peek(p, 0) == 'D')
		return decltype_(p) && candidate(p, start, CAND_TYPE);
	return substitution(p, REF_UNRESOLVED);
}

/* <base-unresolved-name> ::= <simple-id> | on <operator-name> [<template-args>]
 *                        | dn <destructor-name> | <operator-name> [<template-args>] */
static int base_unresolved_name(struct parser *p)
{
	if (is_digit(peek(p, 0)))
		return simple_id(p);
	if (consume(p, "dn")) {
		if (is_digit(peek(p, 0)))
			return simple_id(p);
		return unresolved_type(p);
	}
	consume(p, "on");
	if (!operator_name(p, NULL))
		return 0;
	return peek(p, 0) != 'I' || template_args(p);
}

/* <unresolved-name> ::= [gs] <base-unresolved-name>
 *                   | srN <unresolved-type> [<template-args>] <simple-id>* E <base-unresolved-name>
 *                   | [gs] sr <simple-id>+ E <base-unresolved-name>
 *                   | sr <unresolved-type> [<template-args>] <base-unresolved-name> */
static int unresolved_name(struct parser *p)
{
	if (consume(p, "srN")) {
		if (!unresolved_type(p))
			return 0;
		if (peek(p, 0) == 'I' && !template_args(p))
			return 0;
		while (!consume(p, "E"))
			if (!simple_id(p))
				return 0;
		return base_unresolved_name(p);
	}
	if (!consume(p, "sr"))
		return base_unresolved_name(p);
	if (is_digit(peek(p, 0))) {
		do {
			if (!simple_id(p))
				return 0;
		} while (!consume(p, "E"));
	} else {
		if (!unresolved_type(p))
			return 0;
		if (peek(p, 0) == 'I' && !template_args(p))
			return 0;
	}
	return base_unresolved_name(p);
}

/* fpT | fp [<CV-qualifiers>] [<number>] _ | fL <number> p [<CV-qualifiers>] [<number>] _ */
static int function_param(struct parser *p)
{
	if (consume(p, "fpT"))
		return 1;
	if (consume(p, "fp")) {
		cv_qualifiers(p);
		number(p, 0);
		return consume(p, "_");
	}
	if (!consume(p, "fL") || !number(p, 0) || !consume(p, "p"))
		return 0;
	cv_qualifiers(p);
	number(p, 0);
	return consume(p, "_");
}

/* <braced-expression> ::= <expression> | di <field> <braced-expression>
 *                     | dx <expr> <braced-expression>
 *                     | dX <expr> <expr> <braced-expression> */
static int braced_expression(struct parser *p)
{
	if (consume(p, "di"))
		return source_name(p) && braced_expression(p);
	if (consume(p, "dx"))
		return expression(p) && braced_expression(p);
	if (consume(p, "dX"))
		return expression(p) && expression(p) &&
		       braced_expression(p);
	return expression(p);
}

static int expression_body(struct parser *p)
{
	int op, ok;

	consume(p, "gs");
	op = operator_code(p);
	if (op >= 0) {
		switch (operators[op].kind) {
		case OP_PREFIX:
		case OP_DEL:
		case OP_OF_EXPR:
			return expression(p);
		case OP_POSTFIX:
			consume(p, "_");
			return expression(p);
		case OP_BINARY:
		case OP_ARRAY:
		case OP_MEMBER:
			return expression(p) && expression(p);
		case OP_CONDITIONAL:
			return expression(p) && expression(p) &&
			       expression(p);
		case OP_NAMED_CAST:
			return type(p) && expression(p);
		case OP_OF_TYPE:
			return type(p);
		case OP_CALL:
			if (!expression(p))
				return 0;
			while (!consume(p, "E"))
				if (!expression(p))
					return 0;
			return 1;
		case OP_CCAST:
			if (!conversion_type(p))
				return 0;
			if (!consume(p, "_"))
				return expression(p);
			while (!consume(p, "E"))
				if (!expression(p))
					return 0;
			return 1;
		case OP_NEW:
			while (!consume(p, "_"))
				if (!expression(p))
					return 0;
			if (!type(p))
				return 0;
			if (consume(p, "E"))
				return 1;
			if (!consume(p, "pi"))
				return 0;
			while (!consume(p, "E"))
				if (!expression(p))
					return 0;
			return 1;
		case OP_NAME_ONLY:
			return 0;
		}
		return 0;
	}
	if (p->len - p->pos < 2)
		return 0;
	switch (peek(p, 0)) {
	case 'L':
		return expr_primary(p);
	case 'T':
		return template_param(p);
	case 'f':
		if (peek(p, 1) == 'p' ||
		    (peek(p, 1) == 'L' && is_digit(peek(p, 2))))
			return function_param(p);
		/* a fold: f (l|r|L|R) <binary operator> <expr> [<expr>] */
		p->pos++;
		if (!peek(p, 0) || !strchr("lrLR", peek(p, 0)))
			return 0;
		ok = peek(p, 0) == 'L' || peek(p, 0) == 'R';
		p->pos++;
		op = operator_code(p);
		if (op < 0 || (operators[op].kind != OP_BINARY &&
			       strcmp(operators[op].code, "pm") != 0 &&
			       strcmp(operators[op].code, "ds") != 0))
			return 0;
		return expression(p) && (!ok || expression(p));
	default:
		break;
	}
	if (consume(p, "il")) {
		while (!consume(p, "E"))
			if (!braced_expression(p))
				return 0;
		return 1;
	}
	if (consume(p, "nx") || consume(p, "sp") || consume(p, "tw"))
		return expression(p);
	if (consume(p, "tr"))
		return 1;
	if (consume(p, "so")) {
		if (!type(p) || !expression(p))
			return 0;
		number(p, 1);
		while (consume(p, "_"))
			number(p, 0);
		consume(p, "p");
		return consume(p, "E");
	}
	if (consume(p, "sZ")) {
		if (peek(p, 0) == 'T')
			return template_param(p);
		return function_param(p);
	}
	if (consume(p, "sP")) {
		while (!consume(p, "E"))
			if (!template_arg(p))
				return 0;
		return 1;
	}
	if (consume(p, "tl")) {
		if (!type(p))
			return 0;
		while (!consume(p, "E"))
			if (!braced_expression(p))
				return 0;
		return 1;
	}
	if (peek(p, 0) == 'u') {
		p->pos++;
		if (!source_name(p))
			return 0;
		while (!consume(p, "E"))
			if (!template_arg(p))
				return 0;
		return 1;
	}
	if (consume(p, "mc") || consume(p, "rq") || consume(p, "rQ"))
		return 0;	/* not read */
	return unresolved_name(p);
}

/* <expression> */
static int expression(struct parser *p)
{
	if (!enter(p))
		return leave(p, 0);
	return leave(p, expression_body(p));
}

static int call_offset(struct parser *p)
{
	if (consume(p, "h"))
		return number(p, 1) && consume(p, "_");
	if (consume(p, "v"))
		return number(p, 1) && consume(p, "_") && number(p, 1) &&
		       consume(p, "_");
	return 0;
}

/* <special-name>: the thunks, vtables and typeinfo a profile may name. */
static int special_name(struct parser *p)
{
	if (consume(p, "Th") || consume(p, "Tv")) {
		p->pos--;
		return call_offset(p) && encoding(p);
	}
	if (consume(p, "Tc")) {
		return call_offset(p) && call_offset(p) && encoding(p);
	}
	if (consume(p, "TV") || consume(p, "TT") || consume(p, "TI") ||
	    consume(p, "TS"))
		return type(p);
	if (consume(p, "TW") || consume(p, "TH") || consume(p, "GV"))
		return name(p, NULL);
	return 0;
}

static int end_of_encoding(const struct parser *p)
{
	char c = peek(p, 0);

	return c == '\0' || c == 'E' || c == '.' || c == '_';
}

/* <encoding> ::= <name> [<bare-function-type>] [Q <expression>]
 *            | <special-name> */
static int encoding(struct parser *p)
{
	struct name_state st = {0, 0};
	int ok = 1;

	if (!enter(p))
		return leave(p, 0);
	if (peek(p, 0) == 'G' || peek(p, 0) == 'T')
		return leave(p, special_name(p));
	if (!name(p, &st))
		return leave(p, 0);
	if (end_of_encoding(p))
		return leave(p, 1);
	if (peek(p, 0) == 'U')
		return leave(p, 0);	/* enable_if attributes: not read */
	if (!st.ctor_dtor_conv && st.ends_with_template_args)
		ok = type(p);
	if (ok && !consume(p, "v")) {
		do
			ok = type(p);
		while (ok && !end_of_encoding(p) && peek(p, 0) != 'Q');
	}
	if (ok && peek(p, 0) == 'Q')
		ok = constraint(p);
	return leave(p, ok);
}

int mangled_parse(const char *symbol, struct mangled_parts *parts)
{
	struct parser p;

	memset(&p, 0, sizeof p);
	memset(parts, 0, sizeof *parts);
	p.s = symbol;
	p.len = strlen(symbol);
	if (!consume(&p, "_Z") || !encoding(&p))
		goto fail;
	if (peek(&p, 0) == '.')
		p.pos = p.len;	/* ".constprop.0", ".ccprof": kept */
	if (p.pos != p.len)
		goto fail;
	parts->symbol = symbol;
	parts->len = p.len;
	parts->cands = p.cands;
	parts->ncands = p.ncands;
	parts->refs = p.refs;
	parts->nrefs = p.nrefs;
	parts->cuts = p.cuts;
	parts->ncuts = p.ncuts;
	return 1;
fail:
	free(p.cands);
	free(p.refs);
	free(p.cuts);
	return 0;
}

void mangled_parts_free(struct mangled_parts *parts)
{
	free(parts->cands);
	free(parts->refs);
	free(parts->cuts);
	memset(parts, 0, sizeof *parts);
}
