// Where the runtime has put its fatal-signal handler (the action was
// SIG_DFL), the program sees SIG_DFL, as without ccprof: a library that
// ignores SIGPIPE only where the action is the default still does, and
// the write to a closed pipe fails with EPIPE instead of killing the
// program (it died of SIGPIPE, status 141).  A handler the program
// installs replaces the runtime's as before, signal() answers with the
// program's own previous handler, and setting SIG_DFL again puts the
// runtime's back: the program dies of SIGTERM as without ccprof and the
// profile is still written ("status incomplete").  The output is the
// plain build's.  (Not SIGINT: lit may run the test in the background,
// where it is ignored and the runtime leaves it alone.)
//
// RUN: %plain_cc -O1 %s -o %t.plain
// RUN: sh -c '%t.plain; echo status=$?' > %t.plain.log 2> /dev/null
// RUN: %cc -O1 %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out sh -c '%t; echo status=$?' > %t.log 2> /dev/null
// RUN: diff %t.plain.log %t.log
// RUN: FileCheck %s < %t.log
// RUN: FileCheck --check-prefix=FILE %s < %t.out
// CHECK:      SIGPIPE SIGSEGV SIGABRT SIGTERM: SIG_DFL SIG_DFL SIG_DFL SIG_DFL
// CHECK-NEXT: write: Broken pipe
// CHECK-NEXT: signal answers: the program's handler, then SIG_DFL
// CHECK-NEXT: raising SIGTERM
// CHECK-NEXT: status=143
// FILE: status{{[[:space:]]}}incomplete

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *view(int sig)
{
	struct sigaction a;

	sigaction(sig, NULL, &a);
	if (a.sa_flags & SA_SIGINFO)
		return "a handler";
	return a.sa_handler == SIG_DFL ? "SIG_DFL"
	       : a.sa_handler == SIG_IGN ? "SIG_IGN" : "a handler";
}

static void on_term(int sig)
{
	(void)sig;
}

__attribute__((noinline)) void ignore_sigpipe_unless_handled(void)
{
	struct sigaction old;

	sigaction(SIGPIPE, NULL, &old);
	if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL)
		signal(SIGPIPE, SIG_IGN);
}

int main(void)
{
	int fd[2];
	void (*was)(int);

	printf("SIGPIPE SIGSEGV SIGABRT SIGTERM: %s %s %s %s\n",
	       view(SIGPIPE), view(SIGSEGV), view(SIGABRT), view(SIGTERM));
	ignore_sigpipe_unless_handled();
	if (pipe(fd) != 0)
		return 1;
	close(fd[0]);
	if (write(fd[1], "x", 1) < 0)
		printf("write: %s\n", strerror(errno));
	signal(SIGTERM, on_term);
	was = signal(SIGTERM, SIG_DFL);
	printf("signal answers: %s, then %s\n",
	       was == on_term ? "the program's handler" : "other",
	       view(SIGTERM));
	printf("raising SIGTERM\n");
	fflush(stdout);
	raise(SIGTERM);
	printf("survived\n");
	return 0;
}
