// A fatal signal (SIGTERM) that interrupts the exit write on the writing
// thread ends the process without the profile (the writer cannot run
// twice on one thread), and the temporary file goes with it: before, a
// "<path>.tmp.<pid>" was left beside the path.  The program has 60,000
// calling contexts, so its write takes some milliseconds; a child sends
// the SIGTERM a few milliseconds after the program's last atexit handler
// ran, for several delays.  Whenever the signal came, the directory
// holds no temporary file.
//
// REQUIRES: context-mode
// RUN: %cc -O0 %ctxflags %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: for d in 0 2000 5000 10000 15000; do env D=$d CCPROF_OUT=%t.d/p.out %t > /dev/null 2>&1; done; true
// RUN: ls %t.d | FileCheck %s --allow-empty
// CHECK-NOT: tmp

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static volatile unsigned long sink;

#define G(j) \
	__attribute__((noinline)) void g##j(void) { sink++; }
#define G10(t) G(t##0) G(t##1) G(t##2) G(t##3) G(t##4) \
	G(t##5) G(t##6) G(t##7) G(t##8) G(t##9)
G10(1) G10(2)

#define F(i) \
	__attribute__((noinline)) void f##i(void) \
	{ \
		g10(); g11(); g12(); g13(); g14(); g15(); g16(); g17(); \
		g18(); g19(); g20(); g21(); g22(); g23(); g24(); g25(); \
		g26(); g27(); g28(); g29(); \
	}
#define F10(t) F(t##0) F(t##1) F(t##2) F(t##3) F(t##4) \
	F(t##5) F(t##6) F(t##7) F(t##8) F(t##9)
#define F100(t) F10(t##0) F10(t##1) F10(t##2) F10(t##3) F10(t##4) \
	F10(t##5) F10(t##6) F10(t##7) F10(t##8) F10(t##9)
#define F1000(t) F100(t##0) F100(t##1) F100(t##2) F100(t##3) \
	F100(t##4) F100(t##5) F100(t##6) F100(t##7) F100(t##8) F100(t##9)
F1000(1) F1000(2) F1000(3)

#define P(i) f##i,
#define P10(t) P(t##0) P(t##1) P(t##2) P(t##3) P(t##4) \
	P(t##5) P(t##6) P(t##7) P(t##8) P(t##9)
#define P100(t) P10(t##0) P10(t##1) P10(t##2) P10(t##3) P10(t##4) \
	P10(t##5) P10(t##6) P10(t##7) P10(t##8) P10(t##9)
#define P1000(t) P100(t##0) P100(t##1) P100(t##2) P100(t##3) \
	P100(t##4) P100(t##5) P100(t##6) P100(t##7) P100(t##8) P100(t##9)
static void (*const fs[])(void) = { P1000(1) P1000(2) P1000(3) };

static int delay_us;

/* Registered after the runtime's exit writer, so it runs just before.
 * The child signals only the program: once that has ended, the child's
 * parent is another process (init, or a subreaper), never to be hit. */
static void send_term_soon(void)
{
	pid_t program = getpid();

	if (fork() == 0) {
		usleep((useconds_t)delay_us);
		if (getppid() == program)
			kill(program, SIGTERM);
		_exit(0);
	}
}

int main(void)
{
	delay_us = atoi(getenv("D"));
	atexit(send_term_soon);
	for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++)
		fs[i]();
	return 0;
}
