/* ccprof_stubs.c - a stand-in for libccprof in the GCC plugin's tests:
 * the runtime's ABI symbols, printing what the instrumented code hands
 * over.  Compiled without the plugin.
 *
 *   register, register_thread (counters=thread): one line per module,
 *             at its constructor;
 *   cc:       one line per cost centre, with its call count, at the
 *             module's destructor.
 *
 * With counters=thread the counts are in each unit's thread-local
 * __ccprof_tcalls; like the runtime, the stub adds them (the main
 * thread's, which runs the destructors) to the counters before it
 * prints any: a COMDAT function's shared counters then show the calls
 * made in every unit. */
#include <stdint.h>
#include <stdio.h>

/* The layouts and declarations of the real runtime (one definition:
 * runtime/ccprof_abi.def). */
#include "../../../runtime/ccprof_abi.h"

__thread struct ccprof_counters *__ccprof_current
	__attribute__((tls_model("initial-exec")));

static void print_module(const char *how, const struct ccprof_module *m)
{
	printf("%s abi=%u n_cc=%u compiler=%s options=%s source=%s\n", how,
	       m->abi_version, m->n_cc, m->compiler, m->options, m->source);
}

void __ccprof_register(const struct ccprof_module *m)
{
	print_module("register", m);
}

#define MAX_MODULES 16
static struct {
	const struct ccprof_module *m;
	uint64_t *tcalls;
} threaded[MAX_MODULES];
static unsigned n_threaded;

void __ccprof_register_thread(const struct ccprof_module *m,
			      uint64_t *tls_calls)
{
	print_module("register_thread", m);
	if (n_threaded < MAX_MODULES) {
		threaded[n_threaded].m = m;
		threaded[n_threaded].tcalls = tls_calls;
		n_threaded++;
	}
}

/* Moves every registered array's counts into its module's counters. */
static void fold_thread_calls(void)
{
	for (unsigned k = 0; k < n_threaded; k++) {
		const struct ccprof_module *m = threaded[k].m;
		for (uint32_t i = 0; i < m->n_cc; i++) {
			m->cc[i].counters->calls += threaded[k].tcalls[i];
			threaded[k].tcalls[i] = 0;
		}
	}
}

void __ccprof_unregister(const struct ccprof_module *m)
{
	fold_thread_calls();
	for (uint32_t i = 0; i < m->n_cc; i++) {
		const struct ccprof_cc_desc *d = &m->cc[i];
		printf("cc %s %s:%u flags=%u calls=%llu\n", d->symbol, d->file,
		       d->line, d->flags,
		       (unsigned long long)d->counters->calls);
	}
	fflush(stdout);
}
