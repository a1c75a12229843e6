/*
 * registry.c - the instrumented modules the runtime knows, and what
 * becomes of their counts when they go away.
 *
 * Every instrumented translation unit registers its module table from a
 * constructor and unregisters it from a destructor.  The registry keeps
 * one entry per module, in registration order (the order of the module
 * ids in the profile), in one of three states:
 *
 *   live      the module is mapped; its tables and counters are read in
 *             place when a profile is written.
 *   snapshot  the module was unregistered (dlclose, or exit): its strings
 *             and the counts of the cost centres it owned were copied
 *             into memory the runtime owns, since the module's own memory
 *             is about to be unmapped.
 *   dropped   the snapshot could not be allocated; nothing is written.
 *
 * Deduplication: several modules may list the same counters record (C++
 * inline functions: CCPROF_CC_SHARED).  The first registration of a
 * pointer owns it and writes it; the others skip it.  When the owner is
 * unregistered while others still list the pointer, the record stays
 * mapped (it lives in whichever object the dynamic linker bound them all
 * to), so ownership passes to another live listing instead of being
 * snapshotted.
 *
 * Merge baselines: for %m (merge.c) each cost centre keeps, next to its
 * ownership, what this process has already added to the merged file
 * ("merged", calls and ticks) and what the write in progress adds
 * ("pending"), so that a dump and then the exit write do not add the
 * same calls twice.  They follow the record through snapshots, reloads
 * and changes of owner.
 *
 * Per-thread calls (counters=thread, the plugins' default): a module
 * registered with __ccprof_register_thread counts the calls of its i-th
 * cost centre in a thread-local array in static TLS, at the same offset
 * from the thread pointer in every thread (kept here as tls_off).  The
 * record's `calls` then holds only what was folded into it: the arrays
 * of threads that have exited (threads.c folds them at thread exit) and
 * of every thread when the module was unregistered.  A write adds to
 * each record the arrays of every live thread threads.c knows, without
 * changing them (the threads may still be running); a record listed by
 * several modules (COMDAT) gets the sum over all of its listings.  The
 * sums are made in the dedup table's scratch field, so a write still
 * allocates nothing.
 *
 * A library loaded again after dlclose (same source, compiler, options
 * and cost-centre symbols) takes over its old entry: the snapshot's counts
 * are added into its fresh counters, so the profile shows one module.
 *
 * All of this runs at registration, unregistration or write time under
 * one mutex; the sampling handler never looks at the registry.  The
 * profile writer holds the mutex while it writes, and may run in a
 * signal handler (a fatal signal, or _exit called from the program's
 * handler): it takes the mutex with ccprof__registry_lock_for_write,
 * which refuses when the interrupted code on this very thread holds it
 * (waiting would deadlock) and gives up after a timeout.  The iterators
 * allocate nothing.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "context.h"
#include "file_calls.h"
#include "metrics.h"
#include "runtime_internal.h"

enum entry_state { ENTRY_LIVE, ENTRY_SNAPSHOT, ENTRY_DROPPED };

struct snap_cc {
	struct ccprof_counters counts;
	uint64_t merged[4];	/* see ccprof__cc_view.merged */
	uint32_t index;		/* position in the module's cc[] */
	uint32_t line;
	const char *symbol;
	const char *file;
	const char *kind;	/* a string constant */
	/* the record's address while it was live: the cost centre's
	 * identity for context nodes (context.h), never dereferenced */
	const struct ccprof_counters *key;
};

struct entry {
	enum entry_state state;
	uint32_t n_cc;			/* the module's n_cc */
	const struct ccprof_module *live;	/* ENTRY_LIVE */
	int has_tls;			/* ENTRY_LIVE: per-thread calls at */
	ptrdiff_t tls_off;		/*   thread pointer + tls_off */
	unsigned char *owned;		/* ENTRY_LIVE: owned[i] writes cc[i] */
	uint64_t (*merged)[4];		/* ENTRY_LIVE: merge baselines per cc */
	const char *compiler;		/* ENTRY_SNAPSHOT: copies, in snap's block */
	const char *options;
	const char *source;
	uint32_t n_snap;
	struct snap_cc *snap;		/* one allocation, strings after it */
};

static pthread_mutex_t registry_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct entry *entries;
static size_t n_entries, cap_entries;
static struct ccprof__ccmap ccmap;
static pid_t lock_owner;	/* thread id of the holder, or 0 */

