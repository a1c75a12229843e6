// Context mode keeps its memory bounded however many threads come and
// go: the tree of a thread that has exited is folded by path into the
// process's retired sums once the thread is gone, and recycled for a
// thread that starts.  Before, every tree was kept: 3,000 short threads
// grew the address space by 1.28 GiB and memory by 51 MiB (now 1.6 MiB
// and 36 KiB).  Three waves of 1,000 threads, each calling work -> leaf,
// the second through helper, the third after mirror: a recycled tree puts mirror's node
// where an earlier thread had work's, so a transition remembered from
// that thread would send work's calls to mirror (the transitions of a
// recycled tree are void).  A thread still running at exit counts in
// its live tree: every count is exact, and the profile has each path
// once.
//
// REQUIRES: context-mode
// RUN: %cc -O2 %ctxflags %s -o %t -pthread %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t | FileCheck --check-prefix=MEM %s
// RUN: %contexts paths %t.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t.out
// MEM: address space grew under 16 MiB: 1, memory under 4 MiB: 1
// CHECK:      main 1
// CHECK-NEXT: main;vm_kib 4
// CHECK-NEXT: run 3001
// CHECK-NEXT: run;helper 1000
// CHECK-NEXT: run;helper;work 1000
// CHECK-NEXT: run;helper;work;leaf 100000
// CHECK-NEXT: run;mirror 1000
// CHECK-NEXT: run;work 2001
// CHECK-NEXT: run;work;leaf 200100
// CHECK-EMPTY:

#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <string.h>

static volatile long sink;
static sem_t started, never;

__attribute__((noinline)) void leaf(long i) { sink += i; }

__attribute__((noinline)) void work(void)
{
	for (long i = 0; i < 100; i++)
		leaf(i);
}

__attribute__((noinline)) void helper(void) { work(); }

__attribute__((noinline)) void mirror(void) { sink++; }

__attribute__((noinline)) void *run(void *arg)
{
	long how = (long)arg;

	if (how == 1) {
		helper();
	} else {
		if (how == 3)
			mirror();
		work();
	}
	if (how == 2) {	/* still running at exit */
		sem_post(&started);
		sem_wait(&never);
	}
	return NULL;
}

__attribute__((noinline)) long vm_kib(const char *key)
{
	char line[256], k[64];
	long v, kib = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%63[^:]: %ld", k, &v) == 2 && !strcmp(k, key))
			kib = v;
	fclose(f);
	return kib;
}

int main(void)
{
	pthread_t t;
	long vm, rss;

	sem_init(&started, 0, 0);
	sem_init(&never, 0, 0);
	for (long wave = 0; wave < 3; wave++)
		for (int i = 0; i < 1000; i++) {
			pthread_create(&t, NULL, run, (void *)(long)(wave == 2 ? 3
								   : wave));
			pthread_join(t, NULL);
			if (wave == 0 && i == 0) {
				/* after the first thread: its stack, which
				 * glibc keeps for the next, and malloc's arena
				 * for threads */
				vm = vm_kib("VmSize");
				rss = vm_kib("VmRSS");
			}
		}
	pthread_create(&t, NULL, run, (void *)2);
	sem_wait(&started);
	printf("address space grew under 16 MiB: %d, memory under 4 MiB: %d\n",
	       vm_kib("VmSize") - vm < 16 * 1024,
	       vm_kib("VmRSS") - rss < 4 * 1024);
	fflush(stdout);
	return 0;
}
