/*
 * ccprof_abi.h - the binary interface between instrumented code and libccprof.
 *
 * Both compiler plugins (llvm-pass/, gcc-plugin/) emit exactly these
 * layouts and calls into the IR; the runtime (runtime/) implements them.
 * Nothing here is for users: the public API is ccprof.h.  Any change to a
 * layout below must bump CCPROF_ABI_VERSION.
 *
 * What an instrumented function F does (Appel, Duba & MacQueen 1988):
 *
 *     entry:                 __ccprof_tcalls[i] += 1;   (counters=thread)
 *                            __ccprof_cnt_F.calls += 1;  (plain, atomic)
 *                            __ccprof_current = &__ccprof_cnt_F;   (volatile)
 *     after a non-tail call: __ccprof_current = &__ccprof_cnt_F;   (volatile)
 *     landing pad:           __ccprof_current = &__ccprof_cnt_F;   (volatile)
 *
 * and once per translation unit, from a constructor,
 *
 *     __ccprof_register_thread(&__ccprof_module, &__ccprof_tcalls[0]);
 *                                                (counters=thread, default)
 *     __ccprof_register(&__ccprof_module);       (counters=plain|atomic)
 *
 * With counters=thread, F's calls are counted in a thread-local array of
 * the unit, __ccprof_tcalls[n_cc] (i = F's index in the unit's cc[]), in
 * static TLS (local-exec in executables, initial-exec in shared objects),
 * so its offset from the thread pointer is the same in every thread.  The
 * constructor passes the array's address in the registering thread; the
 * runtime keeps the offset and adds every live thread's array to
 * cc[i].counters->calls when it writes a profile, and folds a thread's
 * array into them when the thread exits (runtime/threads.c).
 *
 * plus, from a destructor (so that dlclose keeps the counts),
 *
 *     __ccprof_unregister(&__ccprof_module);
 *
 * In an executable on x86-64, `current` is not set to &__ccprof_cnt_F but
 * to the offset from the thread pointer of F's slot in a second array of
 * the unit, in static TLS and initialised (.tdata) with the records'
 * addresses,
 *
 *     static __thread struct ccprof_counters *__ccprof_tcc[1 + n_cc];
 *     __ccprof_current = &__ccprof_tcc[1 + i]@tpoff;   (negative)
 *
 * (slot 0 is unused: LLVM's x86 back end takes a thread-local address as
 * an "i" asm operand only as a symbol plus a non-zero offset), which is a
 * link-time constant: the store is one instruction,
 * `movq $__ccprof_tcc+8*(1+i)@tpoff, %fs:__ccprof_current@tpoff`, with no
 * `lea` of the record's address and no register kept for it (inline
 * assembly: neither compiler has another way to write a TLS offset).
 *
 * The sampling handler does  (current < 0 ? *(tp + current) : current
 * ?: &unprofiled)->ticks += n (n: periods of CPU time since the thread's
 * last sample; runtime/sampler.c).
 */
#ifndef CCPROF_ABI_H
#define CCPROF_ABI_H

#include <stdint.h>

#define CCPROF_ABI_VERSION 2

/* The record __ccprof_current points to: a small fixed header, the same
 * in flat mode and (later) in calling-context mode, so the signal handler
 * never needs to know the mode.  32 bytes. */
struct ccprof_counters {
	uint64_t calls;		/* entries into the cost centre */
	uint64_t ticks;		/* periods (1/hz s) of CPU time sampled while current */
	uint64_t spare[2];	/* room for more metrics (SPEC section 4) */
};

/* Static description of one cost centre (one per instrumented function).
 * 32 bytes on LP64. */
struct ccprof_cc_desc {
	struct ccprof_counters *counters;
	const char *symbol;	/* linkage name: C name, or Itanium-mangled C++ */
	const char *file;	/* source file as given to the compiler, or "" */
	uint32_t line;		/* line of the definition, 0 if unknown */
	uint32_t flags;		/* CCPROF_CC_* */
};

#define CCPROF_CC_SHARED 1u	/* counters live in a COMDAT/weak group and
				   may be registered by several modules */

/* One per translation unit; read-only to the runtime. */
struct ccprof_module {
	uint32_t abi_version;	/* CCPROF_ABI_VERSION */
	uint32_t n_cc;		/* entries in cc[] */
	const struct ccprof_cc_desc *cc;
	const char *compiler;	/* e.g. "clang version 14.0.6", "GCC 12.2.0" */
	const char *options;	/* plugin options, "key=value key=value" */
	const char *source;	/* the unit's main source file */
};

#ifdef __cplusplus
extern "C" {
#endif

/* Symbol names the plugins use (kept in one place). */
#define CCPROF_SYM_CURRENT    "__ccprof_current"
#define CCPROF_SYM_REGISTER   "__ccprof_register"
#define CCPROF_SYM_UNREGISTER "__ccprof_unregister"
#define CCPROF_SYM_REGISTER_THREAD "__ccprof_register_thread"
#define CCPROF_SYM_TCALLS     "__ccprof_tcalls"
#define CCPROF_SYM_TCC        "__ccprof_tcc"

extern __thread struct ccprof_counters *__ccprof_current
	__attribute__((tls_model("initial-exec")));
void __ccprof_register(const struct ccprof_module *m);
void __ccprof_unregister(const struct ccprof_module *m);
void __ccprof_register_thread(const struct ccprof_module *m,
			      uint64_t *tls_calls);

#ifdef __cplusplus
}
#endif

#endif /* CCPROF_ABI_H */
