/*
 * The program of context-dumps-while-threads-run-consistent.c and
 * context-merge-dumps-while-threads-run-consistent.c: a thread spins
 * through 100 functions of 10 callees each while main calls them too
 * and dumps the profile 30 times, 20 ms apart.  With KEEP_EACH_DUMP,
 * each dump is renamed "<CCPROF_OUT>.dK" after it is written.
 */
#include <ccprof.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile unsigned long sink;

#define G(j) \
	__attribute__((noinline)) void g##j(int n) \
	{ \
		for (int i = 0; i < n; i++) \
			sink += (unsigned long)i; \
	}
G(0) G(1) G(2) G(3) G(4) G(5) G(6) G(7) G(8) G(9)

#define F(i) \
	__attribute__((noinline)) void f##i(int n) \
	{ \
		g0(n); g1(n); g2(n); g3(n); g4(n); \
		g5(n); g6(n); g7(n); g8(n); g9(n); \
	}
#define F10(t) F(t##0) F(t##1) F(t##2) F(t##3) F(t##4) \
	F(t##5) F(t##6) F(t##7) F(t##8) F(t##9)
F10(1) F10(2) F10(3) F10(4) F10(5) F10(6) F10(7) F10(8) F10(9) F10(10)

#define P10(t) f##t##0, f##t##1, f##t##2, f##t##3, f##t##4, \
	f##t##5, f##t##6, f##t##7, f##t##8, f##t##9
static void (*const fs[])(int) = {
	P10(1), P10(2), P10(3), P10(4), P10(5),
	P10(6), P10(7), P10(8), P10(9), P10(10),
};

static void *spinner(void *arg)
{
	(void)arg;
	for (;;)
		for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++)
			fs[i](200);
	return NULL;
}

int main(void)
{
#ifdef KEEP_EACH_DUMP
	const char *out = getenv("CCPROF_OUT");
	char name[4096];
#endif
	struct timespec pause = { 0, 20000000 };
	pthread_t t;

	pthread_create(&t, NULL, spinner, NULL);
	nanosleep(&pause, NULL);
	for (int k = 0; k < 30; k++) {
		for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++)
			fs[i](50);
		if (ccprof_dump() != 0)
			return 1;
#ifdef KEEP_EACH_DUMP
		snprintf(name, sizeof name, "%s.d%d", out, k);
		if (rename(out, name) != 0)
			return 1;
#endif
		nanosleep(&pause, NULL);
	}
	return 0;	/* the spinner still runs */
}
