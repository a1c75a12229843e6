/*
 * alt_stack.c - the runtime's alternate signal stacks, and the
 * program's view of them.
 *
 * Why: the fatal-signal writer (fatal.c) runs on an alternate stack, so
 * that a stack overflow is written too; the runtime installs one on each
 * thread that has none.  A program that asked sigaltstack saw the
 * runtime's stack as its own, and a program that installs a stack only
 * where there is none (Rust's standard library does, on every thread it
 * starts) used the runtime's 64 KiB instead of its own.
 *
 * What: libccprof defines sigaltstack (weak, exported).  While the
 * runtime's stack is installed on the calling thread, the program reads
 * SS_DISABLE, as without ccprof; a stack the program sets replaces the
 * runtime's, which goes to the pool then (the kernel refuses the change
 * while a handler runs on it, so nothing does); SS_DISABLE leaves the runtime's
 * in place, still read as disabled.  Once the program's own stack is
 * installed, or anything replaced the runtime's behind the wrapper (a
 * raw system call; AddressSanitizer's thread exit, which also unmaps
 * it), every call goes straight to the kernel.  The runtime's own calls
 * are system calls, never the wrapper.
 *
 * The runtime's stack is for its own handlers: a program handler set
 * with SA_ONSTACK runs, without ccprof, on the thread's own stack as
 * long as the program installed no alternate stack, and there it may use
 * far more than 64 KiB (a handler of 256 KiB crashed on the runtime's).
 * So until a thread has a stack of the program's (programs_stack),
 * signal_chain.c installs the program's handlers without SA_ONSTACK, and
 * gives it back to them when the program installs one
 * (ccprof__signal_onstack_restore).
 *
 * A thread's stack, disabled at its exit, is kept for the next thread
 * (up to POOL of them) rather than unmapped: munmap in a process with
 * threads interrupts every CPU to flush its TLB, and a thread's start and
 * end cost about 17 us more with it (bench/threads.py, thread churn).
 *
 * One sigaltstack call at a thread's start and one at its end, where
 * there were two each (about 10 us a call on a virtual machine): a new
 * thread has no alternate stack (the kernel gives a thread made with
 * CLONE_VM none), so the stack is installed and the old one read in one
 * call, and put back in the one case where something installed one
 * before (a raw system call in a handler that ran on the thread before
 * its start routine; while the program has stacks of its own anywhere,
 * the thread looks first, as the thread that starts the runtime does).
 * At the end the stack is disabled and the old one read in one call,
 * under the registry lock, where signals wait (threads.c), and put back
 * if it was not the runtime's.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "file_calls.h"
#include "runtime_internal.h"

#define WRAPPER CCPROF_EXPORT __attribute__((weak))
#define ALT_STACK_SIZE (64 * 1024)
#ifndef SS_AUTODISARM
#define SS_AUTODISARM (1U << 31)	/* Linux 4.7; glibc defines only the rest */
#endif

/* Stacks of exited threads, for threads that start. */
#define POOL 16
static void *pool[POOL];
static unsigned pooled;
static int pool_lock;

static void lock_pool(void)
{
	while (__atomic_exchange_n(&pool_lock, 1, __ATOMIC_ACQUIRE))
		;
}

static void unlock_pool(void)
{
	__atomic_store_n(&pool_lock, 0, __ATOMIC_RELEASE);
}

static void *pool_take(void)
{
	void *mem = NULL;

	lock_pool();
	if (pooled)
		mem = pool[--pooled];
	unlock_pool();
	return mem;
}

/* 1 if MEM went to the pool, 0 if it is full. */
static int pool_give(void *mem)
{
	int kept = 0;

	lock_pool();
	if (pooled < POOL) {
		pool[pooled++] = mem;
		kept = 1;
	}
	unlock_pool();
	return kept;
}

/* The runtime's stack, while it is this thread's alternate stack as far
 * as the runtime knows (installed here, not replaced through the
 * wrapper). */
static __thread __attribute__((tls_model("initial-exec"))) void *ours;

/* Some thread had an alternate stack of the program's (or of a library
 * in it: a sanitizer's) when the runtime looked, or the program set one
 * through the wrapper. */
static int programs_stack;

int ccprof__alt_stack_programs(void)
{
	return __atomic_load_n(&programs_stack, __ATOMIC_ACQUIRE);
}

/* The program's own stack is in place: its SA_ONSTACK handlers use it. */
static void program_stack_set(void)
{
	if (__atomic_exchange_n(&programs_stack, 1, __ATOMIC_ACQ_REL))
		return;
	ccprof__signal_onstack_restore();
}

static int kernel_sigaltstack(const stack_t *ss, stack_t *old)
{
	return ccprof__sys_sigaltstack(ss, old);
}

/* MEM, no longer installed, to the pool, or unmapped if it is full. */
static void release(void *mem)
{
	if (!pool_give(mem))
		ccprof__sys_munmap(mem, ALT_STACK_SIZE);
}

/* A stack from the pool, or a new one; NULL if none can be mapped. */
static void *take_stack(void)
{
	void *mem = pool_take();

	if (!mem) {
		mem = ccprof__sys_mmap(NULL, ALT_STACK_SIZE,
				       PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK,
				       -1, 0);
		if (mem == MAP_FAILED)
			return NULL;
	}
	return mem;
}

