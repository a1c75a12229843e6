// When the kernel refuses the sampling sources (a seccomp filter that
// fails timer_create, and perf_event_open too, with EACCES), the runtime
// says so at start and writes hz 0, never a silent profile of 0 ticks:
// with CCPROF_CLOCK=cpu-timer, and with the default clock once the
// CPU-clock event is refused as well.  The program re-executes itself
// under the filter, so that the runtime starts behind it.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out %t.out.exec1
// RUN: env CCPROF_OUT=%t.out CCPROF_CLOCK=cpu-timer %t timer 2> %t.err
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out.exec1
// RUN: rm -f %t.out %t.out.exec1
// RUN: env CCPROF_OUT=%t.out %t both 2> %t.err
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out.exec1
// ERR: ccprof: cannot start the profiling timer: Permission denied; sampling disabled
// CHECK:hz	0
// CHECK-NEXT:ticks	0
// CHECK:cc	0	0	4	0	3	busy	timer-refused-warns.c	function

#include "ccprof_test.h"

#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static struct ccprof_counters busy_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &busy_cnt, "busy", "timer-refused-warns.c", 3, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "",
	"timer-refused-warns.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

/* timer_create, and perf_event_open if BOTH, fail with EACCES. */
static void refuse(int both)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_timer_create, 2, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
			 both ? SYS_perf_event_open : SYS_timer_create, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
	};
	struct sock_fprog prog = { sizeof f / sizeof f[0], f };

	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

int main(int argc, char **argv)
{
	if (argc == 2) {
		char *again[] = { argv[0], argv[1], (char *)"run", NULL };

		refuse(strcmp(argv[1], "both") == 0);
		execv(argv[0], again);
		return 127;
	}
	for (int i = 0; i < 4; i++)
		test_enter(&busy_cnt);
	test_burn_cpu_ms(100);
	return 0;
}
