/*
 * runtime_decls.h - runtime/ccprof_abi.h as GCC trees: the record
 * types, the thread-local __ccprof_current, the registration
 * functions, and context mode's slow path and empty memo table.  Built
 * once per translation unit on first use and kept alive across garbage
 * collections by ccprof_runtime_ggc_roots.
 */
#ifndef CCPROF_GCC_RUNTIME_DECLS_H
#define CCPROF_GCC_RUNTIME_DECLS_H

/* The ABI's constants and names, from runtime/ccprof_abi.def:
   ccprof_ABI_VERSION, ccprof_CC_SHARED, ccprof_sym_CURRENT, ...,
   ccprof_counters_prefix, ccprof_scc_counters_prefix, ccprof_scc_marker. */
#define CCPROF_ABI_CONSTANT(Name, Value) \
  static const unsigned ccprof_##Name = Value;
#define CCPROF_ABI_SYMBOL(Id, Name) static const char ccprof_sym_##Id[] = #Name;
#define CCPROF_ABI_FUNCTION(Id, Name, Extra) \
  static const char ccprof_sym_##Id[] = #Name;
#define CCPROF_ABI_CTX_ENTER(Name) \
  static const char ccprof_sym_CTX_ENTER[] = #Name;
#define CCPROF_ABI_CTX_KID(Name) \
  static const char ccprof_sym_CTX_KID[] = #Name;
#define CCPROF_ABI_COUNTERS_PREFIX(Prefix) \
  static const char ccprof_counters_prefix[] = Prefix;
#define CCPROF_ABI_SCC(CountersPrefix, Marker) \
  static const char ccprof_scc_counters_prefix[] = CountersPrefix; \
  static const char ccprof_scc_marker[] = #Marker;
#include "../runtime/ccprof_abi.def"

/* struct ccprof_counters { uint64_t calls, ticks, spare[2]; } */
tree ccprof_counters_type (void);
/* Its "calls" field. */
tree ccprof_calls_field (void);
/* struct ccprof_cc_desc */
tree ccprof_cc_desc_type (void);
/* struct ccprof_module */
tree ccprof_module_type (void);

/* struct ccprof_ctx_memo { struct ccprof_counters *from, *to; }
   (mode=context) and its two fields. */
tree ccprof_ctx_memo_type (void);
tree ccprof_ctx_memo_from_field (void);
tree ccprof_ctx_memo_to_field (void);

/* struct ccprof_counters *__ccprof_ctx_enter (struct ccprof_counters *from,
   const struct ccprof_cc_desc *cc, struct ccprof_ctx_memo **table): the
   slow path of a context-mode entry, called as a function where it is
   not called from inline assembly (context_mode.cc); nothrow, leaf, and
   cold (so the fast path is laid out straight and the call moved out of
   the way). */
tree ccprof_ctx_enter_decl (void);
/* __ccprof_ctx_kid (node, cc, table, k): the slow path of a transition
   made at the call site (transitions=call-site). */
tree ccprof_ctx_kid_decl (void);

/* extern const struct ccprof_ctx_memo __ccprof_ctx_nomemo[2]: libccprof's
   memo table that matches nothing, the initial value of every entry of
   __ccprof_tctx. */
tree ccprof_ctx_nomemo_decl (void);

/* extern __thread struct ccprof_counters *volatile __ccprof_current,
   initial-exec.  Volatile, so that every store the plugin writes stays,
   in order: the SIGPROF handler reads it asynchronously. */
tree ccprof_current_decl (void);

/* void __ccprof_register (const struct ccprof_module *) and
   __ccprof_unregister, same type. */
tree ccprof_register_decl (void);
tree ccprof_unregister_decl (void);

/* void __ccprof_register_thread (const struct ccprof_module *,
   uint64_t *tls_calls)  (counters=thread). */
tree ccprof_register_thread_decl (void);

/* GC roots for the trees above (PLUGIN_REGISTER_GGC_ROOTS). */
extern const struct ggc_root_tab ccprof_runtime_ggc_roots[];

#endif
