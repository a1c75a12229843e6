// A server that blocks every signal before it starts its threads, so
// that one thread takes them all with sigwait, is sampled all the same:
// the kernel's mask never blocks the sample signal, the program's does
// (libccprof.so's pthread_sigmask and sigprocmask keep it per thread).
// Before, every thread blocked SIGURG: no sample at all, and a warning
// that blamed the program for stopping ccprof's event; and a worker
// that then waited for every signal with sigtimedwait was handed a
// sample as a signal of its own.  The output (masks read back, what the
// waits return) is the plain build's; both modes.
//
// RUN: %plain_cc -O1 -pthread -I%S/Inputs %s -o %t.plain
// RUN: %t.plain > %t.plain.log
// RUN: FileCheck %s < %t.plain.log
// RUN: %cc -O1 -pthread -I%S/Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t > %t.log 2> %t.err
// RUN: diff %t.plain.log %t.log
// RUN: not grep ccprof %t.err
// RUN: %shares %t.out worker_work=50 main_work=50 --tol 15 --min-ticks 200
// RUN: %cc -O1 -pthread %ctxflags -I%S/Inputs %s -o %tc %libs
// RUN: env CCPROF_OUT=%tc.out %tc > %tc.log 2> %tc.err
// RUN: diff %t.plain.log %tc.log
// RUN: not grep ccprof %tc.err
// RUN: %shares %tc.out worker_work=50 main_work=50 --tol 15 --min-ticks 200
//
// CHECK:      main: SIGURG blocked 1, SIGTERM blocked 1
// CHECK-NEXT: worker: SIGURG blocked 1, SIGTERM blocked 1
// CHECK-NEXT: worker: sigtimedwait for every signal: none
// CHECK-NEXT: signal thread: got SIGTERM

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>

#include "robust.h"

static sigset_t every;

static void show_mask(const char *who)
{
	sigset_t m;

	pthread_sigmask(SIG_SETMASK, NULL, &m);
	printf("%s: SIGURG blocked %d, SIGTERM blocked %d\n", who,
	       sigismember(&m, SIGURG), sigismember(&m, SIGTERM));
	fflush(stdout);
}

__attribute__((noinline)) static void worker_work(void)
{
	ROBUST_BURN_MS_HERE(250);
}

__attribute__((noinline)) static void main_work(void)
{
	ROBUST_BURN_MS_HERE(250);
}

static void *worker(void *arg)
{
	struct timespec brief = {0, 50 * 1000 * 1000};
	siginfo_t info;
	int sig;

	(void)arg;
	show_mask("worker");
	worker_work();
	sig = sigtimedwait(&every, &info, &brief);
	printf("worker: sigtimedwait for every signal: %s\n",
	       sig < 0 && errno == EAGAIN ? "none" : "a signal");
	fflush(stdout);
	return NULL;
}

static void *signal_thread(void *arg)
{
	int sig = 0;

	(void)arg;
	sigwait(&every, &sig);
	printf("signal thread: got %s\n", sig == SIGTERM ? "SIGTERM" :
	       "another signal");
	return NULL;
}

int main(void)
{
	pthread_t w, s;

	sigfillset(&every);
	pthread_sigmask(SIG_BLOCK, &every, NULL);
	show_mask("main");
	pthread_create(&w, NULL, worker, NULL);
	main_work();
	pthread_join(w, NULL);
	pthread_create(&s, NULL, signal_thread, NULL);
	pthread_kill(s, SIGTERM);
	pthread_join(s, NULL);
	return 0;
}
