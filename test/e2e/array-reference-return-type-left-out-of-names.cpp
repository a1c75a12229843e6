// A function template returning a reference to an array demangles with
// its name inside the return type, "int const (&ident<int, 3>(int const
// (&) [3])) [3]" ({fmt}'s arg_mapper::map of an array); one returning a
// function pointer likewise, "int (*pick<int>(int))(int)".  The report
// leaves the return type out of both, as of every other function
// template: "ident<int, 3>(int const (&) [3])", "pick<int>(int)", not
// "(&ident<int, 3>(int const (&) [3])) [3]".
//
// RUN: %cxx -O1 %s -o %t %libs
// RUN: rm -f %t.db && env CCPROF_OUT=%t.out %t
// RUN: %report --db %t.db %t.out --format csv --sql "SELECT name, calls FROM flat_by_name WHERE name <> 'main' AND name <> '(unprofiled)' ORDER BY name" | FileCheck %s --match-full-lines
// CHECK:      name,calls
// CHECK-NEXT: "ident<int, 3>(int const (&) [3])",1
// CHECK-NEXT: inc(int),1
// CHECK-NEXT: pick<int>(int),1
// CHECK-NOT:  {{.}}
template <typename T, int N>
__attribute__((noinline)) const T (&ident(const T (&a)[N]))[N] {
  return a;
}

__attribute__((noinline)) int inc(int x) { return x + 1; }

template <typename T>
__attribute__((noinline)) T (*pick(T))(T) {
  return inc;
}

int main() {
  static const int a[3] = {1, 2, 3};
  return ident(a)[0] + pick(0)(0) - 2;
}
