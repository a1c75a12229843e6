// REQUIRES: gcc
// `current` in an executable (-fPIE, the default, or -fno-pie) is defined
// in every unit, weak and zero in .tbss, and reached local-exec: one
// store through %fs with no offset loaded from the GOT (without PIE, of
// an immediate: no register at all).  The link keeps
// one definition, and libccprof.so's reference binds to it.  A shared
// object (-fPIC) only declares it and reaches it initial-exec, through
// the GOT.
//
// RUN: %gcc -fplugin=%gcc_plugin -O2 -S %s -o - | FileCheck %s --check-prefix=EXE
// RUN: %gcc -fplugin=%gcc_plugin -O2 -fno-pie -S %s -o - | FileCheck %s --check-prefix=EXE
// RUN: %gcc -fplugin=%gcc_plugin -O2 -fPIC -S %s -o - | FileCheck %s --check-prefix=DSO

int f(int x)
{
	return x + 1;
}

// EXE-LABEL: f:
// EXE:         movq {{%r[a-z0-9]+|\$__ccprof_cnt.f}}, %fs:__ccprof_current@tpoff
// EXE:         .weak __ccprof_current
// EXE:         .section .tbss
// EXE:       __ccprof_current:
// EXE-NEXT:    .zero 8

// DSO-LABEL: f:
// DSO:         movq __ccprof_current@gottpoff(%rip), [[R:%r[a-z0-9]+]]
// DSO:         movq {{%r[a-z0-9]+}}, %fs:{{0?}}([[R]])
// DSO-NOT:     __ccprof_current:
