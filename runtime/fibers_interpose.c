/*
 * fibers_interpose.c - knowing that the program makes fibers, for context
 * mode: libccprof.so defines makecontext (glibc's ucontext) and
 * make_fcontext (Boost.Context), which note it in ccprof__fibers_made
 * and jump to the next definition with every register and the stack as
 * the caller left them (makecontext is variadic, its arguments are
 * passed on untouched).
 *
 * A fiber's frames keep the nodes of the thread they ran on, and a fiber
 * moved to another thread goes on counting in them; so from the first
 * fiber on, context.c keeps the tree of every thread that exits instead
 * of recycling its memory for the next thread, where a fiber's nodes
 * would have become another thread's (docs/design.md, "Code that moves
 * between threads").  A fiber can only run after one of these made it,
 * so no tree recycled before holds a fiber's nodes.
 *
 * In libccprof.so only: in a static executable there is no next
 * definition to jump to.  A program that defines make_fcontext itself
 * (Boost.Context linked statically) is not seen.  x86-64 only.
 */
#include "runtime_internal.h"

#include <dlfcn.h>

#if defined(__x86_64__)

void *ccprof__next_makecontext, *ccprof__next_make_fcontext;

/* The next definition of NAME, looked up on its first call.  0 if
 * there is none. */
void *ccprof__next_fiber_maker(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

/* NAME: set ccprof__fibers_made, then jump to *NEXT, looked up first
 * on the first call (every argument register, rax's vector count of a
 * variadic call included, kept around the lookup, the stack aligned for
 * it; r11 is free at a call). */
#define FIBER_MAKER(NAME, NEXT) \
	"	.text\n" \
	"	.globl	" NAME "\n" \
	"	.type	" NAME ", @function\n" \
	"	.p2align 4\n" \
	NAME ":\n" \
	"	.cfi_startproc\n" \
	"	movl	$1, ccprof__fibers_made(%rip)\n" \
	"	movq	" NEXT "(%rip), %r11\n" \
	"	testq	%r11, %r11\n" \
	"	jz	1f\n" \
	"	jmp	*%r11\n" \
	"1:	pushq	%rax\n" \
	"	.cfi_adjust_cfa_offset 8\n" \
	"	pushq	%rdi\n" \
	"	.cfi_adjust_cfa_offset 8\n" \
	"	pushq	%rsi\n" \
	"	.cfi_adjust_cfa_offset 8\n" \
	"	pushq	%rdx\n" \
	"	.cfi_adjust_cfa_offset 8\n" \
	"	pushq	%rcx\n" \
	"	.cfi_adjust_cfa_offset 8\n" \
	"	pushq	%r8\n" \
	"	.cfi_adjust_cfa_offset 8\n" \
	"	pushq	%r9\n" \
	"	.cfi_adjust_cfa_offset 8\n" \
	"	leaq	2f(%rip), %rdi\n" \
	"	call	ccprof__next_fiber_maker\n" \
	"	movq	%rax, " NEXT "(%rip)\n" \
	"	movq	%rax, %r11\n" \
	"	popq	%r9\n" \
	"	.cfi_adjust_cfa_offset -8\n" \
	"	popq	%r8\n" \
	"	.cfi_adjust_cfa_offset -8\n" \
	"	popq	%rcx\n" \
	"	.cfi_adjust_cfa_offset -8\n" \
	"	popq	%rdx\n" \
	"	.cfi_adjust_cfa_offset -8\n" \
	"	popq	%rsi\n" \
	"	.cfi_adjust_cfa_offset -8\n" \
	"	popq	%rdi\n" \
	"	.cfi_adjust_cfa_offset -8\n" \
	"	popq	%rax\n" \
	"	.cfi_adjust_cfa_offset -8\n" \
	"	jmp	*%r11\n" \
	"	.cfi_endproc\n" \
	"	.size	" NAME ", .-" NAME "\n" \
	"	.section .rodata.str1.1,\"aMS\",@progbits,1\n" \
	"2:	.string	\"" NAME "\"\n" \
	"	.text\n"

__asm__(FIBER_MAKER("makecontext", "ccprof__next_makecontext")
	FIBER_MAKER("make_fcontext", "ccprof__next_make_fcontext"));

#endif
