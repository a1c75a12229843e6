// Soak: malloc-heavy, exception-heavy and dlopen/dlclose-heavy code,
// sampled at the highest rate (CCPROF_HZ=100000) with a dump every half
// second, runs without deadlock or crash (the sampling handler takes no
// lock, allocates nothing, never calls into the dynamic linker), and the
// call counts are exact, including those of a library loaded and unloaded
// hundreds of times.  CCPROF_SOAK_SECONDS sets the duration: 20 s here,
// 60 s or more for a manual run; `timeout` turns a deadlock into a
// failure.
//
// RUN: %cxx -O2 -fPIC -shared -DSOAK_LIB %s -o %t.so %libs
// RUN: %cxx -O2 %s -o %t %libs -ldl -pthread
// RUN: rm -f %t.out
// RUN: env CCPROF_OUT=%t.out CCPROF_HZ=100000 CCPROF_DUMP_INTERVAL=0.5 \
// RUN:     timeout 300 %t %t.so > %t.log
// RUN: FileCheck --check-prefix=FILE %s < %t.out
// FILE: hz{{[[:space:]]}}100000
// FILE: status{{[[:space:]]}}complete
// RUN: cat %t.log | FileCheck --check-prefix=LOG %s
// LOG: soak done
// RUN: { cat %t.log; %counts %t.out; } | FileCheck %s
// CHECK: loads: [[#LOADS:]], library calls: [[#CALLS:]], throws: [[#THROWS:]], allocation rounds: [[#ALLOCS:]]
// CHECK-DAG: allocate_round() [[#ALLOCS]]
// CHECK-DAG: library_entry [[#CALLS]]
// CHECK-DAG: library_helper(int) [[#CALLS]]
// CHECK-DAG: throw_one(int) [[#THROWS]]

#ifdef SOAK_LIB

#include <string>
#include <vector>

__attribute__((noinline)) int library_helper(int i)
{
	std::vector<std::string> v(static_cast<size_t>(i % 7 + 1), "soak");
	return static_cast<int>(v.size());
}

extern "C" __attribute__((noinline)) int library_entry(int i);

__attribute__((noinline)) int library_entry(int i)
{
	return library_helper(i) + 1;
}

#else

#include <dlfcn.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

static std::atomic<bool> stop{false};
static std::atomic<long> throws{0}, allocs{0};

__attribute__((noinline)) void throw_one(int i)
{
	throw std::runtime_error("soak " + std::to_string(i));
}

static void thrower()
{
	for (int i = 0; !stop; i++) {
		try {
			throw_one(i);
		} catch (const std::exception &) {
			throws++;
		}
	}
}

__attribute__((noinline)) void allocate_round()
{
	std::map<int, std::string> m;

	for (int i = 0; i < 64; i++)
		m[i] = std::string(static_cast<size_t>(i * 3 + 1), 'x');
	std::vector<void *> blocks;
	for (int i = 0; i < 64; i++)
		blocks.push_back(malloc(static_cast<size_t>(16 << (i % 10))));
	for (void *p : blocks)
		free(p);
}

static void allocator()
{
	while (!stop) {
		allocate_round();
		allocs++;
	}
}

int main(int argc, char **argv)
{
	const char *env = getenv("CCPROF_SOAK_SECONDS");
	double seconds = env && *env ? atof(env) : 20;
	long loads = 0, calls = 0;

	if (argc < 2)
		return 1;
	std::thread t1(thrower), t2(allocator);
	auto end = std::chrono::steady_clock::now() +
		   std::chrono::milliseconds(static_cast<long>(seconds * 1000));
	while (std::chrono::steady_clock::now() < end) {
		void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);

		if (!lib) {
			fprintf(stderr, "dlopen: %s\n", dlerror());
			return 1;
		}
		auto entry = reinterpret_cast<int (*)(int)>(
			dlsym(lib, "library_entry"));
		for (int i = 0; i < 100; i++)
			entry(i);
		calls += 100;
		loads++;
		dlclose(lib);
	}
	stop = true;
	t1.join();
	t2.join();
	printf("loads: %ld, library calls: %ld, throws: %ld, allocation rounds: %ld\n",
	       loads, calls, throws.load(), allocs.load());
	printf("soak done\n");
	return 0;
}

#endif
