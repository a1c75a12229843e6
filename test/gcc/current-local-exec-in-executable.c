// REQUIRES: gcc
// `current` in an executable (-fPIE, the default, or -fno-pie) is defined
// in every unit, weak and zero in .tbss, and reached local-exec: one
// store through %fs with no offset loaded from the GOT, of an immediate
// (the TLS offset of the function's slot in __ccprof_tcc, ccprof_abi.h):
// no register at all.  The link keeps
// one definition, and libccprof.so's reference binds to it.  A shared
// object (-fPIC) only declares it and reaches it initial-exec, through
// the GOT.
//
// (leaf-size=0: the function here is small enough to be a tiny leaf,
// which sets no `current`.)
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -O2 -S %s -o - | FileCheck %s --check-prefix=EXE
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -O2 -fno-pie -S %s -o - | FileCheck %s --check-prefix=EXE
// current=offset is the same here (the LLVM pass's on has a limit).
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -fplugin-arg-ccprof-current=offset -O2 -S %s -o - | FileCheck %s --check-prefix=EXE
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -O2 -fPIC -S %s -o - | FileCheck %s --check-prefix=DSO
// With -flto the asm would name a static that LTO may rename or drop:
// `current` := the record's address, from a register, as in a DSO.
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -O2 -flto -ffat-lto-objects -S %s -o - | FileCheck %s --check-prefix=LTO
// current=address asks for the record's address everywhere.
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -fplugin-arg-ccprof-current=address -O2 -S %s -o - | FileCheck %s --check-prefixes=LTO,ADDR
// Also with -masm=intel (the asm is AT&T syntax); it must assemble.
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -O2 -masm=intel -S %s -o - | FileCheck %s --check-prefix=INTEL
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-leaf-size=0 -O2 -masm=intel -c %s -o %t.o

int f(int x)
{
	return x + 1;
}

// EXE-LABEL: f:
// EXE:         movq $__ccprof_tcc+8@tpoff, %fs:__ccprof_current.tls@tpoff
// EXE:         .weak __ccprof_current.tls
// EXE:         .section .tbss
// EXE:       __ccprof_current.tls:
// EXE-NEXT:    .zero 8

// DSO-LABEL: f:
// DSO:         movq __ccprof_current.tls@gottpoff(%rip), [[R:%r[a-z0-9]+]]
// DSO:         movq {{%r[a-z0-9]+}}, %fs:{{0?}}([[R]])
// DSO-NOT:     __ccprof_current.tls:

// LTO-LABEL: f:
// LTO:         movq {{%r[a-z0-9]+}}, %fs:__ccprof_current.tls@tpoff
// LTO-NOT:     __ccprof_tcc

// INTEL-LABEL: f:
// INTEL:         mov QWORD PTR fs:__ccprof_current.tls@tpoff, {{r[a-z0-9]+}}
// INTEL-NOT:     __ccprof_tcc
// ADDR:        .string "counters=thread current=address leaf-size=0"
