// A context-mode unit refers to the runtime's table of no transition by
// a name that carries the ABI version (__ccprof_ctx_nomemo.abi8), so a
// runtime older than the unit, which would read the unit's nodes with
// another layout, is refused when the program is linked (here) or
// loaded, naming the symbol, instead of the program crashing at its
// first transition.  The older runtime is played by libccprof.a with
// that symbol renamed to an older version's.  The current runtime also
// defines the names units of ABI 4 to 7 used before (test/runtime/
// context-foreign-module-enters-sink.c), so they still load.
//
// RUN: %cc -O2 %pluginopt-mode=context -c %s -o %t.o
// RUN: objcopy --redefine-sym __ccprof_ctx_nomemo.abi8=__ccprof_ctx_nomemo.abi6 %libdir/libccprof.a %t-older.a
// RUN: not %cc %t.o %t-older.a -o %t-refused -pthread 2>&1 | FileCheck %s
// CHECK: undefined reference to `__ccprof_ctx_nomemo.abi8'
// RUN: %cc %t.o %libdir/libccprof.a -o %t -pthread
// RUN: %t

static int twice(int x)
{
	return 2 * x;
}

int (*volatile fn)(int) = twice;

int main(void)
{
	return fn(21) == 42 ? 0 : 1;
}
