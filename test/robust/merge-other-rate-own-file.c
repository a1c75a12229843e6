// %m adds a run only into a file of runs sampled at the same rate: ticks
// are periods of 1/hz, and adding a 100 Hz run's ticks to a 1000 Hz
// run's gave the slower one a tenth of its share (and a run with sampling
// off, hz 0, gave its CPU time to the others' functions).  A run at
// another rate is merged into "<name>.hzN.<ext>" instead, with a note;
// runs at that rate then add up there.  Each file's ticks and CPU time
// are of one rate, so each function's share comes out right.
//
// RUN: %cc -O1 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_HZ=100 CCPROF_OUT=%t.d/pool-%%m.out %t 2> %t.err1
// RUN: env CCPROF_HZ=1000 CCPROF_OUT=%t.d/pool-%%m.out %t 2> %t.err2
// RUN: env CCPROF_HZ=1000 CCPROF_OUT=%t.d/pool-%%m.out %t 2> %t.err3
// RUN: env CCPROF_HZ=0 CCPROF_OUT=%t.d/pool-%%m.out %t 2> %t.err4
// RUN: not grep ccprof %t.err1
// RUN: FileCheck --check-prefix=NOTE -DHZ=1000 %s < %t.err2
// RUN: FileCheck --check-prefix=NOTE -DHZ=1000 %s < %t.err3
// RUN: FileCheck --check-prefix=NOTE -DHZ=0 %s < %t.err4
// NOTE: ccprof: note: '{{.*}}/pool-{{[0-9a-f]+}}.out' holds runs sampled at 100 Hz; this run, at [[HZ]] Hz, is merged into '{{.*}}/pool-{{[0-9a-f]+}}.hz[[HZ]].out' (ticks of different rates do not add up)
// RUN: grep -H '^hz\|^processes' %t.d/*.out | sed 's/.*pool-[0-9a-f]*//' | sort | FileCheck --check-prefix=FILES %s
// FILES:      .hz0.out:hz{{[[:space:]]}}0
// FILES-NEXT: .hz0.out:processes{{[[:space:]]}}1
// FILES-NEXT: .hz1000.out:hz{{[[:space:]]}}1000
// FILES-NEXT: .hz1000.out:processes{{[[:space:]]}}2
// FILES-NEXT: .out:hz{{[[:space:]]}}100
// FILES-NEXT: .out:processes{{[[:space:]]}}1
// RUN: %counts %t.d/pool-*.hz1000.out | FileCheck --check-prefix=COUNTS %s
// COUNTS: main 2
// COUNTS-NEXT: step 2000

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(void)
{
	volatile int sum = 0;

	for (int i = 0; i < 1000; i++)
		sum = step(sum);
	return 0;
}
