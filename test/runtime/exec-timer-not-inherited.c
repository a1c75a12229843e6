// The sampling timer does not follow exec: a profiled program that execs
// a plain one does not leave it a timer whose signal (SIGURG; a real-time
// signal, whose default action kills, if SIGURG is taken) reaches the new
// image.  The new image counts SIGURGs with its own handler and must see
// none.  (setitimer(ITIMER_PROF) would survive the exec; the runtime uses
// a POSIX CPU-time timer, which does not.)
// CCPROF_HZ=10: the timer's first expiry (100 ms of CPU) comes after the
// exec, so no signal can be pending across it.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs -DSTAGE2 %s -o %t.stage2
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_HZ=10 %t %t.stage2 | FileCheck %s
// CHECK: stage2 SIGURG count: 0

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "ccprof_test.h"

#ifdef STAGE2

static volatile sig_atomic_t sigurgs;

static void count(int sig)
{
	(void)sig;
	sigurgs++;
}

int main(void)
{
	signal(SIGURG, count);
	test_burn_cpu_ms(250);
	printf("stage2 SIGURG count: %d\n", (int)sigurgs);
	return 0;
}

#else

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "exec-timer-not-inherited.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "",
	"exec-timer-not-inherited.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 1;
	test_enter(&main_cnt);
	test_burn_cpu_ms(30);
	execl(argv[1], argv[1], (char *)NULL);
	perror("execl");
	return 1;
}

#endif
