// If SIGPROF already has a handler when the runtime starts, the runtime
// leaves it (and the signal) alone: one warning, hz 0, no ticks.  Here the
// program installs its handler, then loads libccprof with dlopen, so the
// handler exists before the runtime's constructor runs.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t -ldl -Wl,--as-needed %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t > %t.log 2> %t.err
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// ERR: ccprof: SIGPROF already has a handler; sampling disabled
// ERR-NOT: ccprof
// RUN: FileCheck --check-prefix=LOG %s < %t.log
// LOG: program's handler still installed: yes
// LOG: program's handler ran: yes
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:hz	0
// CHECK-NEXT:ticks	0
// CHECK:cc	0	0	1	0	1	main	sigprof-handler-kept.c
// CHECK-NEXT:unprofiled	0

#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <sys/time.h>

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "sigprof-handler-kept.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "sigprof-handler-kept.c",
};

static volatile sig_atomic_t own_ticks;

static void own_handler(int sig)
{
	(void)sig;
	own_ticks++;
}

int main(void)
{
	static const struct itimerval every_10ms = { { 0, 10000 }, { 0, 10000 } };
	void (*reg)(const struct ccprof_module *);
	struct ccprof_counters **current;
	struct sigaction now;
	void *rt;

	signal(SIGPROF, own_handler);
	rt = dlopen("libccprof.so", RTLD_NOW | RTLD_GLOBAL);
	if (!rt) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	reg = (void (*)(const struct ccprof_module *))dlsym(rt, "__ccprof_register");
	current = dlsym(rt, "__ccprof_current");
	reg(&module);

	/* The program's own use of SIGPROF goes on undisturbed. */
	setitimer(ITIMER_PROF, &every_10ms, NULL);
	main_cnt.calls++;
	*current = &main_cnt;
	test_burn_cpu_ms(100);

	sigaction(SIGPROF, NULL, &now);
	printf("program's handler still installed: %s\n",
	       now.sa_handler == own_handler ? "yes" : "no");
	printf("program's handler ran: %s\n", own_ticks > 0 ? "yes" : "no");
	return 0;
}
