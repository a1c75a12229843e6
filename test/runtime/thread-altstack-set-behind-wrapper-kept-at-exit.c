// A thread that installs an alternate signal stack of its own with a raw
// system call (behind libccprof's sigaltstack, which still takes the
// runtime's for its own) keeps it to its end: at the thread's exit the
// runtime disables its stack and reads what was installed in one call,
// and puts back a stack that is not its own.  A key destructor of the
// program's, which runs after the runtime's last round, asks the kernel.
// Only -lccprof, no plugin.  Not under AddressSanitizer, which unmaps
// whatever alternate stack a thread has at its exit, here a static array
// (without ccprof too).
//
// REQUIRES: primary
// UNSUPPORTED: sanitizer
// RUN: %plain_cc -O1 %s -o %t -pthread %libs
// RUN: env CCPROF_OUT=%t.out %t | FileCheck %s
// CHECK: at the last destructor: the thread's own stack

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define SIZE (64 * 1024)

static char mine[SIZE];
static pthread_key_t key;
static const char *seen = "never looked";

static void look(void *arg)
{
	long round = (long)arg;
	stack_t cur;

	if (syscall(SYS_sigaltstack, NULL, &cur) != 0)
		seen = "sigaltstack failed";
	else if (cur.ss_flags & SS_DISABLE)
		seen = "none";
	else if (cur.ss_sp == mine && cur.ss_size == SIZE)
		seen = "the thread's own stack";
	else
		seen = "another stack";
	if (round < 4)	/* every round glibc runs: the last is after ours */
		pthread_setspecific(key, (void *)(round + 1));
}

static void *thread(void *arg)
{
	stack_t ss;

	(void)arg;
	memset(&ss, 0, sizeof(ss));
	ss.ss_sp = mine;
	ss.ss_size = SIZE;
	if (syscall(SYS_sigaltstack, &ss, NULL) != 0)
		return NULL;
	pthread_setspecific(key, (void *)1L);
	return NULL;
}

int main(void)
{
	pthread_t t;

	/* Made after the runtime's key: runs after it in each round. */
	if (pthread_key_create(&key, look) != 0 ||
	    pthread_create(&t, NULL, thread, NULL) != 0)
		return 1;
	pthread_join(t, NULL);
	printf("at the last destructor: %s\n", seen);
	return 0;
}
