// clang 19 and later mangle, before a function template's argument, the
// declaration of its parameter where the argument does not say it
// (`template<auto V>`: "Tn auto"; FMT_ENABLE_IF's enable_if_t parameter;
// a concept "Tk"; a pack "Tp") and a requires-clause ("Q"), which the
// C++ runtime's demangler does not read: the report names these
// functions as it names them when clang 14 or GCC built them, so every
// compiler gives the same names, and no name is a raw symbol.
//
// RUN: %cxx -std=c++20 -O1 %s -o %t %libs
// RUN: rm -f %t.db && env CCPROF_OUT=%t.out %t
// RUN: %report --db %t.db %t.out --format csv --sql "SELECT name, calls FROM flat_by_name WHERE name NOT IN ('main', 'tick()', '(unprofiled)') ORDER BY name" | FileCheck %s --match-full-lines
// CHECK:      name,calls
// CHECK-NEXT: "bit_cast<unsigned int, float, 0>(float const&)",1
// CHECK-NEXT: "count<1, (char)99>()",1
// CHECK-NEXT: half<long>(long),1
// CHECK-NEXT: twice<int>(int),1
// CHECK-NEXT: value<&(tick())>(),1
// CHECK-NEXT: value<5>(),1
// CHECK-NOT:  {{.}}
// RUN: %report --db %t.db --format csv --sql "SELECT count(*) FROM cost_centres WHERE name GLOB '_Z*'" | FileCheck %s --check-prefix=RAW
// RAW: 0
#include <cstdio>
#include <cstring>
#include <type_traits>

__attribute__((noinline)) void tick() { std::puts("tick"); }

template <auto V> __attribute__((noinline)) int value() { return (int)sizeof(V); }

// the parameter's type names To and From; the return and parameter types
// refer back to them (in clang 22's symbol, to the T_ inside enable_if)
template <typename To, typename From,
          std::enable_if_t<sizeof(To) == sizeof(From), int> = 0>
__attribute__((noinline)) To bit_cast(const From &from)
{
	To to;
	std::memcpy(&to, &from, sizeof to);
	return to;
}

template <typename T> concept Small = sizeof(T) <= 4;

template <Small T> __attribute__((noinline)) T twice(T t) { return t + t; }

template <typename T>
	requires(sizeof(T) == 8)
__attribute__((noinline)) T half(T t) { return t / 2; }

template <auto... Vs> __attribute__((noinline)) int count() { return sizeof...(Vs); }

int main()
{
	int n = value<5>() + value<&tick>() + count<1, 'c'>();
	unsigned u = bit_cast<unsigned>(1.0f);

	n += twice(3) + (int)half(8L) + (int)(u & 1);
	std::printf("%d\n", n);
	return 0;
}
