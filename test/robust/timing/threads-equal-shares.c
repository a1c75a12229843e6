// Four threads, each spinning in its own function for the same CPU time
// (300 ms, measured on the thread's CPU clock), get equal shares of the
// samples, 25% each within 5 points, even on fewer cores than threads:
// every thread started through pthread_create has a high-resolution timer
// of its own, whose samples are weighted by the thread's own CPU time.
// The total ticks match the process's CPU time (1000 a CPU-second within
// 15%), where the process CPU-time timer alone gives at most CONFIG_HZ
// (250) a CPU-second.  Each function's call count is exact.
//
// RUN: %cc -O2 %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %shares %t.out w0=25 w1=25 w2=25 w3=25 --tol 5 --min-ticks 900
// RUN: %python -c "import sys; f = dict(l.split('\t')[:2] for l in open(sys.argv[1]) if l.count('\t')); t = int(f['ticks']); cpu = float(f['user']) + float(f['sys']); print('ticks', t, 'cpu', cpu, 'rate', t / cpu); sys.exit(0 if 850 <= t / cpu <= 1150 else 1)" %t.out
// RUN: %counts %t.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: w0 1
// CHECK-NEXT: w1 1
// CHECK-NEXT: w2 1
// CHECK-NEXT: w3 1

#include <pthread.h>
#include <time.h>

#define MS 300

static volatile unsigned long sink;

/* A macro, not a function: a function would be a cost centre of its own. */
#define THREAD_CPU_MS(ts)                                            \
	(clock_gettime(CLOCK_THREAD_CPUTIME_ID, &(ts)),              \
	 (ts).tv_sec * 1e3 + (ts).tv_nsec / 1e6)

#define SPIN_CPU_MS(ms)                                              \
	do {                                                         \
		struct timespec ts_;                                 \
		double end_ = THREAD_CPU_MS(ts_) + (ms);             \
		while (THREAD_CPU_MS(ts_) < end_)                    \
			for (int i_ = 0; i_ < 20000; i_++)           \
				sink += (unsigned long)i_;           \
	} while (0)

__attribute__((noinline)) void *w0(void *arg) { SPIN_CPU_MS(MS); return arg; }
__attribute__((noinline)) void *w1(void *arg) { SPIN_CPU_MS(MS); return arg; }
__attribute__((noinline)) void *w2(void *arg) { SPIN_CPU_MS(MS); return arg; }
__attribute__((noinline)) void *w3(void *arg) { SPIN_CPU_MS(MS); return arg; }

int main(void)
{
	void *(*fn[4])(void *) = { w0, w1, w2, w3 };
	pthread_t t[4];

	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, fn[i], NULL);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	return 0;
}
