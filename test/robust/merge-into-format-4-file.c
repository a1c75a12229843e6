// A %m pool written by the format-4 runtime (processes and kinds, no
// events nor metrics) is imported as it is, and merged into, not left
// alone: the merged file is the current format, its processes, counts and kinds
// are the old file's plus this run's, and this run's events and metrics
// (CCPROF_EVENTS=alloc) are added to it; the reporter imports both.
//
// RUN: %cc -O1 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t
// Turn the pool into format 4: version 4, no events nor metric records
// (a format-4 file has processes and each cc's kind).
// RUN: %python -c "import glob, sys; p = glob.glob(sys.argv[1] + '/pool-*.out')[0]; L = [l for l in open(p) if not l.startswith(('events\t', 'metric\t', 'unprofiled_metric\t', 'ctx\t', 'ctx_metric\t'))]; assert L[0].startswith('ccprof\t'); L[0] = 'ccprof\t4\n'; open(p, 'w').writelines(L)" %t.d
// RUN: cat %t.d/pool-*.out | FileCheck %s --check-prefix=V4
// V4: ccprof{{[[:space:]]}}4
// V4: processes{{[[:space:]]}}1
// V4: cc{{[[:space:]].*[[:space:]]}}step{{[[:space:]].*[[:space:]]}}function
//
// The format-4 file imports as it is.
// RUN: %report --db %t.d/v4.db --format csv --sql "SELECT name, calls, kind FROM flat WHERE calls > 0 ORDER BY name" %t.d/pool-*.out | FileCheck %s --check-prefix=IMPORT4 --match-full-lines
// IMPORT4: name,calls,kind
// IMPORT4-NEXT: main,1,function
// IMPORT4-NEXT: step,1000,function
//
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out CCPROF_EVENTS=alloc %t 2> %t.err
// RUN: count 0 < %t.err
// RUN: %counts %t.d/pool-*.out | FileCheck %s
// CHECK: main 2
// CHECK-NEXT: step 2000
// RUN: cat %t.d/pool-*.out | FileCheck %s --check-prefix=FORMAT
// FORMAT: ccprof{{[[:space:]]}}{{[5-9]}}
// FORMAT: processes{{[[:space:]]}}2
// FORMAT: events{{[[:space:]]}}alloc
// FORMAT: cc{{[[:space:]].*[[:space:]]}}step{{[[:space:]].*[[:space:]]}}function
// FORMAT-NEXT: metric{{[[:space:]]}}{{[0-9]+}}{{[[:space:]]}}alloc_calls{{[[:space:]]}}10{{$}}
// FORMAT-NEXT: metric{{[[:space:]]}}{{[0-9]+}}{{[[:space:]]}}alloc_bytes{{[[:space:]]}}1230{{$}}
// RUN: %report --db %t.d/v5.db --format csv --sql "SELECT name, calls, kind, alloc_bytes FROM flat WHERE calls > 0 ORDER BY name" %t.d/pool-*.out | FileCheck %s --check-prefix=IMPORT5 --match-full-lines
// IMPORT5: name,calls,kind,alloc_bytes
// IMPORT5-NEXT: main,2,function,{{[0-9]*}}
// IMPORT5-NEXT: step,2000,function,1230
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build does not build)
#include <stdlib.h>

static void *volatile keep;

__attribute__((noinline)) int step(int i)
{
	if (i % 100 == 0) {	/* 10 of 1000 calls: 123 bytes each */
		keep = malloc(123);
		free(keep);
	}
	return i + 1;
}

int main(void)
{
	volatile int sum = 0;

	for (int i = 0; i < 1000; i++)
		sum = step(sum);
	return 0;
}
