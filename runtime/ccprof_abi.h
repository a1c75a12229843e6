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
 * `movq $__ccprof_tcc+8*(1+i)@tpoff, %fs:__ccprof_current.tls@tpoff`, with no
 * `lea` of the record's address and no register kept for it (inline
 * assembly: neither compiler has another way to write a TLS offset).
 *
 * The sampling handler does  (current < 0 ? *(tp + current) : current
 * ?: &unprofiled)->ticks += n (n: periods of CPU time since the thread's
 * last sample; runtime/sampler.c).
 *
 * Context mode (mode=context; docs/design.md, "Context mode").  `current`
 * points to a context node instead of F's record; a node begins with a
 * struct ccprof_counters (so the handler above is unchanged) and is
 * private to the runtime beyond that header.  Each unit has
 *
 *     static __thread struct ccprof_ctx_memo *__ccprof_tctx[n_cc]
 *         = { [0 ... n_cc-1] = &__ccprof_ctx_nomemo };  (.tdata, same TLS
 *                                     model as __ccprof_tcalls; no tcalls)
 *
 * (entry i: this thread's memo table for cost centre i, made and grown
 * by the runtime; __ccprof_ctx_nomemo, libccprof's, matches nothing) and
 * F (index i in the unit's cc[]) does
 *
 *     entry:   struct ccprof_counters *p = __ccprof_current;  (volatile)
 *              char *t = (char *)__ccprof_tctx[i];
 *              struct ccprof_ctx_memo *m = (struct ccprof_ctx_memo *)
 *                      (t + HEADER + (((uintptr_t)p >> (SHIFT - 4)) &
 *                                     *(uint64_t *)t));
 *              struct ccprof_counters *n;
 *              if (m->from == p)                 (likely)
 *                      n = m->to;                the memoised transition
 *              else
 *                      n = __ccprof_ctx_enter(p, &__ccprof_ccs[i],
 *                                             &__ccprof_tctx[i]);
 *              n->calls += 1;                    (plain: per-thread node)
 *              __ccprof_current = n;             (volatile)
 *     after a non-tail call, in a landing pad, after setjmp:
 *              __ccprof_current = n;             (volatile)
 *
 * (HEADER = CCPROF_CTX_MEMO_HEADER, SHIFT = CCPROF_CTX_MEMO_SHIFT; on
 * x86-64 the call is inline assembly, ccprof_abi.def says how.)
 * n is an SSA value of F (a register or a stack slot), not a global: the
 * resets store it.  Nothing else changes: no reset after tail calls,
 * self-calls and library calls that cannot call back; excluded functions
 * save and restore `current` as in flat mode; a CCPROF_SCC scope does
 * the entry transition from the enclosing part's node (n, or the saved
 * value in an excluded function) with the scope's cost centre and
 * memo table, and its resets store the scope's node; leaving the scope
 * stores the enclosing part's node.  Never the TLS-offset form of
 * `current`.
 * The constructor registers the unit as in flat mode
 * (__ccprof_register_thread with &__ccprof_tcalls[0] is replaced by
 * __ccprof_register: the unit has no tcalls).
 */
#ifndef CCPROF_ABI_H
#define CCPROF_ABI_H

#include <stdint.h>

/* The layouts, constants and symbols are defined once, in
 * ccprof_abi.def, which the plugins expand too. */
#define CCPROF_T_U32 uint32_t
#define CCPROF_T_U64 uint64_t
#define CCPROF_T_STRING const char *
#define CCPROF_T_COUNTERS_PTR struct ccprof_counters *
#define CCPROF_T_CC_DESC_PTR const struct ccprof_cc_desc *
#define CCPROF_T_COUNTERS_LIST struct ccprof_counters *const *
#define CCPROF_X_NONE
#define CCPROF_DIM_1
#define CCPROF_DIM_2 [2]
#define CCPROF_X_U64_PTR , uint64_t *

enum {
#define CCPROF_ABI_CONSTANT(Name, Value) CCPROF_##Name = Value,
#include "ccprof_abi.def"
};

/* The kinds of cost centre, in ccprof_cc_desc.flags as
 * kind << CCPROF_CC_KIND_SHIFT: CCPROF_KIND_FUNCTION, ..._ANONYMOUS,
 * ..._SCC, ..._MODULE. */
enum {
#define CCPROF_ABI_CC_KIND(Id, Value, Name) CCPROF_KIND_##Id = Value,
#include "ccprof_abi.def"
};

/* The record __ccprof_current points to.  32 bytes. */
struct ccprof_counters {
#define CCPROF_COUNTERS_FIELD(Type, Name, Count) \
	CCPROF_T_##Type Name CCPROF_DIM_##Count;
#include "ccprof_abi.def"
};

/* Static description of one cost centre.  32 bytes on LP64. */
struct ccprof_cc_desc {
#define CCPROF_CC_DESC_FIELD(Type, Name) CCPROF_T_##Type Name;
#include "ccprof_abi.def"
};

/* One memoised context transition (context mode), a way of a memo
 * table.  16 bytes. */
struct ccprof_ctx_memo {
#define CCPROF_CTX_MEMO_FIELD(Type, Name) CCPROF_T_##Type Name;
#include "ccprof_abi.def"
};

/* One per translation unit; read-only to the runtime.  40 bytes on LP64. */
struct ccprof_module {
#define CCPROF_MODULE_FIELD(Type, Name) CCPROF_T_##Type Name;
#include "ccprof_abi.def"
};

#ifdef __cplusplus
extern "C" {
#endif

/* `current`'s symbol, CCPROF_ABI_SYMBOL(CURRENT) of ccprof_abi.def, which
 * says why it has a dot; C code calls the variable __ccprof_current. */
#define CCPROF_SYM_CURRENT "__ccprof_current.tls"
extern __thread struct ccprof_counters *__ccprof_current
	__asm__(CCPROF_SYM_CURRENT) __attribute__((tls_model("initial-exec")));
#define CCPROF_ABI_FUNCTION(Id, Name, Extra) \
	void Name(const struct ccprof_module *m CCPROF_X_##Extra);
#include "ccprof_abi.def"
/* The memo table of no transition (CTX_NOMEMO): a header with mask 0,
 * then one empty way.  Its symbol names the ABI version (ccprof_abi.def
 * says why); C code calls it __ccprof_ctx_nomemo. */
#define CCPROF_SYM_CTX_NOMEMO "__ccprof_ctx_nomemo.abi8"
extern const struct ccprof_ctx_memo __ccprof_ctx_nomemo[2]
	__asm__(CCPROF_SYM_CTX_NOMEMO);
#define CCPROF_ABI_CTX_ENTER(Name) \
	struct ccprof_counters *Name(struct ccprof_counters *from, \
				     const struct ccprof_cc_desc *cc, \
				     struct ccprof_ctx_memo **table);
#define CCPROF_ABI_CTX_KID(Name) \
	struct ccprof_counters *Name(struct ccprof_counters *node, \
				     const struct ccprof_cc_desc *cc, \
				     struct ccprof_ctx_memo **table, \
				     uint64_t k);
#include "ccprof_abi.def"

#ifdef __cplusplus
}
#endif

#undef CCPROF_T_U32
#undef CCPROF_T_U64
#undef CCPROF_T_STRING
#undef CCPROF_T_COUNTERS_PTR
#undef CCPROF_T_CC_DESC_PTR
#undef CCPROF_T_COUNTERS_LIST
#undef CCPROF_X_NONE
#undef CCPROF_X_U64_PTR
#undef CCPROF_DIM_1
#undef CCPROF_DIM_2

#endif /* CCPROF_ABI_H */
