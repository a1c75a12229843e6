// The runtime samples with SIGURG, but never takes a signal from the
// program: if SIGURG already has a handler when the runtime starts, the
// runtime leaves it alone and samples with the highest real-time signal
// whose action is the default instead.  Here the program installs its
// handler, then loads libccprof with dlopen, so the handler exists before
// the runtime's constructor runs.
//
// REQUIRES: primary
// (-lc first: printf from libc, which libccprof.so also defines for
// CCPROF_EVENTS=io, so that --as-needed leaves libccprof out.)
// RUN: %plain_cc -I%S/Inputs %s -o %t -ldl -lc -Wl,--as-needed %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t > %t.log 2> %t.err
// RUN: not grep ccprof %t.err
// RUN: FileCheck --check-prefix=LOG %s < %t.log
// LOG: program's SIGURG handler still installed: yes
// LOG-NEXT: program's SIGURG handler ran: no
// LOG-NEXT: runtime samples with SIGRTMAX: yes
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:hz	1000
// CHECK-NEXT:ticks	{{[1-9][0-9]*}}
// CHECK:cc	0	0	1	{{[1-9][0-9]*}}	1	main	sample-signal-taken-uses-realtime.c	function

#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "sample-signal-taken-uses-realtime.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "",
	"sample-signal-taken-uses-realtime.c",
};

static volatile sig_atomic_t own_urgs;

static void own_handler(int sig)
{
	(void)sig;
	own_urgs++;
}

int main(void)
{
	void (*reg)(const struct ccprof_module *);
	struct ccprof_counters **current;
	struct sigaction now, rt;
	void *lib;

	signal(SIGURG, own_handler);
	lib = dlopen("libccprof.so", RTLD_NOW | RTLD_GLOBAL);
	if (!lib) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	reg = (void (*)(const struct ccprof_module *))dlsym(lib, "__ccprof_register");
	current = dlsym(lib, CCPROF_SYM_CURRENT);
	reg(&module);

	main_cnt.calls++;
	*current = &main_cnt;
	test_burn_cpu_ms(100);

	sigaction(SIGURG, NULL, &now);
	sigaction(SIGRTMAX, NULL, &rt);
	printf("program's SIGURG handler still installed: %s\n",
	       now.sa_handler == own_handler ? "yes" : "no");
	printf("program's SIGURG handler ran: %s\n", own_urgs ? "yes" : "no");
	printf("runtime samples with SIGRTMAX: %s\n",
	       (rt.sa_flags & SA_SIGINFO) ? "yes" : "no");
	return 0;
}
