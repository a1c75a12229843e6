// A %m merge never writes counts whose sum passes 2^63-1, the most the
// reporter can hold: a pool whose step() already has 2^63-1 - 500 calls
// (and main 1) gets only 499 of this run's 1000 calls of step and none of
// its call of main, so that the file's calls add up to exactly
// 9223372036854775807; the runtime says so once, and the pool still
// imports.  (It wrote 9223372036854776307, which the reporter rejected:
// nothing of the pool could be read.)
//
// RUN: %cc -O1 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t
// RUN: %python -c "import glob, sys; p = glob.glob(sys.argv[1] + '/pool-*.out')[0]; L = open(p).read().split('\n'); L = ['\t'.join(f[:3] + ['9223372036854775307'] + f[4:]) if f[0] == 'cc' and f[6] == 'step' else l for l, f in ((l, l.split('\t')) for l in L)]; open(p, 'w').write('\n'.join(L))" %t.d
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t 2> %t.err
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// ERR: ccprof: merging into '{{.*}}pool-{{[0-9a-f]+}}.out': counts that would pass 2^63-1 were kept at 9223372036854775807 (the most a profile may hold); what is above it is not counted
// ERR-NOT: ccprof
// RUN: %counts %t.d/pool-*.out | FileCheck %s
// CHECK: main 1
// CHECK-NEXT: step 9223372036854775806
// RUN: %report --db %t.d/check.db %t.d/pool-*.out > /dev/null

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
