// A function returning std::string carries the ABI tag [abi:cxx11] in
// its linkage name, except that GCC leaves it out of a function with
// internal linkage where clang keeps it: the report leaves the tag out of
// every display name, so the function has one name with every compiler
// and a cross-compiler --compare pairs it.  The symbol keeps it.
//
// RUN: %cxx -O1 %s -o %t %libs
// RUN: rm -f %t.db && env CCPROF_OUT=%t.out %t
// RUN: %report --db %t.db %t.out --format csv --sql "SELECT name, calls FROM flat_by_name WHERE name GLOB '*anon_name*' OR name GLOB 'named(*' ORDER BY name" | FileCheck %s --match-full-lines
// CHECK:      name,calls
// CHECK-NEXT: (anonymous namespace)::anon_name(int),3
// CHECK-NEXT: "named(int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)",3
// CHECK-NOT:  {{.}}
// RUN: %report --db %t.db --format csv --sql "SELECT count(*) FROM cost_centres WHERE symbol GLOB '*B5cxx11*' AND name GLOB '*abi:*'" | FileCheck %s --check-prefix=NONE
// NONE: 0
#include <cstdio>
#include <string>

namespace {
__attribute__((noinline)) std::string anon_name(int i)
{
	return "item " + std::to_string(i);
}
}

__attribute__((noinline)) std::string named(int i, const std::string &s)
{
	return s + anon_name(i);
}

int main()
{
	std::string all;

	for (int i = 0; i < 3; i++)
		all += named(i, "-");
	std::printf("%s\n", all.c_str());
	return 0;
}
