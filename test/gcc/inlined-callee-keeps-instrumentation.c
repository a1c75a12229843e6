// REQUIRES: gcc
// The plugin runs before early inlining, at every -O level, so a small
// static function inlined into its caller at -O2 and -O3 still counts its
// calls and sets `current` to its own counters for its own work; the
// caller's reset after the (former) call takes `current` back.  The
// counters of a function inlined everywhere stay in the table.
//
// RUN: %gcc -fplugin=%gcc_plugin -O2 -S %s -o - | FileCheck %s
// RUN: %gcc -fplugin=%gcc_plugin -O3 -S %s -o - | FileCheck %s

unsigned long work(unsigned long);

static unsigned long mix(unsigned long x)
{
	for (int i = 0; i < 100; i++)
		x = (x ^ (x >> 29)) * 0xbf58476d1ce4e5b9UL;
	return x;
}

unsigned long caller(unsigned long x)
{
	x = mix(x);
	return work(x) + 1;
}

// CHECK-NOT:   {{^}}mix:
// CHECK-LABEL: caller:
// CHECK-NOT:     call{{.*}}mix
// Both counts, in this thread's array (cc[0] is mix, cc[1] caller), in
// either order: only the `current` stores are volatile.
// CHECK-DAG:     addq $1, %fs:8+__ccprof_tcalls@tpoff{{$}}
// CHECK-DAG:     addq $1, %fs:__ccprof_tcalls@tpoff{{$}}
// `current` := caller's slot (cc[1], __ccprof_tcc[2]), then mix's:
// CHECK-DAG:     movq $__ccprof_tcc+16@tpoff, %fs:__ccprof_current.tls@tpoff
// CHECK:         movq $__ccprof_tcc+8@tpoff, %fs:__ccprof_current.tls@tpoff
// The inlined loop runs with `current` = mix's, then the reset:
// CHECK:         imulq
// CHECK:         movq $__ccprof_tcc+16@tpoff, %fs:__ccprof_current.tls@tpoff
// CHECK-NOT:     movq $__ccprof_tcc
// CHECK:         call work@PLT
// CHECK-NOT:     ret
// CHECK:         movq $__ccprof_tcc+16@tpoff, %fs:__ccprof_current.tls@tpoff
// CHECK-NOT:   {{^}}mix:
// CHECK:       __ccprof_ccs:
// CHECK-NEXT:    .quad __ccprof_cnt.mix
// CHECK:         .quad __ccprof_cnt.caller
