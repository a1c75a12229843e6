// The alternate signal stack the runtime installs for its fatal-signal
// writer is not the program's: sigaltstack reads SS_DISABLE, as without
// ccprof, on the main thread and on every thread, so a program that
// installs a stack only where there is none (Rust's standard library
// does) installs its own, and its SA_ONSTACK handler runs there, not on
// the runtime's 64 KiB.  SS_DISABLE from the program leaves the view
// disabled.  Threads that install a stack of their own whatever was
// there, and exit, leave no memory of the runtime's behind (before: 64
// KiB each, as the runtime freed its stack only if still installed).  The output is
// the plain build's.
//
// RUN: %plain_cc -O1 -pthread %s -o %t.plain
// RUN: %t.plain > %t.plain.log
// RUN: %cc -O1 -pthread %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t > %t.log 2> %t.err
// RUN: diff %t.plain.log %t.log
// RUN: FileCheck %s < %t.log
// RUN: not grep ccprof %t.err
// RUN: %cc -O1 -pthread %ctxflags %s -o %tc %libs
// RUN: env CCPROF_OUT=%tc.out %tc > %tc.log 2> %tc.err
// RUN: diff %t.plain.log %tc.log
//
// CHECK:      main: none 1, after SS_DISABLE none 1, installed own 1, handler on it 1
// CHECK-NEXT: thread: none 1, after SS_DISABLE none 1, installed own 1, handler on it 1
// CHECK-NEXT: 300 threads with stacks of their own: address space grew under 8 MiB 1

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define OWN_SIZE (256 * 1024)

static char *own_lo, *own_hi;
static volatile int on_own;

static void on_usr1(int sig)
{
	char here;

	(void)sig;
	on_own = &here >= own_lo && &here < own_hi;
}

static int none(void)
{
	stack_t cur;

	return sigaltstack(NULL, &cur) == 0 && (cur.ss_flags & SS_DISABLE) &&
	       !cur.ss_sp && !cur.ss_size;
}

/* As Rust's runtime does: a stack of its own only where there is none. */
static void *install_if_none(size_t size)
{
	stack_t cur, ss;
	void *mem;

	if (sigaltstack(NULL, &cur) != 0 || !(cur.ss_flags & SS_DISABLE))
		return NULL;
	mem = mmap(NULL, size, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (mem == MAP_FAILED)
		return NULL;
	ss.ss_sp = mem;
	ss.ss_size = size;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL) != 0)
		return NULL;
	return mem;
}

static void uninstall(void *mem, size_t size)
{
	stack_t off;

	memset(&off, 0, sizeof(off));
	off.ss_flags = SS_DISABLE;
	sigaltstack(&off, NULL);
	munmap(mem, size);
}

static void report(const char *who)
{
	stack_t off, cur;
	int before, after_disable, installed;
	char *mem;

	before = none();
	memset(&off, 0, sizeof(off));
	off.ss_flags = SS_DISABLE;
	sigaltstack(&off, NULL);
	after_disable = none();
	mem = install_if_none(OWN_SIZE);
	installed = mem && sigaltstack(NULL, &cur) == 0 &&
		    cur.ss_sp == mem && cur.ss_size == OWN_SIZE &&
		    !(cur.ss_flags & SS_DISABLE);
	own_lo = mem;
	own_hi = mem + OWN_SIZE;
	on_own = 0;
	pthread_kill(pthread_self(), SIGUSR1);
	printf("%s: none %d, after SS_DISABLE none %d, installed own %d, "
	       "handler on it %d\n", who, before, after_disable, installed,
	       on_own);
	if (mem)
		uninstall(mem, OWN_SIZE);
}

static void *reporter(void *arg)
{
	(void)arg;
	report("thread");
	return NULL;
}

/* As gnulib's c-stack or Python's faulthandler do: a stack of its own,
 * whatever was there. */
static void *short_lived(void *arg)
{
	stack_t ss;
	void *mem = mmap(NULL, 64 * 1024, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);

	(void)arg;
	if (mem == MAP_FAILED)
		return NULL;
	ss.ss_sp = mem;
	ss.ss_size = 64 * 1024;
	ss.ss_flags = 0;
	sigaltstack(&ss, NULL);
	uninstall(mem, 64 * 1024);
	return NULL;
}

static long vm_kib(void)
{
	char line[256];
	long kib = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmSize: %ld", &kib) == 1)
			break;
	fclose(f);
	return kib;
}

int main(void)
{
	struct sigaction sa;
	pthread_t t;
	long before;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sa.sa_flags = SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);

	report("main");
	pthread_create(&t, NULL, reporter, NULL);
	pthread_join(t, NULL);

	pthread_create(&t, NULL, short_lived, NULL);	/* glibc caches its stack */
	pthread_join(t, NULL);
	before = vm_kib();
	for (int i = 0; i < 300; i++) {
		pthread_create(&t, NULL, short_lived, NULL);
		pthread_join(t, NULL);
	}
	printf("300 threads with stacks of their own: address space grew "
	       "under 8 MiB %d\n", vm_kib() - before < 8 * 1024);
	return 0;
}
