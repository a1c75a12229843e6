/*
 * context_entry.c - __ccprof_ctx_enter and __ccprof_ctx_kid on x86-64:
 * the slow paths of a context-mode transition (at an entry, at a call
 * site) as instrumented code calls them, from inline assembly, with no
 * effect on any general register but rax (the result), r10 and r11.
 *
 * Why: the slow path is a call on an unlikely branch at the entry of
 * every context-mode function.  As an ordinary call it clobbers the
 * caller-saved registers and needs an aligned stack, so a function that
 * is otherwise a leaf gets a frame, saves registers and aligns the stack
 * on every call, fast path or not (on Lua, half of the fast path's
 * instructions).  Neither compiler moves that frame into the unlikely
 * block reliably (GCC 12 does not honour no_caller_saved_registers at a
 * call; LLVM's preserve_most still aligns the stack), so both plugins
 * emit the call as inline assembly the compiler sees as an instruction:
 *
 *     lea -128(%rsp), %rsp         past the red zone of a leaf
 *     pushq %rdi; pushq %rsi; pushq %rdx; pushq %rcx
 *     (the arguments into rdi, rsi, rdx and rcx)
 *     call __ccprof_ctx_enter@PLT  from in rdi, cc in rsi, memo in rdx
 *     popq %rcx; popq %rdx; popq %rsi; popq %rdi
 *     lea 128(%rsp), %rsp          node in rax
 *
 * Nothing is written within the 128 bytes below the caller's stack
 * pointer: a leaf may keep its locals and spills there (the red zone),
 * and a save pushed inside it overwrote them (SHA-256's transform in
 * liblzma, clang, context mode: test/e2e/context-slow-path-keeps-red-
 * zone.c).  The four saves are the same in every form of both plugins
 * (gcc-plugin/context_mode.cc, llvm-pass/instrument.cpp), so the
 * caller's stack pointer is always 128 + 32 bytes above the return
 * address,
 * with rdi, rsi and rdx inputs, rax the output, and r10, r11, xmm0-15,
 * the flags and memory clobbered (the PLT's lazy binding may use r10 and
 * r11; spilling a vector register is the compiler's work, in the
 * unlikely block).  The stub aligns the stack itself, keeps every other
 * general register and calls ccprof__ctx_enter (context.c), which uses
 * no wider vector register than xmm and calls nothing but mmap.  Its CFI describes
 * the caller's frame as the caller left it (160 bytes above the return
 * address), so debuggers and unwinders see through it.  An ordinary C
 * call works too (the stub keeps more than the C convention asks); only
 * an unwinder would then see a frame 160 bytes off.
 */
#include "context.h"

#if defined(__x86_64__)
/* A stub NAME that calls WORK with the arguments in rdi, rsi, rdx and
 * rcx. */
#define CTX_STUB(NAME, WORK) \
	"	.text\n" \
	"	.globl	" NAME "\n" \
	"	.type	" NAME ", @function\n" \
	"	.p2align 4\n" \
	NAME ":\n" \
	"	.cfi_startproc\n" \
	/* the caller's rsp is 128 + 32 + 8 above ours (red zone, saves, \
	 * return address), its return address at ours */ \
	"	.cfi_def_cfa_offset 168\n" \
	"	.cfi_offset %rip, -168\n" \
	"	pushq	%rbp\n" \
	"	.cfi_adjust_cfa_offset 8\n" \
	"	.cfi_offset %rbp, -176\n" \
	"	movq	%rsp, %rbp\n" \
	"	.cfi_def_cfa_register %rbp\n" \
	"	andq	$-16, %rsp\n" \
	"	pushq	%rcx\n" \
	"	pushq	%rdx\n" \
	"	pushq	%rsi\n" \
	"	pushq	%rdi\n" \
	"	pushq	%r8\n" \
	"	pushq	%r9\n" \
	"	call	" WORK "\n" \
	"	popq	%r9\n" \
	"	popq	%r8\n" \
	"	popq	%rdi\n" \
	"	popq	%rsi\n" \
	"	popq	%rdx\n" \
	"	popq	%rcx\n" \
	"	movq	%rbp, %rsp\n" \
	"	popq	%rbp\n" \
	"	.cfi_restore %rbp\n" \
	"	.cfi_def_cfa %rsp, 168\n" \
	"	ret\n" \
	"	.cfi_endproc\n" \
	"	.size	" NAME ", .-" NAME "\n"

__asm__(CTX_STUB("__ccprof_ctx_enter", "ccprof__ctx_enter")
	CTX_STUB("__ccprof_ctx_kid", "ccprof__ctx_kid"));
#endif
