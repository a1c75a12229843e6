/* ccprof_stubs.c - a stand-in for libccprof in the GCC plugin's tests:
 * the runtime's ABI symbols, printing what the instrumented code hands
 * over.  Compiled without the plugin.
 *
 *   register: one line per module, at its constructor;
 *   cc:       one line per cost centre, with its call count, at the
 *             module's destructor. */
#include <stdint.h>
#include <stdio.h>

struct ccprof_counters {
	uint64_t calls, ticks, spare[2];
};
struct ccprof_cc_desc {
	struct ccprof_counters *counters;
	const char *symbol, *file;
	uint32_t line, flags;
};
struct ccprof_module {
	uint32_t abi_version, n_cc;
	const struct ccprof_cc_desc *cc;
	const char *compiler, *options, *source;
};

__thread struct ccprof_counters *__ccprof_current
	__attribute__((tls_model("initial-exec")));

void __ccprof_register(const struct ccprof_module *m)
{
	printf("register abi=%u n_cc=%u compiler=%s options=%s source=%s\n",
	       m->abi_version, m->n_cc, m->compiler, m->options, m->source);
}

void __ccprof_unregister(const struct ccprof_module *m)
{
	for (uint32_t i = 0; i < m->n_cc; i++) {
		const struct ccprof_cc_desc *d = &m->cc[i];
		printf("cc %s %s:%u flags=%u calls=%llu\n", d->symbol, d->file,
		       d->line, d->flags,
		       (unsigned long long)d->counters->calls);
	}
	fflush(stdout);
}
