// REQUIRES: gcc
// A site entry's digest hashes the ABI version (here 7) before the
// prototype, so that a unit built by another release of ccprof, whose
// nodes may be laid out differently, never passes its nodes to this
// unit's site entries: its calls link to its own fallback (docs/
// design.md, "Units of another ABI version").  The digest is FNV-1a of
// "abi8;" and the prototype as the calling convention sees it.
// RUN: %python -c "import functools; print('DIGEST %%016x' %% functools.reduce(lambda h, c: ((h ^ c) * 0x100000001b3) %% 2**64, b'abi8;i32s,i32s', 0xcbf29ce484222325))" > %t.digest
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -O2 -fno-inline -S %s -o %t.s
// RUN: cat %t.digest %t.s | FileCheck %s
// CHECK: DIGEST [[D:[0-9a-f]+]]
// CHECK-DAG: callee.ccprof.site.gcc.[[D]]:
// CHECK-DAG: {{call|jmp}}{{.*}}remote.ccprof.site.gcc.[[D]]
// CHECK-DAG: .weak remote.ccprof.site.gcc.[[D]]

int remote(int x);

int callee(int x)
{
	return remote(x);
}
