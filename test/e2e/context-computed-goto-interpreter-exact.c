// Context mode, an interpreter whose dispatch is a computed goto (as
// Lua's luaV_execute): with clang its node is kept in a stack slot and
// reloaded at each transition and reset
// (test/llvm/context-computed-goto-keeps-node-in-memory.ll).  Each
// opcode calls something: a function of the unit (push), one that calls
// on (emit, then format), and one through a pointer (hook), whose entry
// transition reads `current`, so it lands under run only if the reset
// after the previous opcode's call put run's node back.  Every count is
// exact, per context, at -O0 and -O2.
//
// REQUIRES: context-mode
// RUN: %cc -O0 %ctxflags %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out %t0 1000
// RUN: %contexts paths %t0.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t0.out
// RUN: %cc -O2 %ctxflags %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out %t2 1000
// RUN: %contexts paths %t2.out | FileCheck --match-full-lines %s
// RUN: %contexts check %t2.out
// CHECK:      main 1
// CHECK-NEXT: main;run 1
// CHECK-NEXT: main;run;emit 2000
// CHECK-NEXT: main;run;emit;format 2000
// CHECK-NEXT: main;run;hook 3000
// CHECK-NEXT: main;run;push 1000
// CHECK-EMPTY:
#include <stdlib.h>

static volatile long sink;

__attribute__((noinline)) void push(long v) { sink += v; }
__attribute__((noinline)) void format(long v) { sink ^= v; }
__attribute__((noinline)) void emit(long v) { format(v); sink++; }
__attribute__((noinline)) void hook(long v) { sink -= v; }
void (*volatile hook_ptr)(long) = hook;

enum { OP_PUSH, OP_EMIT, OP_ADD, OP_LOOP, OP_END };

__attribute__((noinline)) long run(const unsigned char *code, long rounds)
{
	static void *const ops[] = {&&op_push, &&op_emit, &&op_add,
				    &&op_loop, &&op_end};
	const unsigned char *pc = code;
	long acc = 0;

#define DISPATCH() goto *ops[*pc++]
	DISPATCH();
op_push:
	push(acc);
	hook_ptr(acc);
	acc++;
	DISPATCH();
op_emit:
	emit(acc);
	hook_ptr(acc);
	DISPATCH();
op_add:
	acc += 2;
	DISPATCH();
op_loop:
	if (--rounds > 0)
		pc = code;
	DISPATCH();
op_end:
	return acc;
}

int main(int argc, char **argv)
{
	/* per round: push and a hook, emit and a hook, emit and a hook */
	static const unsigned char code[] = {OP_PUSH, OP_EMIT, OP_ADD,
					     OP_EMIT, OP_LOOP, OP_END};
	long rounds = argc > 1 ? atol(argv[1]) : 1;

	return run(code, rounds) > 0 ? 0 : 1;
}
