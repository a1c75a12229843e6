// REQUIRES: gcc
// counters=thread in a shared object (-fPIC, not -fPIE): local-exec
// cannot be used there, so __ccprof_tcalls is initial-exec, like the
// runtime's __ccprof_current: its offset from the thread pointer is
// loaded from the GOT (R_X86_64_TPOFF64, set by the dynamic linker) and
// the increment goes through %fs, at -O2 and -O0.  The array is still
// static (a local TLS symbol, one uint64_t per cost centre), and the
// constructor adds the thread pointer to the offset to pass its address.
//
// RUN: %gcc -fplugin=%gcc_plugin -fPIC -O2 -S %s -o - | FileCheck %s --implicit-check-not=@tpoff
// RUN: %gcc -fplugin=%gcc_plugin -fPIC -O0 -S %s -o - | FileCheck %s --check-prefix=O0 --implicit-check-not=@tpoff
// RUN: %gcc -fplugin=%gcc_plugin -fPIC -O2 -shared %s -o %t.so
// RUN: readelf -sW %t.so | FileCheck %s --check-prefix=SYM
// RUN: readelf -rW %t.so | FileCheck %s --check-prefix=RELOC

int helper(int x)
{
	return x + 1;
}

int api(int x)
{
	return helper(x) * 2;
}

// CHECK-LABEL: helper:
// CHECK:         movq __ccprof_tcalls@gottpoff(%rip), [[T:%r[a-z0-9]+]]
// CHECK-NOT:     __ccprof_tcalls
// CHECK:         addq $1, %fs:([[T]])
// CHECK-LABEL: api:
// CHECK:         movq __ccprof_tcalls@gottpoff(%rip), [[T:%r[a-z0-9]+]]
// CHECK-NOT:     __ccprof_tcalls
// CHECK:         addq $1, %fs:8([[T]])
// CHECK:         call helper@PLT
// CHECK:       _sub_I_65535_0:
// CHECK-DAG:     movq __ccprof_tcalls@gottpoff(%rip), [[A:%r[a-z0-9]+]]
// CHECK-DAG:     leaq __ccprof_module(%rip), %rdi
// CHECK:         addq %fs:0, [[A]]
// CHECK:         {{call|jmp}} __ccprof_register_thread@PLT
// CHECK:         .section .tbss,"awT",@nobits
// CHECK:         .size __ccprof_tcalls, 16

// O0-LABEL: helper:
// O0:         movq __ccprof_tcalls@gottpoff(%rip), [[T:%r[a-z0-9]+]]
// O0-NEXT:    movq %fs:([[T]]), [[N:%r[a-z0-9]+]]
// O0-NEXT:    leaq 1([[N]]), [[N1:%r[a-z0-9]+]]
// O0-NEXT:    movq __ccprof_tcalls@gottpoff(%rip), [[T2:%r[a-z0-9]+]]
// O0-NEXT:    movq [[N1]], %fs:([[T2]])

// SYM: {{ 16 TLS +LOCAL +DEFAULT +[0-9]+ __ccprof_tcalls$}}

// RELOC: R_X86_64_TPOFF64
