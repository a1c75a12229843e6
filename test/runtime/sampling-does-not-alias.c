// Samples do not alias with a program that repeats in step with the
// sampling period.  Each round of this program takes exactly one period
// (1 ms of CLOCK_MONOTONIC, which on an idle CPU is 1 ms of the thread's
// CPU time, the sampling clock): its first 0.3 ms in `a`, the rest in
// `b`.  Samples at a fixed interval would land at the same point of every
// round and charge nearly everything to one of them.  Two things keep
// them apart: the task clock's period restarts after each sample, so the
// time the signal takes to arrive shifts its phase; and the runtime
// re-arms the clock at random intervals around the period
// (runtime/sampler.c), which also covers a loop locked to the thread's
// CPU clock itself (one that spins on CLOCK_THREAD_CPUTIME_ID: a got 39%
// for a 30% truth without the random re-arming).  The shares must match
// the thread CPU time each phase really took (written to %t.truth, as the
// e2e tests do), within 5 points.  The rounds go on until the thread has
// run 3 s of CPU, so that a busy machine, which takes the CPU away in
// the middle of rounds, makes the test longer, not short of samples.
// Why 3 s: a sample's weight (the CPU time since the one before) and
// where it lands are correlated through the previous sample's phase, so
// the share spreads about 1.5 times wider than independent samples'
// would: 1.8 points rms over 20 runs of 1500 samples (ASan build), and a
// CI run once saw a 5.03-point miss.  3000 samples make 5 points about
// four standard deviations.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t %t.truth
// RUN: %shares %t.out --truth %t.truth a=30 b=70 --tol 5 --min-ticks 1000

#include "ccprof_test.h"
#include <stdio.h>

static struct ccprof_counters a_cnt, b_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &a_cnt, "a", "sampling-does-not-alias.c", 10, 0 },
	{ &b_cnt, "b", "sampling-does-not-alias.c", 20, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 2, ccs, "hand-made", "", "sampling-does-not-alias.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Spins until the monotonic clock reaches `until`. */
static void spin_until(long long until)
{
	while (now_ns() < until)
		test_sink++;
}

int main(int argc, char **argv)
{
	double cpu[2] = { 0, 0 }, t0, t1;
	long long start = now_ns();
	FILE *f;

	for (int r = 0; r < 30000 && cpu[0] + cpu[1] < 3000; r++) {
		long long round = start + r * 1000000LL;

		t0 = test_thread_cpu_ms();
		test_enter(&a_cnt);
		spin_until(round + 300000);
		t1 = test_thread_cpu_ms();
		cpu[0] += t1 - t0;
		test_enter(&b_cnt);
		spin_until(round + 1000000);
		cpu[1] += test_thread_cpu_ms() - t1;
	}
	f = fopen(argv[argc - 1], "w");
	if (!f)
		return 1;
	fprintf(f, "a %f\nb %f\n", cpu[0] / 1e3, cpu[1] / 1e3);
	return fclose(f) != 0;
}