/* Noted when the thread started (threads.c): no system call for a
 * thread the runtime set up. */
static pid_t thread_id(void)
{
	return ccprof__self_tid();
}

/* The signal mask of the thread that holds the lock, from before it
 * took it. */
static __thread __attribute__((tls_model("initial-exec"))) uint64_t
	mask_before_lock;

/* While a thread holds the lock, signals wait, except the faults that
 * cannot (the fatal-signal writer still says the runtime was
 * interrupted), and SIGXFSZ and SIGPIPE, which the writer's own write
 * raises while it ignores them (writer.c, quiet): blocked, they stayed
 * pending, and ended the program at the unlock.  A program's handler that forks ran on a thread that
 * held it (a thread starting or exiting, a dlopen, a dump): the fork
 * handler's lock waited for that thread, itself, and the program hung
 * where it forks without ccprof (robust/fork-in-handler-while-runtime-
 * busy). */
static void block_signals(void)
{
	uint64_t m = ~(uint64_t)0, old = 0;

	m &= ~(((uint64_t)1 << (SIGSEGV - 1)) | ((uint64_t)1 << (SIGBUS - 1)) |
	       ((uint64_t)1 << (SIGILL - 1)) | ((uint64_t)1 << (SIGFPE - 1)) |
	       ((uint64_t)1 << (SIGTRAP - 1)) |
	       ((uint64_t)1 << (SIGXFSZ - 1)) | ((uint64_t)1 << (SIGPIPE - 1)));
	ccprof__raw(SYS_rt_sigprocmask, SIG_BLOCK, (long)&m, (long)&old, 8, 0,
		    0);
	mask_before_lock = old;
}

static void restore_signals(void)
{
	uint64_t m = mask_before_lock;

	ccprof__raw(SYS_rt_sigprocmask, SIG_SETMASK, (long)&m, 0, 8, 0, 0);
}

/* While a thread holds the lock, the meters do not charge it: what the
 * runtime allocates for itself is not the program's. */
void ccprof__registry_lock(void)
{
	ccprof__meters_pause();
	block_signals();
	pthread_mutex_lock(&registry_mutex);
	__atomic_store_n(&lock_owner, thread_id(), __ATOMIC_RELAXED);
}

/* The fork handlers' lock, held across fork: signals are not blocked,
 * since glibc's fork then takes its own locks (malloc's), and one a
 * handler interrupted would hang the process with every signal blocked,
 * where a SIGTERM ends the plain build. */
void ccprof__registry_lock_for_fork(void)
{
	uint64_t cur = 0;

	ccprof__meters_pause();
	ccprof__raw(SYS_rt_sigprocmask, SIG_BLOCK, 0, (long)&cur, 8, 0, 0);
	pthread_mutex_lock(&registry_mutex);
	mask_before_lock = cur;	/* unlocking leaves the mask as it is */
	__atomic_store_n(&lock_owner, thread_id(), __ATOMIC_RELAXED);
}

/* 0, or EDEADLK (this thread holds the lock: we interrupted it), or
 * ETIMEDOUT (another thread has held it for timeout_ms).  Signals wait
 * from before the mutex is taken, as in ccprof__registry_lock: blocked
 * only once it was held, a SIGALRM whose handler forks could come in
 * between, and the fork handler's lock waited for this thread, which
 * had not yet noted itself as the holder (a ccprof_dump() loop under a
 * 200 us timer hung in CI: robust/fork-in-handler-while-runtime-busy).
 * So a writer that waits for another thread waits with signals held
 * back, for timeout_ms at most. */
int ccprof__registry_lock_for_write(int timeout_ms)
{
	struct timespec until;
	int rc;

	if (__atomic_load_n(&lock_owner, __ATOMIC_RELAXED) == thread_id())
		return EDEADLK;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += timeout_ms / 1000;
	until.tv_nsec += (long)(timeout_ms % 1000) * 1000000;
	if (until.tv_nsec >= 1000000000) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000;
	}
	ccprof__meters_pause();
	block_signals();
	do
		rc = pthread_mutex_timedlock(&registry_mutex, &until);
	while (rc == EINTR);
	if (rc != 0) {
		restore_signals();
		ccprof__meters_resume();
		return rc;
	}
	__atomic_store_n(&lock_owner, thread_id(), __ATOMIC_RELAXED);
	return 0;
}

