// The program's own sample signal (SIGURG: kill, out-of-band data) that
// arrives while the program's mask blocks it stays pending, as without
// ccprof, although the kernel's mask lets the samples through: the
// handler makes it pending again and blocks it until the program
// unblocks it (then its handler runs) or takes it with sigwait.  What
// inherits the mask gets the program's: a thread, a forked child, the
// children of system, popen and posix_spawn, a new image.  The output is
// the plain build's; both modes.
//
// RUN: %plain_cc -O1 -pthread -I%S/Inputs %s -o %t.plain
// RUN: %t.plain > %t.plain.log
// RUN: FileCheck %s < %t.plain.log
// RUN: %cc -O1 -pthread -I%S/Inputs %s -o %t %libs
// RUN: env CCPROF_OUT=%t.%%p.out %t > %t.log 2> %t.err
// RUN: diff %t.plain.log %t.log
// RUN: not grep ccprof %t.err
// RUN: %cc -O1 -pthread %ctxflags -I%S/Inputs %s -o %tc %libs
// RUN: env CCPROF_OUT=%tc.%%p.out %tc > %tc.log 2> %tc.err
// RUN: diff %t.plain.log %tc.log
// RUN: not grep ccprof %tc.err
//
// CHECK:      kill: pending 1, handled 0
// CHECK-NEXT: sigtimedwait: SIGURG from kill 1
// CHECK-NEXT: tgkill: pending 1, handled 0
// CHECK-NEXT: unblocked: handled 1
// CHECK-NEXT: thread: SIGURG blocked 1
// CHECK-NEXT: fork child: SIGURG blocked 1
// (Debian's /bin/sh, dash, clears the mask of what system and popen run)
// CHECK-NEXT: system: SIGURG blocked 0
// CHECK-NEXT: popen: SIGURG blocked 0
// CHECK-NEXT: posix_spawn: SIGURG blocked 1
// CHECK-NEXT: exec: SIGURG blocked 1

#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "robust.h"

extern char **environ;
static volatile sig_atomic_t handled;
static sigset_t urg;

static void on_urg(int sig)
{
	(void)sig;
	handled++;
}

static int urg_blocked(void)
{
	sigset_t m;

	pthread_sigmask(SIG_SETMASK, NULL, &m);
	return sigismember(&m, SIGURG);
}

static int urg_pending(void)
{
	sigset_t p;

	sigpending(&p);
	return sigismember(&p, SIGURG);
}

static void *thread(void *arg)
{
	(void)arg;
	printf("thread: SIGURG blocked %d\n", urg_blocked());
	return NULL;
}

int main(int argc, char **argv)
{
	struct timespec none = {0, 0};
	siginfo_t info;
	pthread_t t;
	char cmd[512];
	char line[128];
	FILE *p;
	pid_t pid;

	if (argc > 1) {	/* a child run by the ways below */
		printf("%s: SIGURG blocked %d\n", argv[1], urg_blocked());
		return 0;
	}
	signal(SIGURG, on_urg);
	sigemptyset(&urg);
	sigaddset(&urg, SIGURG);
	sigprocmask(SIG_BLOCK, &urg, NULL);
	robust_burn_cpu_ms(50);	/* samples come and go meanwhile */

	kill(getpid(), SIGURG);
	robust_burn_cpu_ms(20);
	printf("kill: pending %d, handled %d\n", urg_pending(), (int)handled);
	printf("sigtimedwait: SIGURG from kill %d\n",
	       sigtimedwait(&urg, &info, &none) == SIGURG &&
	       info.si_code == SI_USER);

	pthread_kill(pthread_self(), SIGURG);
	robust_burn_cpu_ms(20);
	printf("tgkill: pending %d, handled %d\n", urg_pending(), (int)handled);
	sigprocmask(SIG_UNBLOCK, &urg, NULL);
	printf("unblocked: handled %d\n", (int)handled);
	sigprocmask(SIG_BLOCK, &urg, NULL);

	pthread_create(&t, NULL, thread, NULL);
	pthread_join(t, NULL);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		printf("fork child: SIGURG blocked %d\n", urg_blocked());
		exit(0);
	}
	waitpid(pid, NULL, 0);
	snprintf(cmd, sizeof(cmd), "%s system", argv[0]);
	system(cmd);
	snprintf(cmd, sizeof(cmd), "%s popen", argv[0]);
	p = popen(cmd, "r");
	while (fgets(line, sizeof(line), p))
		fputs(line, stdout);
	pclose(p);
	fflush(stdout);
	{
		char *av[] = {argv[0], "posix_spawn", NULL};

		if (posix_spawn(&pid, argv[0], NULL, NULL, av, environ) == 0)
			waitpid(pid, NULL, 0);
	}
	fflush(stdout);
	execl(argv[0], argv[0], "exec", (char *)NULL);
	return 1;
}
