// A child forked by a thread the program started (not the main thread)
// is sampled: its task clock is routed to the child's own thread.  The
// runtime notes each thread's tid when the thread starts, and the child,
// whose only thread has a new tid, notes it again at the fork; with the
// tid copied from its parent the child's event sent its samples to the
// parent's thread, and the child's profile had none.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t -pthread %libs
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env CCPROF_OUT=%t.d/parent.out %t %t.d/child.out
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.d/child.out
// CHECK:cc	0	0	1	{{[1-9][0-9]*}}	1	child_work	fork-in-thread.c	function
// RUN: %shares %t.d/child.out child_work=100 --tol 15 --min-ticks 10

#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccprof_test.h"

static struct ccprof_counters child_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &child_cnt, "child_work", "fork-in-thread.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "fork-in-thread.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

static void *forker(void *path)
{
	pid_t child = fork();
	int status = 1;

	if (child == 0) {
		setenv("CCPROF_OUT", path, 1);
		test_enter(&child_cnt);
		test_burn_cpu_ms(120);
		exit(0);
	}
	if (child > 0)
		waitpid(child, &status, 0);
	return (void *)(long)status;
}

int main(int argc, char **argv)
{
	pthread_t t;
	void *status;

	if (argc < 2 || pthread_create(&t, NULL, forker, argv[1]) != 0)
		return 1;
	pthread_join(t, &status);
	return status != NULL;
}