void ccprof__registry_unlock(void)
{
	__atomic_store_n(&lock_owner, 0, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&registry_mutex);
	restore_signals();
	ccprof__meters_resume();
}

static const char *str_or_empty(const char *s)
{
	return s ? s : "";
}

static int same_str(const char *a, const char *b)
{
	return strcmp(str_or_empty(a), str_or_empty(b)) == 0;
}

static void load_counts(struct ccprof_counters *dst,
			const struct ccprof_counters *src)
{
	dst->calls = __atomic_load_n(&src->calls, __ATOMIC_RELAXED);
	dst->ticks = __atomic_load_n(&src->ticks, __ATOMIC_RELAXED);
	dst->spare[0] = __atomic_load_n(&src->spare[0], __ATOMIC_RELAXED);	/* slot */
	dst->spare[1] = __atomic_load_n(&src->spare[1], __ATOMIC_RELAXED);
}

static void add_counts(struct ccprof_counters *dst,
		       const struct ccprof_counters *src)
{
	__atomic_fetch_add(&dst->calls, src->calls, __ATOMIC_RELAXED);
	__atomic_fetch_add(&dst->ticks, src->ticks, __ATOMIC_RELAXED);
	/* spare[0] is the metrics slot index (metrics.h): a reloaded
	 * record takes its snapshot's slot back. */
	ccprof__metric_slot_fold(&dst->spare[0], src->spare[0]);
	__atomic_fetch_add(&dst->spare[1], src->spare[1], __ATOMIC_RELAXED);
}

static void zero_counts(struct ccprof_counters *c)
{
	__atomic_store_n(&c->calls, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&c->ticks, 0, __ATOMIC_RELAXED);
	ccprof__metric_slot_zero(c->spare[0]);	/* the slot stays */
	__atomic_store_n(&c->spare[1], 0, __ATOMIC_RELAXED);
}

static struct entry *find_live(const struct ccprof_module *m)
{
	for (size_t i = 0; i < n_entries; i++)
		if (entries[i].state == ENTRY_LIVE && entries[i].live == m)
			return &entries[i];
	return NULL;
}

static int reserve_entry(void)
{
	struct entry *bigger;
	size_t cap;

	if (n_entries < cap_entries)
		return 0;
	cap = cap_entries ? cap_entries * 2 : 16;
	bigger = realloc(entries, cap * sizeof(*entries));
	if (!bigger)
		return -1;
	entries = bigger;
	cap_entries = cap;
	return 0;
}

/* Count m's listings in the dedup table; owned[i] = 1 for each pointer
 * no live module listed before. */
static void claim_counters(const struct ccprof_module *m, unsigned char *owned)
{
	uint32_t missing = 0;

	for (uint32_t i = 0; i < m->n_cc; i++) {
		struct ccprof_counters *p = m->cc[i].counters;
		struct ccprof__ccmap_slot *s;

		if (!p) {
			missing++;
			continue;
		}
		s = ccprof__ccmap_get(&ccmap, p);
		if (s->refs == 0)
			owned[i] = 1;
		if (!p->spare[0])
			__atomic_store_n(&p->spare[0], ccprof__metric_slot_new(),
					 __ATOMIC_RELEASE);
		s->refs++;
	}
	if (missing)
		ccprof__warn("module '%s': %u cost centres have no counters; "
			     "they are not profiled",
			     str_or_empty(m->source), missing);
}

/* A snapshot entry left by an earlier load of the same library, whose
 * every saved cost centre m now owns under the same symbol, or NULL. */
static struct entry *find_earlier_load(const struct ccprof_module *m,
				       const unsigned char *owned)
{
	for (size_t i = 0; i < n_entries; i++) {
		struct entry *e = &entries[i];
		uint32_t k;

		if (e->state != ENTRY_SNAPSHOT || e->n_cc != m->n_cc ||
		    !same_str(e->source, m->source) ||
		    !same_str(e->compiler, m->compiler) ||
		    !same_str(e->options, m->options))
			continue;
		for (k = 0; k < e->n_snap; k++) {
			const struct snap_cc *s = &e->snap[k];

			if (!owned[s->index] ||
			    !same_str(s->symbol, m->cc[s->index].symbol))
				break;
		}
		if (k == e->n_snap)
			return e;
	}
	return NULL;
}

