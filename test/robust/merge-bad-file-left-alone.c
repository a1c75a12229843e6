// With %m, a file at the path that is not a version-1 profile (another
// tool's output, a future format) is left exactly as it is: one
// diagnostic naming the file, the line and what is wrong; this run's
// profile is not written; the exit status is the program's.
//
// RUN: %cc -O2 %s -o %t %libs
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out %t
// RUN: cd %t.d && for f in pool-*.out; do printf 'ccprof\t1\nprogram\tx\nbogus\t1\n' > $f; done
// RUN: cp %t.d/pool-*.out %t.d/before
// RUN: env CCPROF_OUT=%t.d/pool-%%m.out sh -c '%t 3; echo status=$?' > %t.log 2>&1
// RUN: FileCheck %s < %t.log
// CHECK: ccprof: cannot merge into '{{.*}}pool-{{[0-9a-f]+}}.out': line 3: unknown record; the file is left as it is and this profile is not written
// CHECK-NEXT: status=3
// RUN: cd %t.d && cmp before pool-*.out
// RUN: ls %t.d | FileCheck --check-prefix=LS %s
// LS-NOT: tmp

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(int argc, char **argv)
{
	volatile int sum = 0;

	for (int i = 0; i < 4; i++)
		sum += step(i);
	return argc > 1 ? argv[1][0] - '0' : 0;
}
