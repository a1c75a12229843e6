// A handler the program installs with SA_ONSTACK while it has no
// alternate stack of its own runs, as without ccprof, on the thread's
// own stack, not on the runtime's 64 KiB alternate stack (which the
// runtime keeps for its fatal-signal writer): a handler using 256 KiB of
// stack, on the main thread and on another, crashed every ccprof build.
// sigaction reads back the SA_ONSTACK the program set.  Once the program
// installs a stack of its own, its handlers run there, as they would.
// The output is the plain build's.
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
// CHECK:      main: handler ran 1, reads SA_ONSTACK 1
// CHECK-NEXT: thread: handler ran 1
// CHECK-NEXT: own stack: handler on it 1

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile int ran;
static volatile uintptr_t where;

static void big_handler(int sig)
{
	volatile char big[256 * 1024];

	(void)sig;
	for (size_t i = 0; i < sizeof big; i += 64)
		big[i] = 1;
	ran += big[128];
	where = (uintptr_t)&big[0];
}

static void *thread_main(void *arg)
{
	(void)arg;
	raise(SIGUSR1);
	return NULL;
}

int main(void)
{
	struct sigaction sa, back;
	pthread_t t;
	stack_t ss;
	char *own;
	int before;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = big_handler;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR1, NULL, &back);
	raise(SIGUSR1);
	printf("main: handler ran %d, reads SA_ONSTACK %d\n", ran == 1,
	       (back.sa_flags & SA_ONSTACK) != 0);
	before = ran;
	pthread_create(&t, NULL, thread_main, NULL);
	pthread_join(t, NULL);
	printf("thread: handler ran %d\n", ran == before + 1);

	own = malloc(1024 * 1024);
	ss.ss_sp = own;
	ss.ss_size = 1024 * 1024;
	ss.ss_flags = 0;
	sigaltstack(&ss, NULL);
	raise(SIGUSR1);
	printf("own stack: handler on it %d\n",
	       where >= (uintptr_t)own && where < (uintptr_t)own + ss.ss_size);
	return 0;
}