static void revive(struct entry *e, const struct ccprof_module *m,
		   unsigned char *owned, uint64_t (*merged)[4], int has_tls,
		   ptrdiff_t tls_off)
{
	for (uint32_t k = 0; k < e->n_snap; k++) {
		uint32_t i = e->snap[k].index;

		add_counts(m->cc[i].counters, &e->snap[k].counts);
		memcpy(merged[i], e->snap[k].merged, sizeof(merged[i]));
	}
	free(e->snap);
	e->snap = NULL;
	e->n_snap = 0;
	e->state = ENTRY_LIVE;
	e->live = m;
	e->owned = owned;
	e->merged = merged;
	e->has_tls = has_tls;
	e->tls_off = tls_off;
}

/* Whether a module that counts calls per thread was ever registered:
 * its calls on threads the runtime did not start are missing from the
 * profile even after it is unloaded (warn_foreign_threads, writer.c). */
static int ever_thread_counters;

static void add_locked(const struct ccprof_module *m, int has_tls,
		       ptrdiff_t tls_off)
{
	unsigned char *owned;
	uint64_t (*merged)[4];
	struct entry *e;

	if (find_live(m))
		return;		/* registered twice: once is enough */
	owned = calloc(m->n_cc ? m->n_cc : 1, 1);
	merged = calloc(m->n_cc ? m->n_cc : 1, sizeof(*merged));
	if (!owned || !merged || reserve_entry() != 0 ||
	    ccprof__ccmap_reserve(&ccmap, m->n_cc) != 0) {
		free(owned);
		free(merged);
		ccprof__warn("out of memory registering module '%s'; "
			     "it is not profiled", str_or_empty(m->source));
		return;
	}
	claim_counters(m, owned);
	ever_thread_counters |= has_tls;
	e = find_earlier_load(m, owned);
	if (e) {
		revive(e, m, owned, merged, has_tls, tls_off);
		return;
	}
	e = &entries[n_entries++];
	memset(e, 0, sizeof(*e));
	e->state = ENTRY_LIVE;
	e->n_cc = m->n_cc;
	e->live = m;
	e->owned = owned;
	e->merged = merged;
	e->has_tls = has_tls;
	e->tls_off = tls_off;
}

/* A unit built for another ABI version is not profiled; its context-
 * mode transitions, which cannot be kept from running, are sent to the
 * sink (context.c).  Every version so far has begun a module with the
 * version, the count and the descriptors, 32 bytes each up to ABI 7. */
static size_t desc_size_of(uint32_t abi_version)
{
	return abi_version <= 7 ? 32 : sizeof(struct ccprof_cc_desc);
}

static int abi_ok(const struct ccprof_module *m)
{
	if (!m)
		return 0;
	if (m->abi_version != CCPROF_ABI_VERSION) {
		ccprof__warn("ignoring module '%s': it was built for ABI "
			     "version %u, this runtime implements version %u",
			     str_or_empty(m->source), m->abi_version,
			     CCPROF_ABI_VERSION);
		ccprof__registry_lock();
		ccprof__context_foreign(m->cc, m->n_cc,
					desc_size_of(m->abi_version), 1);
		ccprof__registry_unlock();
		return 0;
	}
	return 1;
}

void ccprof__registry_add(const struct ccprof_module *m)
{
	if (!abi_ok(m))
		return;
	ccprof__registry_lock();
	add_locked(m, 0, 0);
	ccprof__registry_unlock();
}

/* tls_calls: the module's array in the calling thread.  Its offset from
 * this thread's thread pointer is its offset in every thread. */
void ccprof__registry_add_thread(const struct ccprof_module *m,
				 uint64_t *tls_calls)
{
	if (!abi_ok(m))
		return;
	ccprof__registry_lock();
	if (tls_calls)
		add_locked(m, 1, (char *)tls_calls - ccprof__thread_pointer());
	else
		add_locked(m, 0, 0);
	ccprof__registry_unlock();
}

static uint64_t *thread_calls(const struct entry *e, char *tp)
{
	return (uint64_t *)(tp + e->tls_off);
}

/* Add thread tp's array of e into e's records and zero it. */
static void fold_array(const struct entry *e, char *tp)
{
	uint64_t *a = thread_calls(e, tp);

	for (uint32_t i = 0; i < e->n_cc; i++) {
		uint64_t v = __atomic_load_n(&a[i], __ATOMIC_RELAXED);
		struct ccprof_counters *p = e->live->cc[i].counters;

		if (!v)
			continue;
		if (p)
			__atomic_fetch_add(&p->calls, v, __ATOMIC_RELAXED);
		__atomic_store_n(&a[i], 0, __ATOMIC_RELAXED);
	}
}

