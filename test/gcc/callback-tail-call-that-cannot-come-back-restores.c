// REQUIRES: gcc
// An address-taken function (a callback) whose call in tail position is
// of profiled code defined in the unit puts `current` back after that
// call, when the callee's calls in tail position, followed as far as
// they go, cannot come back to it: cb's callee work ends in a call of
// leafish, which ends in nothing that can.  The store stops the call
// from being a jump, which costs one frame.  ping and pong call each
// other in tail position: storing after ping's call of pong would make
// their loop grow the stack, so ping keeps its jump and restores
// nothing.  Nor does via_ext, whose callee passes_on ends in a call out
// of the unit, which may come back.
//
// RUN: %gcc -fplugin=%gcc_plugin -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=FLAT
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-transitions=entry -O2 -fno-inline -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=ENTRY

int ext(int);
volatile int sink;

int leafish(int x)
{
	sink = ext(x);
	return sink;
}

int work(int x)
{
	return leafish(ext(x));
}

int cb(int x)
{
	return work(x);
}

int pong(int x);

int ping(int x)
{
	return pong(ext(x));
}

int pong(int x)
{
	return ping(ext(x));
}

int passes_on(int x)
{
	return ext(x + 1);
}

int via_ext(int x)
{
	return passes_on(x);
}

int (*table[3])(int) = {cb, ping, via_ext};

// FLAT-LABEL: int cb (int x)
// FLAT:         [[F:_[0-9]+]] ={v} __ccprof_current;
// FLAT:         = work (x_{{[0-9]+}}(D));
// FLAT-NEXT:    __ccprof_current ={v} [[F]];
// FLAT-NEXT:    return
// FLAT-LABEL: int ping (int x)
// FLAT-NOT:     ={v} __ccprof_current;
// FLAT:         = pong (_{{[0-9]+}}); [tail call]
// FLAT-NEXT:    return
// FLAT-LABEL: int via_ext (int x)
// FLAT-NOT:     ={v} __ccprof_current;
// FLAT:         = passes_on (x_{{[0-9]+}}(D)); [tail call]
// FLAT-NEXT:    return

// ENTRY-LABEL: int cb (int x)
// ENTRY:         [[F:_[0-9]+]] ={v} __ccprof_current;
// ENTRY:         = work (x_{{[0-9]+}}(D));
// ENTRY-NEXT:    __ccprof_current ={v} [[F]];
// ENTRY-NEXT:    return
// ENTRY-LABEL: int ping (int x)
// ENTRY:         = pong (_{{[0-9]+}}); [tail call]
// ENTRY-NEXT:    return
