/*
 * runtime_decls.h - runtime/ccprof_abi.h as GCC trees: the three record
 * types, the thread-local __ccprof_current, and the registration
 * functions.  Built once per translation unit on first use and kept alive
 * across garbage collections by ccprof_runtime_ggc_roots.
 */
#ifndef CCPROF_GCC_RUNTIME_DECLS_H
#define CCPROF_GCC_RUNTIME_DECLS_H

/* struct ccprof_counters { uint64_t calls, ticks, spare[2]; } */
tree ccprof_counters_type (void);
/* Its "calls" field. */
tree ccprof_calls_field (void);
/* struct ccprof_cc_desc */
tree ccprof_cc_desc_type (void);
/* struct ccprof_module */
tree ccprof_module_type (void);

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