/* At a thread's exit (threads.c, lock held): fold its arrays. */
void ccprof__registry_fold_thread(char *tp)
{
	for (size_t k = 0; k < n_entries; k++)
		if (entries[k].state == ENTRY_LIVE && entries[k].has_tls)
			fold_array(&entries[k], tp);
}

/* Every live record's `tcalls`: the sum of the live threads' arrays over
 * all of its listings.  Reads the arrays, never changes them. */
static void sum_thread_calls(void)
{
	int any = 0;

	for (size_t k = 0; k < n_entries; k++) {
		const struct entry *e = &entries[k];

		if (e->state != ENTRY_LIVE)
			continue;
		any |= e->has_tls;
		for (uint32_t i = 0; i < e->n_cc; i++) {
			struct ccprof__ccmap_slot *s;

			if (e->live->cc[i].counters &&
			    (s = ccprof__ccmap_find(&ccmap,
						    e->live->cc[i].counters)))
				ccprof__ccmap_extra(&ccmap, s)->tcalls = 0;
		}
	}
	if (!any)
		return;
	for (size_t k = 0; k < n_entries; k++) {
		const struct entry *e = &entries[k];

		if (e->state != ENTRY_LIVE || !e->has_tls)
			continue;
		for (struct ccprof__thread *t = ccprof__threads_list(); t;
		     t = t->next) {
			const uint64_t *a;

			if (!t->tp)
				continue;
			a = thread_calls(e, t->tp);
			for (uint32_t i = 0; i < e->n_cc; i++) {
				uint64_t v = __atomic_load_n(&a[i],
							     __ATOMIC_RELAXED);
				struct ccprof__ccmap_slot *s;

				if (v && e->live->cc[i].counters &&
				    (s = ccprof__ccmap_find(
					     &ccmap, e->live->cc[i].counters)))
					ccprof__ccmap_extra(&ccmap, s)->tcalls +=
						v;
			}
		}
	}
}

/* A live record's calls: its own plus the live threads' (after
 * sum_thread_calls). */
static uint64_t live_calls(const struct ccprof_counters *p)
{
	const struct ccprof__ccmap_slot *s = ccprof__ccmap_find(&ccmap, p);

	return __atomic_load_n(&p->calls, __ATOMIC_RELAXED) +
	       (s ? ccprof__ccmap_extra(&ccmap, s)->tcalls : 0);
}

static char *stash(char **p, const char *s)
{
	size_t len = strlen(str_or_empty(s)) + 1;
	char *copy = memcpy(*p, str_or_empty(s), len);

	*p += len;
	return copy;
}

/* Copy what the profile needs of a live entry into one runtime-owned
 * block: the module's strings, and each owned cost centre's strings and
 * counts.  The entry becomes a snapshot, or is dropped if out of memory. */
static void snapshot(struct entry *e)
{
	const struct ccprof_module *m = e->live;
	size_t n = 0, bytes = 3;
	struct snap_cc *snap;
	char *p;

	bytes += strlen(str_or_empty(m->compiler)) +
		 strlen(str_or_empty(m->options)) +
		 strlen(str_or_empty(m->source));
	for (uint32_t i = 0; i < m->n_cc; i++) {
		if (!e->owned[i])
			continue;
		n++;
		bytes += strlen(str_or_empty(m->cc[i].symbol)) + 1 +
			 strlen(str_or_empty(m->cc[i].file)) + 1;
	}
	snap = malloc(n * sizeof(*snap) + bytes);
	if (!snap) {
		ccprof__warn("out of memory saving the counts of module '%s' "
			     "as it is unloaded; they are lost",
			     str_or_empty(m->source));
		e->state = ENTRY_DROPPED;
		return;
	}
	p = (char *)(snap + n);
	e->compiler = stash(&p, m->compiler);
	e->options = stash(&p, m->options);
	e->source = stash(&p, m->source);
	n = 0;
	for (uint32_t i = 0; i < m->n_cc; i++) {
		struct snap_cc *s;

		if (!e->owned[i])
			continue;
		s = &snap[n++];
		load_counts(&s->counts, m->cc[i].counters);
		memcpy(s->merged, e->merged[i], sizeof(s->merged));
		s->index = i;
		s->line = m->cc[i].line;
		s->symbol = stash(&p, m->cc[i].symbol);
		s->file = stash(&p, m->cc[i].file);
		s->kind = ccprof__cc_kind_name(m->cc[i].flags);
		s->key = m->cc[i].counters;
	}
	e->snap = snap;
	e->n_snap = (uint32_t)n;
	e->state = ENTRY_SNAPSHOT;
}

