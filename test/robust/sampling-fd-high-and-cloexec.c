// The sampling events' descriptors stay out of the program's way: the
// program's first open() gets 3, as without ccprof; each event is
// close-on-exec and placed high (from 3/4 of min(RLIMIT_NOFILE, 1024));
// one per thread; a fork child closes the copies of its parent's and has
// exactly one, its own.
//
// RUN: %cc -O1 -I%S/Inputs %s -o %t %libs -lpthread
// RUN: env CCPROF_OUT=%t.out %t | FileCheck %s
// CHECK: first open: 3
// CHECK-NEXT: main thread: 1 event, close-on-exec, high
// CHECK-NEXT: with a second thread: 2 events
// CHECK-NEXT: fork child: 1 event
// CHECK-NEXT: child exited 0

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "perf_fds.h"
#include "robust.h"

static void describe(const char *who)
{
	int fds[16], n = perf_fds(fds, 16), cloexec = 1, high = 1;

	for (int i = 0; i < n; i++) {
		cloexec &= (fcntl(fds[i], F_GETFD) & FD_CLOEXEC) != 0;
		high &= fds[i] >= 64;
	}
	printf("%s: %d event%s%s%s\n", who, n, n == 1 ? "" : "s",
	       cloexec ? ", close-on-exec" : ", NOT close-on-exec",
	       high ? ", high" : ", LOW");
	fflush(stdout);
}

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int started, done;

static void *second(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	started = 1;
	pthread_cond_broadcast(&c);
	while (!done)
		pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	int fd = open("/dev/null", O_RDONLY), fds[16], status;
	pthread_t t;
	pid_t pid;

	printf("first open: %d\n", fd);
	close(fd);
	describe("main thread");
	pthread_create(&t, NULL, second, NULL);
	pthread_mutex_lock(&m);
	while (!started)
		pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);
	printf("with a second thread: %d events\n", perf_fds(fds, 16));
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		robust_burn_cpu_ms(20);
		printf("fork child: %d event%s\n", perf_fds(fds, 16),
		       perf_fds(fds, 16) == 1 ? "" : "s");
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	printf("child exited %d\n", WEXITSTATUS(status));
	pthread_mutex_lock(&m);
	done = 1;
	pthread_cond_broadcast(&c);
	pthread_mutex_unlock(&m);
	pthread_join(t, NULL);
	return 0;
}
