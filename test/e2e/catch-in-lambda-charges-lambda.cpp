// A lambda that catches: time after its `catch` goes to the lambda's own
// cost centre (its landing pad resets `current` to the lambda), not to the
// function that threw, nor to std::function's machinery that called it,
// nor to the function the lambda was written in.  The lambda is called
// through std::function and catches what `thrower` threw five frames
// below it.
//
// The lambda's symbol depends on the compiler: `driver(int)::{lambda()#1}`
// (GCC) or `driver(int)::$_0` (clang); %shares is given both, summed.
// ccprof-report names it `driver.anon@LINE` (GCC) or `driver.anon`
// (clang without -g, which records no line), and gives it the same share.
//
// RUN: %cxx -O0 -falign-loops=32 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out E2E_TRUTH=%t0.truth %t0 10
// RUN: %shares %t0.out --truth %t0.truth --nominal-tol 20 'driver(int)::{lambda()#1}::operator()() const+driver(int)::$_0::operator()() const=90' 'thrower(int)=10' --tol 4
// RUN: %counts %t0.out | FileCheck %s -D#ROUNDS=10 -D#THROWS=60
// RUN: %cxx -O2 -falign-loops=32 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out E2E_TRUTH=%t2.truth %t2 16
// RUN: %shares %t2.out --truth %t2.truth --nominal-tol 20 'driver(int)::{lambda()#1}::operator()() const+driver(int)::$_0::operator()() const=90' 'thrower(int)=10' --tol 4
// RUN: %counts %t2.out | FileCheck %s -D#ROUNDS=16 -D#THROWS=96
// RUN: rm -f %t2.db
// RUN: %report --db %t2.db %t2.out --format csv --sql "SELECT name, calls, abs(pct - 90) <= 4 AS near90 FROM flat WHERE (name = 'driver.anon' OR name GLOB 'driver.anon@[0-9]*') AND name NOT GLOB '* *'" | FileCheck %s --check-prefix=REPORT -D#ROUNDS=16
// REPORT: name,calls,near90
// REPORT-NEXT: driver.anon{{(@[0-9]+)?}},[[#ROUNDS]],1
// REPORT-NOT: {{.}}
// Sorted by name; std::function's internals are charged to their callers
// (system=caller, the default):
// CHECK: driver(int) 1
// CHECK-NEXT: driver(int)::{{\{lambda\(\)#1\}|\$_0}}::operator()() const [[#ROUNDS]]
// CHECK-NEXT: main 1
// CHECK-NEXT: thrower(int) [[#THROWS]]
#include <functional>
#include "e2e_work.h"

__attribute__((noinline)) void thrower(int depth)
{
	if (depth == 0) {
		WORK("thrower(int)", 2 * UNIT);
		throw depth;
	}
	thrower(depth - 1);
	e2e_sink++;
}

__attribute__((noinline)) void driver(int rounds)
{
	std::function<void()> body = [] {
		try {
			thrower(5);
		} catch (int) {
			WORK("driver(int)::{lambda()#1}::operator()() const", 18 * UNIT);
		}
	};
	for (int r = 0; r < rounds; r++)
		body();
}

int main(int argc, char **argv)
{
	driver(ROUNDS(argc, argv));
	return 0;
}
