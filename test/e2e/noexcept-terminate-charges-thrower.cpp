// An exception that reaches a noexcept function calls std::terminate,
// which aborts: the runtime's SIGABRT handler writes the profile with
// "status incomplete", the program still dies of SIGABRT (exit status
// 134), and the time spent before the throw is charged to the functions
// that spent it: `step` and the noexcept `guarded`, which main calls in
// turn each round, and `thrower`, which `guarded` calls through five
// frames and which throws in the last round.  Call counts are exact up to
// the abort.
//
// RUN: %cxx -O0 -falign-loops=32 %s -o %t0 %libs
// RUN: rm -f %t0.out
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth sh -c '%t0 10; echo status=$?' 2>/dev/null | FileCheck --check-prefix=STATUS %s
// RUN: FileCheck --check-prefix=FILE %s < %t0.out
// RUN: %shares %t0.out --truth %t0.truth --nominal-tol 20 step=60 'guarded(bool)=30' 'thrower(int, bool)=10' --tol 4
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=10 -D#THROWS=60
// RUN: %cxx -O2 -falign-loops=32 %s -o %t2 %libs
// RUN: rm -f %t2.out
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth sh -c '%t2 16; echo status=$?' 2>/dev/null | FileCheck --check-prefix=STATUS %s
// RUN: FileCheck --check-prefix=FILE %s < %t2.out
// RUN: %shares %t2.out --truth %t2.truth --nominal-tol 20 step=60 'guarded(bool)=30' 'thrower(int, bool)=10' --tol 4
// RUN: %counts %t2.out | FileCheck %s -D#ROUNDS=16 -D#THROWS=96
// STATUS: status=134
// FILE: status{{[[:space:]]}}incomplete
// CHECK: guarded(bool) [[#ROUNDS]]
// CHECK-NEXT: main 1
// CHECK-NEXT: step [[#ROUNDS]]
// CHECK-NEXT: thrower(int, bool) [[#THROWS]]
#include "e2e_work.h"

extern "C" __attribute__((noinline)) void step(void)
{
	WORK("step", 12 * UNIT);
}

__attribute__((noinline)) void thrower(int depth, bool last)
{
	if (depth == 0) {
		WORK("thrower(int, bool)", 2 * UNIT);
		if (last)
			throw depth;
		return;
	}
	thrower(depth - 1, last);
	e2e_sink++;
}

__attribute__((noinline)) void guarded(bool last) noexcept
{
	WORK("guarded(bool)", 6 * UNIT);
	thrower(5, last);
}

int main(int argc, char **argv)
{
	int rounds = ROUNDS(argc, argv);

	for (int r = 0; r < rounds; r++) {
		step();
		guarded(r == rounds - 1);
	}
	return 0;
}
