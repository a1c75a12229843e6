// Every libc function that sets a signal's action, not only sigaction,
// leaves the sample signal (SIGURG) to the runtime and gives the program
// exactly what it would get without ccprof.  Compiled with -std=c11, as
// strict-C projects are, where <signal.h> turns signal() into glibc's
// __sysv_signal; also sysv_signal, sigset (SIG_HOLD too), sigignore and
// siginterrupt.  Each handler gets no sample during 60 ms of CPU, runs
// for the signal the program sends itself, and the answers and the
// resets are System V's or sigset's; the runtime's SIGTERM writer reads
// as SIG_DFL through __sysv_signal too.  Before, the first __sysv_signal
// replaced the runtime's handler: the handler got a sample, and the
// profile lost every tick after it.  The output is the plain build's.
//
// RUN: %plain_cc -std=c11 -Wno-deprecated-declarations -O1 -I%S/Inputs %s -o %t.plain
// RUN: %t.plain > %t.plain.log
// RUN: %cc -std=c11 -Wno-deprecated-declarations -O1 -I%S/Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t > %t.log 2> %t.err
// RUN: diff %t.plain.log %t.log
// RUN: FileCheck %s < %t.log
// RUN: not grep ccprof %t.err
// RUN: %shares %t.out robust_burn_cpu_ms=100 --tol 10 --min-ticks 150
// RUN: %cc -std=c11 -Wno-deprecated-declarations -O1 %ctxflags -I%S/Inputs %s -o %tc %libs
// RUN: env CCPROF_OUT=%tc.out %tc > %tc.log 2> %tc.err
// RUN: diff %t.plain.log %tc.log
// RUN: not grep ccprof %tc.err
// RUN: %shares %tc.out robust_burn_cpu_ms=100 --tol 10 --min-ticks 150
//
// CHECK:      signal: was SIG_DFL, 0 samples, 1 sent, now SIG_DFL
// CHECK-NEXT: sysv_signal: was SIG_DFL, 0 samples, 1 sent, now SIG_DFL
// CHECK-NEXT: sigset: was SIG_DFL, 0 samples, 1 sent, now the handler
// CHECK-NEXT: sigset SIG_HOLD: was the handler, blocked 1, released: answer SIG_HOLD, blocked 0
// CHECK-NEXT: sigignore: 0 runs, now SIG_IGN
// CHECK-NEXT: siginterrupt: SA_RESTART 1, then 0, then 1
// CHECK-NEXT: SIGTERM: signal answers SIG_DFL

#define _XOPEN_SOURCE 700
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "robust.h"

/* Declared by <signal.h> only with GNU extensions. */
extern void (*sysv_signal(int, void (*)(int)))(int);

static volatile sig_atomic_t runs;

static void on_urg(int sig)
{
	(void)sig;
	runs++;
}

static const char *name(void (*h)(int))
{
	return h == SIG_DFL ? "SIG_DFL" : h == SIG_IGN ? "SIG_IGN"
	       : h == SIG_HOLD ? "SIG_HOLD" : h == on_urg ? "the handler"
	       : "other";
}

static const char *now(int sig)
{
	struct sigaction a;

	sigaction(sig, NULL, &a);
	return (a.sa_flags & SA_SIGINFO) ? "other" : name(a.sa_handler);
}

/* Installs on_urg with SET, burns, sends one SIGURG. */
static void check(const char *what, void (*(*set)(int, void (*)(int)))(int))
{
	void (*was)(int) = set(SIGURG, on_urg);
	int during;

	runs = 0;
	robust_burn_cpu_ms(60);
	during = runs;
	raise(SIGURG);
	printf("%s: was %s, %d samples, %d sent, now %s\n", what, name(was),
	       during, runs - during, now(SIGURG));
}

static int blocked(int sig)
{
	sigset_t cur;

	sigprocmask(SIG_BLOCK, NULL, &cur);
	return sigismember(&cur, sig);
}

static int restarts(void)
{
	struct sigaction a;

	sigaction(SIGURG, NULL, &a);
	return !!(a.sa_flags & SA_RESTART);
}

int main(void)
{
	struct sigaction sa;
	void (*was)(int);
	int held, r0, r1, r2;

	check("signal", signal);	/* __sysv_signal in strict C */
	check("sysv_signal", sysv_signal);
	check("sigset", sigset);

	/* Not raised while held: a sample pending first would take the
	 * place of the program's signal, as it would if the program
	 * blocked the signal with sigprocmask. */
	was = sigset(SIGURG, SIG_HOLD);
	held = blocked(SIGURG);
	printf("sigset SIG_HOLD: was %s, blocked %d, ", name(was), held);
	was = sigset(SIGURG, on_urg);
	printf("released: answer %s, blocked %d\n", name(was),
	       blocked(SIGURG));

	sigignore(SIGURG);
	runs = 0;
	raise(SIGURG);
	printf("sigignore: %d runs, now %s\n", (int)runs, now(SIGURG));

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_urg;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGURG, &sa, NULL);
	r0 = restarts();
	siginterrupt(SIGURG, 1);
	r1 = restarts();
	siginterrupt(SIGURG, 0);
	r2 = restarts();
	printf("siginterrupt: SA_RESTART %d, then %d, then %d\n", r0, r1, r2);
	robust_burn_cpu_ms(60);

	was = signal(SIGTERM, SIG_IGN);
	signal(SIGTERM, was);
	printf("SIGTERM: signal answers %s\n", name(was));
	return 0;
}
