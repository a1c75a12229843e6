// A thread that disables its alternate signal stack (the runtime's),
// unmaps it and maps 64 KiB of its own — what AddressSanitizer does at
// thread exit — keeps its mapping: at the thread's exit the runtime
// unmaps its stack only if it is still the thread's alternate stack.
// It used to unmap the address regardless, which by then was the
// program's new mapping: SIGSEGV at every run.  Only -lccprof, no plugin.
//
// REQUIRES: primary
// RUN: %plain_cc -O1 %s -o %t -pthread %libs
// RUN: env CCPROF_OUT=%t.out %t > %t.log; test $? = 42
// RUN: FileCheck %s < %t.log
// CHECK: mine 42

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#define SIZE (64 * 1024)

static void *replace_altstack(void *arg)
{
	stack_t off, old;
	char *mine;

	(void)arg;
	memset(&off, 0, sizeof off);
	off.ss_flags = SS_DISABLE;
	if (sigaltstack(&off, &old) != 0)
		return NULL;
	if (!(old.ss_flags & SS_DISABLE) && old.ss_sp)
		munmap(old.ss_sp, old.ss_size);
	mine = mmap(NULL, SIZE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return mine == MAP_FAILED ? NULL : mine;
}

int main(void)
{
	pthread_t t;
	char *mine;

	pthread_create(&t, NULL, replace_altstack, NULL);
	pthread_join(t, (void **)&mine);
	if (!mine)
		return 1;
	mine[SIZE - 1] = 42;	/* still mapped after the thread's exit */
	printf("mine %d\n", mine[SIZE - 1]);
	return mine[SIZE - 1];
}
