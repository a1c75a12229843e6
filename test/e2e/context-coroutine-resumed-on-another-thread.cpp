// Context mode: C++20 coroutines created on the main thread and resumed
// on two other threads, then on the main thread.  Every call is counted
// (square 3000 times), each under the thread that resumed the coroutine
// (drive -> the coroutine -> square), never under the creating call
// (main -> task): clang's coroutine enters its node again at each
// resumption, GCC's resume function (.actor) at each entry.  Before,
// clang kept the creating call's node, and the threads' calls to square
// went into the main thread's nodes, or were lost.
//
// REQUIRES: context-mode
// RUN: %cxx -std=c++20 -O0 -pthread %ctxflags %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0 1000
// RUN: %contexts flat %t0.out | FileCheck %s --check-prefix=FLAT
// RUN: %contexts paths %t0.out | FileCheck %s
// RUN: %contexts check %t0.out
// RUN: %cxx -std=c++20 -O2 -pthread %ctxflags %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2 1000
// RUN: %contexts flat %t2.out | FileCheck %s --check-prefix=FLAT
// RUN: %contexts paths %t2.out | FileCheck %s
// RUN: %contexts check %t2.out
// FLAT: square(long) 3000
// The two other threads' calls, merged by path, then the main thread's:
// CHECK-NOT: main;task{{[^;]*}};square
// CHECK:     {{^}}drive(Gen);task{{[^;]*}};square(long) 2000
// CHECK-NOT: main;task{{[^;]*}};square
// CHECK:     {{^}}main;drive(Gen);task{{[^;]*}};square(long) 1000
// CHECK-NOT: main;task{{[^;]*}};square
#include <coroutine>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <thread>

struct Gen {
	struct promise_type {
		Gen get_return_object()
		{
			return Gen{std::coroutine_handle<
				promise_type>::from_promise(*this)};
		}
		std::suspend_always initial_suspend() noexcept { return {}; }
		std::suspend_always final_suspend() noexcept { return {}; }
		void return_void() {}
		void unhandled_exception() { std::terminate(); }
	};
	std::coroutine_handle<promise_type> h;
};

static volatile long total;

__attribute__((noinline)) long square(long x) { return x * x; }

Gen task(long n)
{
	for (long i = 0; i < n; ++i) {
		total = total + (square(i) & 1);
		co_await std::suspend_always{};
	}
}

__attribute__((noinline)) void drive(Gen g)
{
	while (!g.h.done())
		g.h.resume();
	g.h.destroy();
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;
	Gen g1 = task(n), g2 = task(n), g3 = task(n);
	std::thread t1(drive, g1);
	t1.join();
	std::thread t2(drive, g2);
	t2.join();
	drive(g3);
	std::printf("%ld\n", total);
	return 0;
}
