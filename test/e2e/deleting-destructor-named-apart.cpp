// A class's deleting destructor (D0, what `delete` calls: it runs the
// destructor, then frees) and its complete or base destructor (D1, D2)
// demangle alike; both are cost centres.  The report names the deleting
// one "Even::~Even() [deleting]", so that one `delete` is not two rows of
// one name in --all, nor one row of two calls by name, and a context
// report needs no "(file)" to tell them apart (both are in this file).
// Here one object is deleted and one destroyed on the stack.
//
// RUN: %cxx -O0 %s -o %t %libs
// RUN: rm -f %t.db && env CCPROF_OUT=%t.out %t
// RUN: %report --db %t.db %t.out --format csv --sql "SELECT name, calls FROM flat_by_name WHERE name GLOB 'Even::~*' ORDER BY name" | FileCheck %s --match-full-lines
// CHECK:      name,calls
// CHECK-NEXT: Even::~Even(),2
// CHECK-NEXT: Even::~Even() [deleting],1
// CHECK-NOT:  {{.}}
//
// RUN: %cxx -O2 %s -o %t.o2 %libs
// RUN: rm -f %t.o2.db && env CCPROF_OUT=%t.o2.out %t.o2
// RUN: %report --db %t.o2.db %t.o2.out --format csv --sql "SELECT name, calls FROM flat_by_name WHERE name GLOB 'Even::~*' ORDER BY name" | FileCheck %s --check-prefix=O2 --match-full-lines
// O2:      name,calls
// O2-NEXT: Even::~Even(),2
// O2-NEXT: Even::~Even() [deleting],1
// O2-NOT:  {{.}}
#include <cstdio>

struct Base {
	virtual ~Base() {}
	virtual int get() const = 0;
};

struct Even : Base {
	int v;
	explicit Even(int x) : v(x) {}
	__attribute__((noinline)) ~Even() override { std::printf("~Even %d\n", v); }
	int get() const override { return v * 2; }
};

__attribute__((noinline)) Base *make(int x)
{
	return new Even(x);
}

int main()
{
	Base *p = make(1);
	int s = p->get();
	delete p;
	{
		Even e(2);
		s += e.get();
	}
	std::printf("%d\n", s);
	return 0;
}