/* Drop e's listings from the dedup table.  A record e owns that another
 * live module still lists is marked orphan (it stays mapped) and is no
 * longer e's; returns how many. */
static size_t release_counters(struct entry *e)
{
	const struct ccprof_module *m = e->live;
	size_t orphans = 0;

	for (uint32_t i = 0; i < m->n_cc; i++) {
		struct ccprof__ccmap_slot *s;

		if (m->cc[i].counters) {
			s = ccprof__ccmap_find(&ccmap, m->cc[i].counters);
			s->refs--;
		}
	}
	for (uint32_t i = 0; i < m->n_cc; i++) {
		struct ccprof__ccmap_slot *s;

		if (!e->owned[i])
			continue;
		s = ccprof__ccmap_find(&ccmap, m->cc[i].counters);
		if (s->refs > 0) {
			s->orphan = 1;
			memcpy(ccprof__ccmap_extra(&ccmap, s)->merged,
			       e->merged[i], sizeof(e->merged[i]));
			e->owned[i] = 0;
			orphans++;
		}
	}
	return orphans;
}

/* Give each orphaned record to the first live module that lists it. */
static void adopt_orphans(void)
{
	for (size_t k = 0; k < n_entries; k++) {
		struct entry *e = &entries[k];

		if (e->state != ENTRY_LIVE)
			continue;
		for (uint32_t i = 0; i < e->n_cc; i++) {
			struct ccprof_counters *p = e->live->cc[i].counters;
			struct ccprof__ccmap_slot *s;

			if (!p)
				continue;
			s = ccprof__ccmap_find(&ccmap, p);
			if (s->orphan) {
				s->orphan = 0;
				e->owned[i] = 1;
				memcpy(e->merged[i],
				       ccprof__ccmap_extra(&ccmap, s)->merged,
				       sizeof(e->merged[i]));
			}
		}
	}
}

/* The calling thread must not keep pointing into memory about to be
 * unmapped: its next tick would fault.  (Other threads' current cannot be
 * reached; instrumented callers reset theirs after every call.) */
static void forget_current(const struct ccprof_module *m)
{
	struct ccprof_counters *cur = __ccprof_current;

	for (uint32_t i = 0; cur && i < m->n_cc; i++)
		if (m->cc[i].counters == cur)
			__atomic_store_n(&__ccprof_current, NULL,
					 __ATOMIC_RELAXED);
}

static void remove_locked(const struct ccprof_module *m)
{
	struct entry *e = find_live(m);
	size_t orphans;

	if (!e)
		return;		/* never registered, or ignored */
	/* Every live thread's calls into the records first (and their
	 * arrays zeroed: a reload starts from the records). */
	if (e->has_tls)
		for (struct ccprof__thread *t = ccprof__threads_list(); t;
		     t = t->next)
			if (t->tp)
				fold_array(e, t->tp);
	orphans = release_counters(e);
	snapshot(e);
	free(e->owned);
	free(e->merged);
	e->owned = NULL;
	e->merged = NULL;
	e->live = NULL;
	e->has_tls = 0;
	if (orphans)
		adopt_orphans();
	forget_current(m);
}

void ccprof__registry_remove(const struct ccprof_module *m)
{
	if (!m)
		return;
	ccprof__registry_lock();
	if (m->abi_version != CCPROF_ABI_VERSION)
		ccprof__context_foreign(m->cc, m->n_cc,
					desc_size_of(m->abi_version), 0);
	else
		remove_locked(m);
	ccprof__registry_unlock();
}

/* In a fork child: the lock was taken by this thread before the fork;
 * the child's profile starts from zero.  Only the forking thread exists
 * now: the thread list keeps it alone, and its arrays are zeroed like the
 * records. */
