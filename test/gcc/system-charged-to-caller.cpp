// REQUIRES: gcc
// system=caller: functions of the C++ standard library and of system
// headers get no cost centre.  std::vector<int>::size calls nothing, so it
// is left alone; std::sort calls the comparator back, so its parts save
// `current` on entry and restore it after those calls, even in tail
// position (_Iter_comp_iter::operator() returns the comparator's
// result).  Either returns with `current` as it found it, so the caller
// sets nothing after calling them.  system=profile profiles them as any
// function.
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-system=caller -O0 -fdump-tree-optimized=%t.dump -S %s -o %t.s
// RUN: FileCheck %s < %t.dump
// RUN: FileCheck %s --check-prefix=RESTORE < %t.dump
// RUN: FileCheck %s --check-prefix=ASM < %t.s
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-system=profile -O0 -S %s -o - | FileCheck %s --check-prefix=PROFILE
#include <algorithm>
#include <vector>

bool less(int a, int b)
{
	return a < b;
}

unsigned long user(std::vector<int> &v)
{
	unsigned long n = v.size();
	std::sort(v.begin(), v.end(), less);
	return n + v.size();
}

// CHECK-LABEL: long unsigned int user (
// CHECK:         __ccprof_current
// CHECK:         = std::vector<int>::size (
// CHECK-NOT:     __ccprof_current
// CHECK:         std::sort<{{.*}}> (
// CHECK-NOT:     __ccprof_current
// CHECK:         return
// CHECK-LABEL: ;; Function std::vector<int>::size
// CHECK-NOT:     __ccprof
// CHECK:         return
// RESTORE-LABEL: ;; Function __gnu_cxx::__ops::_Iter_comp_iter<bool (*)(int, int)>::operator()
// RESTORE:         [[SAVED:_[0-9]+]] ={v} __ccprof_current;
// RESTORE:         = _{{[0-9]+}} (_{{[0-9]+}}, _{{[0-9]+}});
// RESTORE-NEXT:    __ccprof_current ={v} [[SAVED]];
// ASM-NOT:     __ccprof_cnt._ZSt
// ASM-NOT:     __ccprof_cnt._ZNKSt
// ASM-NOT:     __ccprof_cnt._ZN9__gnu_cxx
// PROFILE:     __ccprof_cnt._ZNKSt6vectorIiSaIiEE4sizeEv
