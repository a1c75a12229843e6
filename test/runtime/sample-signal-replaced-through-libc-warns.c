// A program that installs its own handler for the sampling signal (SIGURG
// by default) after the runtime has started, other than through the
// functions libccprof defines (sigaction, signal, sigset and the others,
// which keep the runtime's handler: signal_chain.c, signal_setters.c),
// takes the signal over: here with libc's own sigaction, looked up in
// libc itself, as a host that dlopens libccprof finds it.  At exit the
// runtime says that samples after that were not counted, and how to move
// the sampling elsewhere.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: ccprof: the program replaced the handler of SIGURG (23), which ccprof samples with; samples after that were not counted (choose another with CCPROF_SIGNAL)
// CHECK-NOT: ccprof

#include <dlfcn.h>
#include <signal.h>
#include <string.h>

#include "ccprof_test.h"

static struct ccprof_counters main_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &main_cnt, "main", "sample-signal-replaced-through-libc-warns.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "",
	"sample-signal-replaced-through-libc-warns.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

static void own_handler(int sig)
{
	(void)sig;
}

int main(void)
{
	void *libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
	int (*libc_sigaction)(int, const struct sigaction *, struct sigaction *) =
		libc ? (int (*)(int, const struct sigaction *,
				struct sigaction *))dlsym(libc, "sigaction")
		     : NULL;
	struct sigaction sa;

	test_enter(&main_cnt);
	if (!libc_sigaction)
		return 1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = own_handler;
	libc_sigaction(SIGURG, &sa, NULL);
	test_burn_cpu_ms(20);
	return 0;
}
