// REQUIRES: gcc
// mode=context: a tiny leaf (no loop, at most leaf-size statements, no
// call but of builtins that cannot call back) still moves to its node
// and counts there, at its entry (-O0) or from its caller's kid slot
// (-O2, its body), but never points `current` at that node, and its
// callers set nothing after calling it: its time is its caller's
// context's, as in flat mode.  A function calling a tiny leaf, or one
// that does not return, is no leaf in context mode: what it calls must
// start from its node.  leaf-size=0: no leaves.
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=O0
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=O2
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-leaf-size=0 -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=OFF

int ext(int);
__attribute__((noreturn)) void die(void);

struct value { unsigned char kind; int n; };

int kind(struct value v)
{
	return v.kind & 15;
}

int valid(struct value v)
{
	return kind(v) != 0;
}

int checked(int x)
{
	if (x < 0)
		die();
	return x;
}

int user(struct value v)
{
	int a = kind(v);
	return ext(a) + a;
}

// O0-LABEL: int kind (struct value v)
// O0:         ={v} __ccprof_current;
// O0:         [[N:_[0-9]+]] = PHI
// O0-NEXT:    [[C:_[0-9]+]] = [[N]]->calls;
// O0-NEXT:    [[C1:_[0-9]+]] = [[C]] + 1;
// O0-NEXT:    [[N]]->calls = [[C1]];
// O0-NOT:     __ccprof_current
// O0:         return
// O0-LABEL: int valid (struct value v)
// O0:         __ccprof_current ={v} [[V:_[0-9]+]];
// O0-NEXT:    = kind (v);
// O0-LABEL: int checked (int x)
// O0:         __ccprof_current ={v}
// O0:         die ();
// O0-LABEL: int user (struct value v)
// O0:         __ccprof_current ={v} [[U:_[0-9]+]];
// O0-NEXT:    [[A:_[0-9]+]] = kind (v);
// O0-NOT:     __ccprof_current
// O0:         = ext (
// O0-NEXT:    __ccprof_current ={v} [[U]];

// O2-LABEL: int checked.ccprof.0 (int x,
// O2:         __ccprof_current ={v}
// O2-LABEL: int kind.ccprof.0
// O2-NOT:     __ccprof_current
// O2:         return
// O2-LABEL: int user.ccprof.0
// O2:         [[K:_[0-9]+]]->calls = {{_[0-9]+}};
// O2-NEXT:    a_{{[0-9]+}} = kind.ccprof.0
// O2-NEXT:    = ext.ccprof.site.gcc.{{[0-9a-f]+}} (
// O2-NEXT:    __ccprof_current ={v}
// O2-LABEL: int valid.ccprof.0
// O2:         __ccprof_current ={v}
// O2:         = kind.ccprof.0

// OFF-LABEL: int kind.ccprof.0
// OFF:         __ccprof_current ={v}
// OFF-LABEL: int user.ccprof.0
// OFF:         = kind.ccprof.0
// OFF-NEXT:    __ccprof_current ={v}
