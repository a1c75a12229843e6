/*
 * many_callers.h - macros that stamp out many numbered definitions, for
 * the context-mode tests that need a function entered from hundreds of
 * contexts: REPEAT_TEN(f, p) expands f(p0) ... f(p9), REPEAT_HUNDRED
 * and REPEAT_THOUSAND likewise with two and three more digits.
 */
#ifndef MANY_CALLERS_H
#define MANY_CALLERS_H

#define REPEAT_TEN(f, p) f(p##0) f(p##1) f(p##2) f(p##3) f(p##4) \
	f(p##5) f(p##6) f(p##7) f(p##8) f(p##9)
#define REPEAT_HUNDRED(f, p) REPEAT_TEN(f, p##0) REPEAT_TEN(f, p##1) \
	REPEAT_TEN(f, p##2) REPEAT_TEN(f, p##3) REPEAT_TEN(f, p##4) \
	REPEAT_TEN(f, p##5) REPEAT_TEN(f, p##6) REPEAT_TEN(f, p##7) \
	REPEAT_TEN(f, p##8) REPEAT_TEN(f, p##9)
#define REPEAT_THOUSAND(f, p) REPEAT_HUNDRED(f, p##0) \
	REPEAT_HUNDRED(f, p##1) REPEAT_HUNDRED(f, p##2) \
	REPEAT_HUNDRED(f, p##3) REPEAT_HUNDRED(f, p##4) \
	REPEAT_HUNDRED(f, p##5) REPEAT_HUNDRED(f, p##6) \
	REPEAT_HUNDRED(f, p##7) REPEAT_HUNDRED(f, p##8) \
	REPEAT_HUNDRED(f, p##9)

#endif
