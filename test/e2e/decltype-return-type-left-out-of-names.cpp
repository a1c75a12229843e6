// A function template whose return type is a decltype demangles with the
// expression first, "decltype (({parm#1}.begin)()) first<V>(V&)" ({fmt}'s
// formatter<...>::parse): the report leaves that return type out as it
// does every other, so the name is "first<V>(V&)", not the text from the
// decltype's bracket on; and GCC and clang, which mangle some of these
// expressions differently, give the function one name.  The "->" of
// "decltype ((this->g)({parm#1}))" ({fmt}'s arg_mapper::map) closes no
// bracket.
//
// RUN: %cxx -O1 %s -o %t %libs
// RUN: rm -f %t.db && env CCPROF_OUT=%t.out %t
// RUN: %report --db %t.db %t.out --format csv --sql "SELECT name, calls FROM flat_by_name WHERE name <> 'main' AND name <> '(unprofiled)' ORDER BY name" | FileCheck %s --match-full-lines
// CHECK:      name,calls
// CHECK-NEXT: M::g(int),1
// CHECK-NEXT: M::map<int>(int),1
// CHECK-NEXT: V::begin(),1
// CHECK-NEXT: first<V>(V&),1
// CHECK-NEXT: plus_one<int>(int),1
// CHECK-NOT:  {{.}}
struct V {
  int a[2];
  int *begin() { return a; }
};

template <typename C>
__attribute__((noinline)) auto first(C &c) -> decltype(c.begin()) {
  return c.begin();
}

template <typename T>
__attribute__((noinline)) decltype(T() + 1) plus_one(T t) {
  return t + 1;
}

// g is overloaded, so that GCC mangles this->g(t) by its name as clang
// does (of a single g it mangles the resolved member, L_ZNS_1gEi, which
// the C++ runtime's demangler cannot read).
struct M {
  __attribute__((noinline)) int g(int x) { return x; }
  __attribute__((noinline)) long g(long x) { return x; }
  template <typename T>
  __attribute__((noinline)) auto map(T t) -> decltype(this->g(t)) {
    return g(t);
  }
};

int main() {
  V v{{1, 2}};
  M m;
  return *first(v) + plus_one(0) + m.map(0) - 2;
}
