/*
 * abi.c - the symbols instrumented code uses (ccprof_abi.h), and the
 * runtime's start-up constructor.
 *
 * They share one object file on purpose: when a program is linked with
 * the static libccprof.a, the linker pulls an archive member only for a
 * symbol someone references, and instrumented code references
 * __ccprof_current (symbol __ccprof_current.tls) and __ccprof_register,
 * never the constructor.  Keeping
 * the constructor here means "uses the ABI" implies "starts the runtime".
 *
 * Registration may happen before the constructor (the constructors of
 * shared libraries run before the executable's, and a static link orders
 * constructors by link order), so __ccprof_register starts the runtime
 * lazily too; whichever comes first does the work once.
 */
#include <stddef.h>

#include "runtime_internal.h"

/* The layouts of ccprof_abi.def, as both plugins build them on LP64. */
#if defined(__LP64__)
_Static_assert(sizeof(struct ccprof_counters) == 32, "ccprof_counters");
_Static_assert(sizeof(struct ccprof_cc_desc) == 40, "ccprof_cc_desc");
_Static_assert(sizeof(struct ccprof_module) == 40, "ccprof_module");
#endif

/* Where the SIGPROF handler adds a tick: the record of the cost centre
 * the thread is running, or NULL before any profiled code has run on the
 * thread.  initial-exec so that reading it never calls into the dynamic
 * linker, which would not be async-signal-safe. */
CCPROF_EXPORT __thread struct ccprof_counters *__ccprof_current
	__attribute__((tls_model("initial-exec"))) = NULL;

CCPROF_EXPORT void __ccprof_register(const struct ccprof_module *m)
{
	ccprof__ensure_started();
	ccprof__registry_add(m);
}

/* counters=thread: tls_calls is the unit's __ccprof_tcalls in the
 * calling thread (registry.c, threads.c). */
CCPROF_EXPORT void __ccprof_register_thread(const struct ccprof_module *m,
					    uint64_t *tls_calls)
{
	ccprof__ensure_started();
	ccprof__registry_add_thread(m, tls_calls);
}

CCPROF_EXPORT void __ccprof_unregister(const struct ccprof_module *m)
{
	ccprof__registry_remove(m);
}

/*
 * glibc calls .init_array functions with (argc, argv, envp), in the
 * executable and in shared libraries alike; that is the only reliable way
 * to see the original argv (the program may permute or overwrite it
 * later).  Priority 101, the first one available to programs, so that in a
 * static link the runtime starts before the program's own constructors and
 * its exit writer runs after their atexit handlers (C++ static
 * destructors): their time is then counted.
 */
__attribute__((constructor(101)))
static void ccprof_constructor(int argc, char **argv, char **envp)
{
	(void)envp;
	ccprof__start(argc, argv);
}
