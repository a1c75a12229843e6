// CCPROF_EVENTS=io: a read or write that fails after the kernel counted
// it (EPIPE of a pipe nobody reads, EAGAIN of an empty non-blocking
// pipe: an event loop's last read) is a call of the function that made
// it, counted once.  Before, it was counted again in the next function
// to use stdio, whose reading of the kernel's counts took it for one of
// its own: report() had 13 write calls for its 3, and 10 reads it never
// made.  A call refused before the kernel counts it (EBADF) was right.
//
// RUN: %cc -O1 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out CCPROF_EVENTS=io %t > %t.txt
// RUN: %metrics %t.out --events read_calls write_calls | FileCheck %s
// CHECK: events io
// CHECK-NEXT: bad_fd_writes write_calls 10
// CHECK-NEXT: eagain_reads read_calls 10
// CHECK-NEXT: epipe_writes write_calls 10
// CHECK-NEXT: report write_calls 4
// CHECK-NOT: report read_calls
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

/* The only function that uses stdio: one line, one write(2), each call. */
__attribute__((noinline)) void report(const char *s)
{
	printf("%s\n", s);
	fflush(stdout);
}

__attribute__((noinline)) void epipe_writes(int fd, int n)
{
	for (int i = 0; i < n; i++)
		if (write(fd, "x", 1) != -1)
			return;
}

__attribute__((noinline)) void eagain_reads(int fd, int n)
{
	char c;

	for (int i = 0; i < n; i++)
		if (read(fd, &c, 1) != -1)
			return;
}

__attribute__((noinline)) void bad_fd_writes(int n)
{
	for (int i = 0; i < n; i++)
		if (write(1000, "x", 1) != -1)
			return;
}

int main(void)
{
	int z[2], y[2];

	report("start");	/* the thread's first reading of its counts */
	signal(SIGPIPE, SIG_IGN);
	if (pipe(z) != 0 || pipe(y) != 0)
		return 1;
	close(z[0]);
	epipe_writes(z[1], 10);
	report("after EPIPE writes");
	fcntl(y[0], F_SETFL, O_NONBLOCK);
	eagain_reads(y[0], 10);
	report("after EAGAIN reads");
	bad_fd_writes(10);
	report("after EBADF writes");
	return 0;
}
