// CCPROF_EVENTS=io in a fork child: the child's first stdio writes are
// counted from its first stdio call (the kernel's counts of the child
// start from 0): child_writes's first stdio call writes (an fwrite of
// 10000 bytes, more than the buffer), then it prints 50000 bytes with
// fprintf and closes the file, and the child's profile charges it
// exactly strace's writes to that file.
//
// REQUIRES: strace
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build does not build)
// RUN: %cc -O1 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/prof.%%p CCPROF_EVENTS=io strace -f -qq -y -e trace=write -e signal=none -o %t.d/trace %t %t.d/child.txt
// RUN: %python -c "import glob, shutil, sys; outs = [p for p in glob.glob(sys.argv[1] + '/prof.*') if any(l.split('\t')[6:7] == ['child_writes'] and l.split('\t')[3] != '0' for l in open(p) if l.startswith('cc\t'))]; assert len(outs) == 1, outs; shutil.copy(outs[0], sys.argv[1] + '/child.prof')" %t.d
// RUN: %metrics %t.d/child.prof write_calls write_bytes > %t.d/check
// RUN: %strace_io %t.d/trace %t.d/child.txt >> %t.d/check
// RUN: FileCheck %s < %t.d/check
// CHECK: child_writes write_bytes 60000
// CHECK-NEXT: child_writes write_calls [[#CALLS:]]
// CHECK: write {{.*}}child.txt [[#CALLS]] 60000
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) static void child_writes(const char *path)
{
	static char block[10000];
	FILE *f = fopen(path, "w");

	fwrite(block, 1, sizeof block, f);
	for (int i = 0; i < 5000; i++)
		fprintf(f, "%09d\n", i);
	fclose(f);
}

int main(int argc, char **argv)
{
	pid_t pid;
	int status;

	if (argc < 2)
		return 2;
	fflush(stdout);	/* a stdio call in the parent first */
	pid = fork();
	if (pid == 0) {
		child_writes(argv[1]);
		return 0;
	}
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
