/* no_perf_events.c PROGRAM ARGS... - run PROGRAM under a seccomp filter
 * that refuses perf_event_open with EACCES, as a container's default
 * profile or perf_event_paranoid 3 would: the tests of ccprof's
 * CPU-time timer fallback. */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_perf_event_open, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(code) / sizeof(code[0]), code };

	if (argc < 2) {
		fprintf(stderr, "usage: no_perf_events PROGRAM ARGS...\n");
		return 2;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) {
		perror("no_perf_events: seccomp");
		return 2;
	}
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