void ccprof__registry_after_fork_child(void)
{
	char *tp = ccprof__thread_pointer();

	ccprof__threads_after_fork_child();
	for (size_t k = 0; k < n_entries; k++) {
		struct entry *e = &entries[k];

		if (e->state == ENTRY_LIVE) {
			if (e->has_tls)
				memset(thread_calls(e, tp), 0,
				       e->n_cc * sizeof(uint64_t));
			for (uint32_t i = 0; i < e->n_cc; i++)
				if (e->owned[i])
					zero_counts(e->live->cc[i].counters);
			memset(e->merged, 0, e->n_cc * sizeof(*e->merged));
		} else if (e->state == ENTRY_SNAPSHOT) {
			for (uint32_t i = 0; i < e->n_snap; i++) {
				uint64_t slot = e->snap[i].counts.spare[0];

				memset(&e->snap[i].counts, 0,
				       sizeof(e->snap[i].counts));
				e->snap[i].counts.spare[0] = slot;
				memset(e->snap[i].merged, 0,
				       sizeof(e->snap[i].merged));
			}
		}
	}
	ccprof__registry_unlock();
}

/* Has any cost centre been entered (since the fork, in a fork child)? */
int ccprof__registry_any_calls(void)
{
	sum_thread_calls();
	for (size_t k = 0; k < n_entries; k++) {
		const struct entry *e = &entries[k];

		if (e->state == ENTRY_LIVE) {
			for (uint32_t i = 0; i < e->n_cc; i++)
				if (e->owned[i] &&
				    live_calls(e->live->cc[i].counters))
					return 1;
		} else if (e->state == ENTRY_SNAPSHOT) {
			for (uint32_t i = 0; i < e->n_snap; i++)
				if (e->snap[i].counts.calls)
					return 1;
		}
	}
	return 0;
}

int ccprof__registry_ever_thread_counters(void)
{
	return ever_thread_counters;
}

int ccprof__registry_each_module(ccprof__module_fn fn, void *arg)
{
	uint32_t id = 0;

	for (size_t k = 0; k < n_entries; k++) {
		const struct entry *e = &entries[k];
		struct ccprof__module_view v;
		int rc;

		if (e->state == ENTRY_DROPPED)
			continue;
		if (e->state == ENTRY_LIVE) {
			v.compiler = str_or_empty(e->live->compiler);
			v.options = str_or_empty(e->live->options);
			v.source = str_or_empty(e->live->source);
		} else {
			v.compiler = e->compiler;
			v.options = e->options;
			v.source = e->source;
		}
		rc = fn(arg, id++, &v);
		if (rc)
			return rc;
	}
	return 0;
}

static int each_live_cc(const struct entry *e, uint32_t id,
			ccprof__cc_fn fn, void *arg)
{
	for (uint32_t i = 0; i < e->n_cc; i++) {
		const struct ccprof_cc_desc *d = &e->live->cc[i];
		struct ccprof_counters c;
		struct ccprof__cc_view v;
		int rc;

		if (!e->owned[i])
			continue;
		load_counts(&c, d->counters);
		v.calls = live_calls(d->counters);
		v.ticks = c.ticks;
		v.line = d->line;
		v.symbol = str_or_empty(d->symbol);
		v.file = str_or_empty(d->file);
		v.kind = ccprof__cc_kind_name(d->flags);
		v.merged = e->merged[i];
		v.metrics = c.spare[0];
		v.key = d->counters;
		rc = fn(arg, id, &v);
		if (rc)
			return rc;
	}
	return 0;
}

static int each_snapshot_cc(const struct entry *e, uint32_t id,
			    ccprof__cc_fn fn, void *arg)
{
	for (uint32_t i = 0; i < e->n_snap; i++) {
		const struct snap_cc *s = &e->snap[i];
		struct ccprof__cc_view v;
		int rc;

		v.calls = s->counts.calls;
		v.ticks = s->counts.ticks;
		v.line = s->line;
		v.symbol = s->symbol;
		v.file = s->file;
		v.kind = s->kind;
		v.merged = (uint64_t *)s->merged;
		v.metrics = s->counts.spare[0];
		v.key = s->key;
		rc = fn(arg, id, &v);
		if (rc)
			return rc;
	}
	return 0;
}

int ccprof__registry_each_cc(ccprof__cc_fn fn, void *arg)
{
	uint32_t id = 0;

	sum_thread_calls();
	for (size_t k = 0; k < n_entries; k++) {
		const struct entry *e = &entries[k];
		int rc = 0;

		if (e->state == ENTRY_LIVE)
			rc = each_live_cc(e, id++, fn, arg);
		else if (e->state == ENTRY_SNAPSHOT)
			rc = each_snapshot_cc(e, id++, fn, arg);
		if (rc)
			return rc;
	}
	return 0;
}
