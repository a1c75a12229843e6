// A program that has every file descriptor its limit allows in use still
// gets its profile: when open fails with EMFILE the writer raises the
// soft RLIMIT_NOFILE for the write and puts it back after, so the program
// still finds no descriptor free (and the same limit) after a dump.
// Before, the profile was lost: "cannot write profile: Too many open
// files".  Both the plain write at exit and a %m merge (lock, old file
// and temporary file at once) are written.
//
// RUN: %cc -O1 -I%S/../../runtime %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/prof.out %t > %t.log 2>&1
// RUN: FileCheck --check-prefix=LOG %s < %t.log
// LOG-NOT: ccprof
// LOG: after dump: limit 64, open: Too many open files
// LOG-NOT: ccprof
// RUN: %counts %t.d/prof.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: step 10
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t > %t.log 2>&1
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t >> %t.log 2>&1
// RUN: FileCheck --check-prefix=LOG %s < %t.log
// RUN: %counts %t.d/pool-*.out | FileCheck --check-prefix=MERGED %s
// MERGED: main 2
// MERGED-NEXT: step 20
//
// With the hard limit at 64 too, a process that may not raise it (no
// CAP_SYS_RESOURCE, as here) cannot write: the reason is the open's,
// "Too many open files", not the failed setrlimit's "Operation not
// permitted", which read as a problem with the path.  (A process that
// may raise it writes its profile and says nothing.)
// RUN: env CCPROF_OUT=%t.d/hard.out %t hard > %t.hard.log 2>&1
// RUN: not grep "Operation not permitted" %t.hard.log
// RUN: test -f %t.d/hard.out || grep "cannot write profile '.*hard.out': Too many open files" %t.hard.log

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <ccprof.h>

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(int argc, char **argv)
{
	struct rlimit rl;
	volatile int sum = 0;
	int fd;

	getrlimit(RLIMIT_NOFILE, &rl);
	rl.rlim_cur = 64;
	if (argc > 1 && strcmp(argv[1], "hard") == 0)
		rl.rlim_max = 64;
	if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
		return 2;
	while (open("/dev/null", O_RDONLY) >= 0)
		;
	for (int i = 0; i < 10; i++)
		sum = step(sum);
	ccprof_dump();
	getrlimit(RLIMIT_NOFILE, &rl);
	fd = open("/dev/null", O_RDONLY);
	printf("after dump: limit %d, open: %s\n", (int)rl.rlim_cur,
	       fd < 0 ? strerror(errno) : "a descriptor");
	return 0;
}
