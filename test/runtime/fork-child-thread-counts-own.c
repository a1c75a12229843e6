// counters=thread and fork: the child's profile counts only the calls the
// child made after the fork (its copy of the forking thread's array is
// zeroed, and the parent's other threads do not exist in it); the
// parent's profile has everything the parent's threads did.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t -pthread %libs
// RUN: rm -f %t.out %t.out.*
// RUN: env CCPROF_OUT=%t.out %t
// RUN: FileCheck --strict-whitespace --match-full-lines --check-prefix=PARENT %s < %t.out
// PARENT:cc	0	0	106	{{[0-9]+}}	1	work	fork-threads.c	function
// RUN: cat %t.out.* | FileCheck --strict-whitespace --match-full-lines --check-prefix=CHILD %s
// CHILD:cc	0	0	3	{{[0-9]+}}	1	work	fork-threads.c	function

#include <pthread.h>
#include <semaphore.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccprof_test.h"

static struct ccprof_counters work_cnt;
static __thread uint64_t tc[1] __attribute__((tls_model("initial-exec")));
static const struct ccprof_cc_desc ccs[] = {
	{ &work_cnt, "work", "fork-threads.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "counters=thread",
	"fork-threads.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register_thread(&module, &tc[0]);
}

static void work(int times)
{
	for (int k = 0; k < times; k++) {
		*(volatile uint64_t *)&tc[0] += 1;
		test_leave_to(&work_cnt);
	}
}

static sem_t worked, never;

static void *busy(void *arg)
{
	(void)arg;
	work(100);
	sem_post(&worked);
	for (;;)
		sem_wait(&never);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pid_t pid;

	sem_init(&worked, 0, 0);
	sem_init(&never, 0, 0);
	pthread_create(&t, NULL, busy, NULL);
	sem_wait(&worked);
	work(5);
	pid = fork();
	if (pid == 0) {
		work(3);
		return 0;
	}
	waitpid(pid, NULL, 0);
	work(1);
	return 0;
}
