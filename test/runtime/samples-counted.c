// The profile records how many timer signals its ticks came from
// ("samples", format 2).  A thread with a timer of its own is sampled at
// the requested rate: the main thread, busy for 300 ms of CPU at 1000 Hz,
// gets about one sample per tick (at least half as many samples as ticks,
// and never more), and at least 500 samples per CPU second.
//
// REQUIRES: primary
// RUN: %plain_cc -I%S/Inputs %s -o %t %libs
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out %t
// RUN: FileCheck --strict-whitespace --match-full-lines %s < %t.out
// CHECK:hz	1000
// CHECK-NEXT:ticks	{{[1-9][0-9]*}}
// CHECK-NEXT:samples	{{[1-9][0-9]*}}
// RUN: %python -c "import sys; f = dict(l.split('\t')[:2] for l in open(sys.argv[1]) if l.count('\t')); t, s = int(f['ticks']), int(f['samples']); cpu = float(f['user']) + float(f['sys']); print('ticks', t, 'samples', s, 'rate', s / cpu); sys.exit(0 if t / 2 <= s <= t and s / cpu >= 500 else 1)" %t.out

#include "ccprof_test.h"

static struct ccprof_counters busy_cnt;
static const struct ccprof_cc_desc ccs[] = {
	{ &busy_cnt, "busy", "samples-counted.c", 20, 0 },
};
static const struct ccprof_module module = {
	CCPROF_ABI_VERSION, 1, ccs, "hand-made", "", "samples-counted.c",
};

__attribute__((constructor)) static void register_module(void)
{
	__ccprof_register(&module);
}

int main(void)
{
	test_enter(&busy_cnt);
	test_burn_cpu_ms(300);
	return 0;
}
