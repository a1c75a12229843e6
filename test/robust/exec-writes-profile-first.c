// An instrumented program that calls exec writes the profile of the image
// being replaced first: exact call counts, "status complete".  Every
// function of the exec family does (libccprof interposes them).  Without
// that, exec discards the image with its atexit writer: no profile.
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: for f in execve execv execvp execvpe execl execlp execle fexecve; do \
// RUN:   env CCPROF_OUT=%t.d/$f.out %t $f || exit 1; \
// RUN:   FileCheck %s < %t.d/$f.out || exit 1; \
// RUN: done
// CHECK: status{{[[:space:]]}}complete
// CHECK-DAG: {{^cc[[:space:]]+[0-9]+[[:space:]]+[0-9]+[[:space:]]+}}7{{[[:space:]].*[[:space:]]}}step{{[[:space:]]}}
// CHECK-DAG: {{^cc[[:space:]]+[0-9]+[[:space:]]+[0-9]+[[:space:]]+}}1{{[[:space:]].*[[:space:]]}}main{{[[:space:]]}}

#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(int argc, char **argv)
{
	char *args[] = { "true", NULL };
	const char *how = argc > 1 ? argv[1] : "";
	volatile int sum = 0;

	for (int i = 0; i < 7; i++)
		sum += step(i);
	if (!strcmp(how, "execve"))
		execve("/bin/true", args, environ);
	else if (!strcmp(how, "execv"))
		execv("/bin/true", args);
	else if (!strcmp(how, "execvp"))
		execvp("true", args);
	else if (!strcmp(how, "execvpe"))
		execvpe("true", args, environ);
	else if (!strcmp(how, "execl"))
		execl("/bin/true", "true", (char *)NULL);
	else if (!strcmp(how, "execlp"))
		execlp("true", "true", (char *)NULL);
	else if (!strcmp(how, "execle"))
		execle("/bin/true", "true", (char *)NULL, environ);
	else if (!strcmp(how, "fexecve"))
		fexecve(open("/bin/true", O_RDONLY), args, environ);
	perror(how);
	return 1;
}
