// A %m pool written by an older runtime (profile format 1, no "samples"
// record) is merged, not left alone: the merged file is format 5, counts
// and ticks are summed, the old file's samples are taken to be its
// ticks (the only figure it has), and it counts as one process.
//
// RUN: %cc -O1 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t
// Turn the pool into format 1 (no samples, clock, processes, events,
// nor the kind of each cc), with 1000 ticks that were never sampled by
// this run.
// RUN: %python -c "import glob, sys; p = glob.glob(sys.argv[1] + '/pool-*.out')[0]; L = [l for l in open(p) if not l.startswith(('samples\t', 'clock\t', 'processes\t', 'events\t'))]; L[0] = 'ccprof\t1\n'; L = [('ticks\t1000\n' if l.startswith('ticks\t') else l.rsplit('\t', 1)[0] + '\n' if l.startswith('cc\t') else l) for l in L]; open(p, 'w').writelines(L)" %t.d
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t 2> %t.err
// RUN: count 0 < %t.err
// RUN: %counts %t.d/pool-*.out | FileCheck %s
// CHECK: main 2
// CHECK-NEXT: step 2000
// RUN: cat %t.d/pool-*.out | FileCheck %s --check-prefix=FORMAT
// FORMAT: ccprof{{[[:space:]]}}{{[5-9]}}
// FORMAT: processes{{[[:space:]]}}2
// FORMAT: ticks{{[[:space:]]}}[[TICKS:[0-9]+]]
// FORMAT-NEXT: samples{{[[:space:]]}}[[SAMPLES:[0-9]+]]
// FORMAT-NEXT: clock{{[[:space:]]}}cpu-{{perf|timer}}
// FORMAT: cc{{[[:space:]].*[[:space:]]}}step{{[[:space:]].*[[:space:]]}}function
// RUN: %python -c "import glob, sys; f = dict(l.split('\t')[:2] for l in open(glob.glob(sys.argv[1] + '/pool-*.out')[0]) if l.count('\t')); t, s = int(f['ticks']), int(f['samples']); print(t, s); sys.exit(0 if 1000 <= s <= t else 1)" %t.d
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
