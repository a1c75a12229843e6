// REQUIRES: gcc
// mode=context: a tiny leaf (no loop, at most leaf-size statements, no
// call but of builtins that cannot call back) still counts its calls
// per context: at its entry in its node (-O0), or, called directly in
// its unit (-O2, its body), in a word before the caller's node, which
// the caller's descriptor says is the leaf's (kid_counts; the leaf's
// body gets no node).  It never points `current` at a node, and its
// callers set nothing after calling it: its time is its caller's
// context's, as in flat mode.  A function calling a tiny leaf, or one
// that does not return, is no leaf in context mode: what it calls must
// start from its node.  leaf-size=0: no leaves.
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=O0
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o %t.s | FileCheck %s --check-prefix=O2
// RUN: FileCheck %s --check-prefix=TABLE < %t.s
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
// O2:         [[W:_[0-9]+]] = MEM[(long unsigned int *)[[N:SYNTH.[0-9]+_[0-9]+\(D\)]] + -16B];
// O2-NEXT:    [[W1:_[0-9]+]] = [[W]] + 1;
// O2-NEXT:    MEM[(long unsigned int *)[[N]] + -16B] = [[W1]];
// O2-NEXT:    a_{{[0-9]+}} = kind.ccprof.0
// O2-NEXT:    = ext.ccprof.site.gcc.{{[0-9a-f]+}} (
// O2-NEXT:    __ccprof_current ={v}
// O2-LABEL: int valid.ccprof.0
// O2:         __ccprof_current ={v}
// O2:         = kind.ccprof.0

// The callers' descriptors list the leaf (user, checked's are NULL).
// TABLE:       __ccprof_kid_counts.[[V:[0-9]+]]:
// TABLE-NEXT:  .quad __ccprof_cnt.kind
// TABLE-NEXT:  .quad 0
// TABLE:       __ccprof_kid_counts.[[U:[0-9]+]]:
// TABLE-NEXT:  .quad __ccprof_cnt.kind
// TABLE-NEXT:  .quad 0
// TABLE:       __ccprof_ccs:
// TABLE:       .quad __ccprof_cnt.kind
// TABLE-NEXT:  .quad .LC{{[0-9]+}}
// TABLE-NEXT:  .quad .LC{{[0-9]+}}
// TABLE-NEXT:  .long {{[0-9]+}}
// TABLE-NEXT:  .long 0
// TABLE-NEXT:  .quad 0

// OFF-LABEL: int kind.ccprof.0
// OFF:         __ccprof_current ={v}
// OFF-LABEL: int user.ccprof.0
// OFF:         = kind.ccprof.0
// OFF-NEXT:    __ccprof_current ={v}
