// The main thread is sampled at the requested rate, not at the kernel's
// CONFIG_HZ (250): half a second of CPU at the default 1000 Hz gets about
// 500 ticks (at least 400 here; CPU-time timers alone give at most ~125),
// and the achieved rate (ticks per CPU second) is near 1000.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: %python -c "import sys; f = dict(l.split('\t')[:2] for l in open(sys.argv[1]) if l.count('\t')); t = int(f['ticks']); cpu = float(f['user']) + float(f['sys']); print('ticks', t, 'cpu', cpu, 'rate', t / cpu); sys.exit(0 if t >= 400 and 800 <= t / cpu <= 1200 else 1)" %t.out

#include "ccprof_test.h"

static struct ccprof_counters busy_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &busy_cnt, "busy", "main-thread-samples-above-config-hz.c", 1, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "",
	"main-thread-samples-above-config-hz.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_enter(&busy_cnt);
	test_burn_cpu_ms(500);
	return 0;
}