/* A stack from the pool (or new) installed as the thread's, in one
 * call that also reads the old one into *OLD if OLD is not NULL; NULL if
 * none could be had or installed. */
static void *install_taken(stack_t *old)
{
	void *mem = take_stack();
	stack_t ss;

	if (!mem)
		return NULL;
	ss.ss_sp = mem;
	ss.ss_size = ALT_STACK_SIZE;
	ss.ss_flags = 0;
	if (kernel_sigaltstack(&ss, old) != 0) {
		release(mem);
		return NULL;
	}
	return mem;
}

void *ccprof__alt_stack_install(void)
{
	stack_t cur;
	void *mem;

	if (kernel_sigaltstack(NULL, &cur) != 0)
		return NULL;
	if (!(cur.ss_flags & SS_DISABLE)) {
		program_stack_set();	/* the program has its own */
		return NULL;
	}
	mem = install_taken(NULL);
	if (mem)
		ours = mem;
	return mem;
}

/* In a new thread, before the program's start routine: one system call
 * (the header comment says why that is enough). */
void *ccprof__alt_stack_install_new(void)
{
	stack_t old;
	void *mem;

	if (ccprof__alt_stack_programs())
		return ccprof__alt_stack_install();
	mem = install_taken(&old);
	if (!mem)
		return NULL;
	if (!(old.ss_flags & SS_DISABLE)) {
		/* Installed behind the wrapper: it stays the thread's. */
		kernel_sigaltstack(&old, NULL);
		release(mem);
		program_stack_set();
		return NULL;
	}
	ours = mem;
	return mem;
}

static int is_ours_installed(void *mem)
{
	stack_t cur;

	return kernel_sigaltstack(NULL, &cur) == 0 &&
	       !(cur.ss_flags & SS_DISABLE) && cur.ss_sp == mem &&
	       cur.ss_size == ALT_STACK_SIZE;
}

/* At the thread's exit, with signals waiting (the registry lock,
 * threads.c): disable the stack, in one call that also reads what was
 * installed.  MEM, to release (ccprof__alt_stack_release), if it was
 * still this thread's alternate stack; else NULL, and what was there
 * is put back: if the thread (or a library in it: AddressSanitizer does
 * this at thread exit) has disabled or replaced it since, the runtime no
 * longer knows what is mapped at mem: it may have been unmapped, and the
 * address reused by a mapping of the program's.  Left alone then (at
 * worst 64 KiB stays mapped). */
void *ccprof__alt_stack_disable(void *mem)
{
	stack_t off, old;

	if (!mem || ours != mem)
		return NULL;
	ours = NULL;
	memset(&off, 0, sizeof(off));
	off.ss_flags = SS_DISABLE;
	if (kernel_sigaltstack(&off, &old) != 0)
		return NULL;	/* on it: unchanged, leave it mapped */
	if (!(old.ss_flags & SS_DISABLE) && old.ss_sp == mem &&
	    old.ss_size == ALT_STACK_SIZE)
		return mem;
	if (!(old.ss_flags & SS_DISABLE))
		kernel_sigaltstack(&old, NULL);	/* not ours: back */
	return NULL;
}

/* A stack ccprof__alt_stack_disable gave back (NULL: none): to the
 * pool, or unmapped if it is full. */
void ccprof__alt_stack_release(void *mem)
{
	if (mem)
		release(mem);
}

/* Whether the thread's alternate stack, as the kernel has it, is
 * enabled. */
static int kernel_stack_enabled(void)
{
	stack_t cur;

	return kernel_sigaltstack(NULL, &cur) == 0 &&
	       !(cur.ss_flags & SS_DISABLE);
}

/* The wrapper never reads *ss nor writes *old itself: the kernel does,
 * and answers EFAULT for a bad pointer, as without ccprof (reading it
 * here made such a call a SIGSEGV).  ss may be old: the kernel reads ss
 * before it writes old. */
WRAPPER int sigaltstack(const stack_t *ss, stack_t *old)
{
	void *mem = ours;
	stack_t back;

	if (!mem || !is_ours_installed(mem)) {
		int r;

		ours = NULL;	/* none, or replaced behind the wrapper */
		r = kernel_sigaltstack(ss, old);
		if (r == 0 && ss && kernel_stack_enabled())
			program_stack_set();
		return r;
	}
	if (ss) {
		/* The kernel checks the flags and the size, and refuses
		 * while a handler runs on the runtime's stack (EPERM). */
		if (kernel_sigaltstack(ss, NULL) != 0)
			return -1;
		if (kernel_stack_enabled()) {	/* the program's stack */
			ours = NULL;
			release(mem);
			program_stack_set();
		} else {	/* SS_DISABLE: the runtime's stays, unseen */
			back.ss_sp = mem;
			back.ss_size = ALT_STACK_SIZE;
			back.ss_flags = 0;
			kernel_sigaltstack(&back, NULL);
		}
	}
	if (old) {
		/* The kernel's answer, for its EFAULT; then the program's
		 * view: no stack. */
		if (kernel_sigaltstack(NULL, old) != 0)
			return -1;
		memset(old, 0, sizeof(*old));
		old->ss_flags = SS_DISABLE;
	}
	return 0;
}
