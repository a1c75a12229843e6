/*
 * runtime_internal.h - what the files of libccprof share with each other.
 *
 * Every name here is hidden (the library is built with
 * -fvisibility=hidden) and prefixed ccprof__; only the ABI symbols of
 * ccprof_abi.h, the API of ccprof.h and the interposed libc functions of
 * interpose.c are exported, marked CCPROF_EXPORT.
 *
 * Who does what:
 *   abi.c       the exported ABI symbols and the start-up constructor
 *   start.c     start-up (once), the exit writer, fork, ccprof_dump()
 *   interpose.c exec*, fexecve, _exit, _Exit: write before the image goes
 *   fatal.c     handlers for fatal signals: write, then die the same way
 *   dumper.c    dumps on a signal and every N seconds (a helper thread)
 *   registry.c  registered modules, deduplication, snapshots at unload,
 *               per-thread call arrays (counters=thread) read and folded
 *   threads.c   the live threads: pthread_create wrapper, fold at exit
 *   ccmap.c     counters-pointer hash table used for deduplication
 *   sampler.c   CCPROF_HZ, CCPROF_SIGNAL, the sampling handler and timer
 *   signal_chain.c  sigaction: the sample signal's action stays
 *               the program's; its signals handed to the program
 *   alt_stack.c the runtime's alternate signal stacks, read by the
 *               program as none (sigaltstack)
 *   signal_setters.c  signal, sysv_signal, sigset and the other libc
 *               functions that set an action, through that sigaction
 *   signal_mask.c  (libccprof.so only) pthread_sigmask, sigprocmask and
 *               the waits: the program's mask blocks the sample signal,
 *               the kernel's does not; children get the program's
 *   signame.c   signal names and numbers in environment variables
 *   process.c   start time, program path, argv, CPU and wall times, pid
 *   outpath.c   CCPROF_OUT patterns and creating parent directories
 *   execchain.c a profile name of its own for each image of an exec chain
 *   fdroom.c    descriptors for the writer when the program used them all
 *   writer.c    the profile writer and the atomic replace
 *   context.c   mode=context: the slow path of an entry, per-thread
 *               trees of context nodes, the process's tree by path
 *   context_retired.c  exited threads' contexts summed by path
 *   metrics.c   CCPROF_EVENTS and the slots of metrics beyond calls/ticks
 *   meters_alloc.c, meters_io.c  (libccprof.so only) the exact meters
 *   perf_events.c  sampled perf events: faults, context switches, ...
 *   merge.c     %m: merging into an existing profile, under a file lock
 *   outbuf.c    async-signal-safe output buffer and number formatting
 *   diag.c      "ccprof: " diagnostics on stderr
 *
 * Async-signal safety: everything a profile write runs (outpath.c,
 * writer.c, merge.c, outbuf.c, ccprof__say, the registry iterators)
 * allocates nothing with malloc and uses no stdio, so that a fatal-signal
 * handler, or _exit called from a program's signal handler, can write.
 * Memory they need beyond static buffers comes from mmap.
 */
#ifndef CCPROF_RUNTIME_INTERNAL_H
#define CCPROF_RUNTIME_INTERNAL_H

#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ccprof_abi.h"

#define CCPROF_EXPORT __attribute__((visibility("default")))

#define CCPROF_ENV_OUT		"CCPROF_OUT"
#define CCPROF_ENV_HZ		"CCPROF_HZ"
#define CCPROF_ENV_SIGNAL	"CCPROF_SIGNAL"
#define CCPROF_ENV_CLOCK	"CCPROF_CLOCK"
#define CCPROF_ENV_EVENTS	"CCPROF_EVENTS"
#define CCPROF_ENV_DUMP_SIGNAL	"CCPROF_DUMP_SIGNAL"
#define CCPROF_ENV_DUMP_INTERVAL "CCPROF_DUMP_INTERVAL"
#define CCPROF_DEFAULT_OUT	"ccprof.out"
#define CCPROF_DEFAULT_HZ	1000u
#define CCPROF_MAX_HZ		100000u
#define CCPROF_PATH_MAX		4096

/* The calling thread's thread pointer: on x86-64 glibc, the TCB's self
 * pointer stored at %fs:0 (the TCB is addressed by %fs and its first
 * word points to itself), which is what %fs-relative TLS offsets are
 * relative to; on AArch64, TPIDR_EL0.  Static TLS (initial-exec,
 * local-exec) lies at the same offset from it in every thread.  Not
 * __builtin_thread_pointer: not every compiler we build with has it for
 * x86-64.  No call: usable in the signal handler and after fork. */
static inline char *ccprof__thread_pointer(void)
{
	char *tp;
#if defined(__x86_64__)
	__asm__("mov %%fs:0, %0" : "=r"(tp));
#elif defined(__aarch64__)
	__asm__("mrs %0, tpidr_el0" : "=r"(tp));
#else
#error "ccprof__thread_pointer: unsupported architecture"
#endif
	return tp;
}

/* What `current` designates: a record's address, NULL, or, in executables
 * on x86-64 (ccprof_abi.h), the negative thread-pointer offset of the
 * unit's __ccprof_tcc[i], which holds the record's address.  Async-signal
 * safe: the sampling handler runs it in the interrupted thread. */
static inline struct ccprof_counters *
ccprof__current_record(struct ccprof_counters *raw)
{
	if ((intptr_t)raw < 0)
		return *(struct ccprof_counters **)(ccprof__thread_pointer() +
						    (intptr_t)raw);
	return raw;
}

/* diag.c */
void ccprof__warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ccprof__say(const char *first, ...) __attribute__((sentinel));
const char *ccprof__strerror(int err);

/* outbuf.c: an output buffer flushed with write(2).  On a write error the
 * rest is dropped and err keeps the first errno. */
struct ccprof__out {
	int fd;
	int err;
	size_t len;
	char buf[1 << 16];
};
void ccprof__out_init(struct ccprof__out *o, int fd);
void ccprof__out_bytes(struct ccprof__out *o, const char *s, size_t n);
void ccprof__out_str(struct ccprof__out *o, const char *s);
void ccprof__out_u64_long(struct ccprof__out *o, uint64_t v);
void ccprof__out_seconds(struct ccprof__out *o, int64_t us);
void ccprof__out_escaped(struct ccprof__out *o, const char *s);
int ccprof__out_flush(struct ccprof__out *o);
/* Inline: a profile is mostly separators and small numbers. */
static inline void ccprof__out_char(struct ccprof__out *o, char c)
{
	if (o->len == sizeof(o->buf))
		ccprof__out_flush(o);
	o->buf[o->len++] = c;
}
static inline void ccprof__out_u64(struct ccprof__out *o, uint64_t v)
{
	if (v < 10)		/* most counts of a profile: 0 */
		ccprof__out_char(o, (char)('0' + v));
	else
		ccprof__out_u64_long(o, v);
}
size_t ccprof__fmt_u64(char *dst, uint64_t v);	/* no NUL; <= 20 bytes */
int ccprof__write_all(int fd, const char *p, size_t n);
uint64_t ccprof__fnv1a(uint64_t h, const void *p, size_t n);
#define CCPROF_FNV_INIT 0xcbf29ce484222325ULL

/* start.c */
void ccprof__start(int argc, char **argv);
void ccprof__ensure_started(void);
int ccprof__is_fork_child(void);
uint64_t ccprof__fork_pattern_hash(void);

/* Why a profile is written: decides the status line, whether the write
 * is the last one of the process, and how the lock is taken. */
enum ccprof__why {
	CCPROF_WHY_EXIT,	/* exit / return from main: complete, last */
	CCPROF_WHY_QUICK_EXIT,	/* quick_exit: complete, last */
	CCPROF_WHY__EXIT,	/* _exit / _Exit: complete, last */
	CCPROF_WHY_EXEC,	/* exec*: complete; not last if exec fails */
	CCPROF_WHY_DUMP,	/* ccprof_dump(): incomplete */
	CCPROF_WHY_DUMPER,	/* dump signal or interval: incomplete */
	CCPROF_WHY_FATAL,	/* fatal signal: incomplete, last */
};

/* process.c: facts about the run, captured once at start */
void ccprof__process_init(int argc, char **argv);
void ccprof__process_after_fork(void);
int ccprof__in_own_process(void);	/* 0 in a vfork child */
/* the runtime's process id, noted at start and in a fork child (not a
 * vfork child's) */
pid_t ccprof__process_pid(void);

struct ccprof__times {
	int64_t start_us;	/* gettimeofday at start, microseconds */
	int64_t wall_us;	/* monotonic time since start */
	int64_t user_us;	/* getrusage(RUSAGE_SELF) */
	int64_t sys_us;
};
void ccprof__process_times(struct ccprof__times *t);
int64_t ccprof__process_kernel_start_us(void);	/* -1 if unknown */
const char *ccprof__program(void);
uint64_t ccprof__program_hash(void);
int ccprof__argc(void);
const char *ccprof__argv(int i);

/* signal_chain.c */
void ccprof__signal_chain_start(int sig);	/* sig: the sample signal */
int ccprof__runtime_sigaction(int sig, const struct sigaction *act,
			      struct sigaction *oact);	/* the runtime's own */
void ccprof__on_signal(int sig, siginfo_t *info, void *ucontext);
/* ours, just installed for sig where the action was SIG_DFL */
void ccprof__signal_stand_in(int sig, const struct sigaction *ours);
/* sigaction as the program sees it (libccprof's exported sigaction) */
int ccprof__program_sigaction(int sig, const struct sigaction *act,
			      struct sigaction *oact);
/* the sample signal, or one the runtime stands in for at SIG_DFL */
int ccprof__signal_is_runtimes(int sig);
/* the sample signal while the program's actions are chained to it, or 0 */
int ccprof__signal_sample(void);
/* the calling thread's mask, as the program set it, blocks the sample
 * signal (the kernel's does not: signal_mask.c) */
int ccprof__signal_program_blocks(void);
void ccprof__signal_set_program_blocks(int blocks);
/* the program has an alternate stack of its own now: its handlers get
 * back the SA_ONSTACK they asked for */
void ccprof__signal_onstack_restore(void);

/* alt_stack.c: the runtime's alternate stack on this thread, if it has
 * none (the mapping, or NULL); _new: on a thread the wrapper just
 * started.  At the thread's exit, disabled with signals waiting (the
 * stack to release, or NULL), then released. */
void *ccprof__alt_stack_install(void);
void *ccprof__alt_stack_install_new(void);
void *ccprof__alt_stack_disable(void *mem);
void ccprof__alt_stack_release(void *mem);
/* nonzero once some thread had an alternate stack of the program's */
int ccprof__alt_stack_programs(void);

/* signal_mask.c (libccprof.so): before an exec, a spawn or system,
 * the sample signal blocked in the kernel's mask if the program's blocks
 * it, so that the new image inherits the program's mask; 1 if it was */
int ccprof__signal_mask_exec_begin(void);
void ccprof__signal_mask_exec_end(void);	/* after a failed one */

/* signal_setters.c */
void ccprof__signal_setters_start(void);	/* libc's own, looked up */

/* sampler.c */
enum ccprof__clock {		/* CCPROF_CLOCK */
	CCPROF_CLOCK_CPU,	/* task-clock event, CPU-time timer fallback
				   and while a thread blocks often */
	CCPROF_CLOCK_CPU_PERF,	/* task-clock event, fallback only */
	CCPROF_CLOCK_CPU_TIMER,	/* CPU-time timer only */
	CCPROF_CLOCK_WALL,	/* monotonic timer: blocked time too */
};
void ccprof__sampler_start(void);
/* The handler of the sample signal's samples: 1 if the signal came from
 * one of the runtime's sources, else 0 (a signal of the program's). */
int ccprof__on_sample(int sig, siginfo_t *info, void *ucontext);
void ccprof__sampler_stop(void);
void ccprof__sampler_suspend(void);
void ccprof__sampler_resume(void);
void ccprof__sampler_after_fork(void);
int ccprof__sampler_signal(void);	/* 0 when not sampling */
unsigned ccprof__sampler_hz(void);
uint64_t ccprof__sampler_total_ticks(void);
uint64_t ccprof__sampler_total_samples(void);
/* Samples in profiled code on threads the runtime did not start. */
uint64_t ccprof__sampler_foreign_samples(void);
uint64_t ccprof__sampler_unprofiled_ticks(void);
void ccprof__sampler_reset_counts(void);
void ccprof__sampler_thread_start(void);	/* a new thread's own source */
void ccprof__sampler_thread_stop(void);		/* ... stopped at its exit */
const char *ccprof__sampler_clock_name(void);	/* the `clock` record */

/* perf_clock.c: per-thread task-clock events */
int ccprof__perf_clock_open(int sig, uint64_t first_ns, uint64_t *id,
			    int hold_now);
/* 1 if it was ours; HELD_PAGE: a page the thread mapped (perf_clock.h) */
int ccprof__perf_clock_close(int fd, uint64_t id, void *held_page);
int ccprof__perf_clock_is_ours(int fd, uint64_t id);
void ccprof__perf_clock_after_fork(void);

/* perf_events.c: the sampled events of CCPROF_EVENTS.  Which of WANT
 * (event bits) the machine can count, each refusal said once. */
unsigned ccprof__perf_events_start(unsigned want);
void ccprof__perf_events_thread_start(int sig);	/* the calling thread's */
void ccprof__perf_events_thread_stop(void);
void ccprof__perf_events_after_fork(void);
unsigned ccprof__perf_events_check(int sig, unsigned others); /* still on */
int ccprof__perf_event_open(int sig, uint32_t type, uint64_t config,
			    uint64_t period, uint64_t *id);

/* metrics.c: set while the runtime itself reads, writes or allocates
 * (the profile, diagnostics), whose calls the meters do not charge. */
extern __thread int ccprof__meters_paused
	__attribute__((tls_model("initial-exec")));
#define ccprof__meters_pause() (ccprof__meters_paused++)
#define ccprof__meters_resume() (ccprof__meters_paused--)

/* signame.c */
int ccprof__parse_signal(const char *s);	/* 0 if not understood */
void ccprof__signal_name(int sig, char *buf, size_t size);

/* fatal.c */
void ccprof__fatal_install(void);
void *ccprof__fatal_thread_altstack(void);	/* for a new thread, or NULL */

/* threads.c: every live thread the runtime knows (started through the
 * pthread_create wrapper, or the thread that started the runtime).  The
 * list is guarded by the registry lock. */
struct ccprof__thread {
	struct ccprof__thread *next, *prev;
	struct ccprof__thread *pushed_next;	/* entered without the lock */
	char *tp;		/* thread pointer, NULL until the thread runs */
	pid_t tid;
	int rounds;		/* destructor rounds seen at exit */
	int is_static;		/* the main node: not freed */
	int linked;		/* in the list */
	void *altstack;		/* mmap'ed alternate signal stack, or NULL */
	void *(*start)(void *);	/* the program's start routine and arg */
	void *arg;
	int program_blocks;	/* its creator's mask blocked the sample
				   signal, as the program set it */
};
void ccprof__threads_start(void);		/* enter the calling thread */
/* the calling thread's tid: noted in its TLS when the runtime set the
 * thread up (no system call), else asked of the kernel */
pid_t ccprof__self_tid(void);
struct ccprof__thread *ccprof__threads_list(void);	/* lock held */
void ccprof__threads_after_fork_child(void);	/* lock held */
int ccprof__threads_create(pthread_t *t, const pthread_attr_t *attr,
			   void *(*start)(void *), void *arg);
int ccprof__threads_create_real(pthread_t *t, const pthread_attr_t *attr,
				void *(*start)(void *), void *arg);
int ccprof__threads_unknown_started(void);	/* and none known */

/* dumper.c */
void ccprof__dumper_start(void);
void ccprof__dumper_after_fork(void);
int ccprof__dumper_signal(void);

/* interpose.c */
void ccprof__interpose_init(void);

/* ccmap.c: counters pointer -> how many live registrations list it */
struct ccprof__ccmap_slot {
	const struct ccprof_counters *key;	/* NULL: empty slot */
	uint32_t refs;		/* live registrations listing key */
	uint32_t orphan;	/* owner unloaded, others still list it */
};
/* What few keys need, beside their slots (ccprof__ccmap_extra): */
struct ccprof__ccmap_extra {
	uint64_t merged[4];	/* an orphan's merge baselines */
	uint64_t tcalls;	/* scratch: live threads' calls, at a write */
};
struct ccprof__ccmap {
	struct ccprof__ccmap_slot *slots;
	struct ccprof__ccmap_extra *extra;	/* parallel to slots */
	size_t cap;		/* a power of two, or 0 */
	size_t used;
};
struct ccprof__ccmap_extra *ccprof__ccmap_extra(
	const struct ccprof__ccmap *map, const struct ccprof__ccmap_slot *s);
int ccprof__ccmap_reserve(struct ccprof__ccmap *map, size_t more);
struct ccprof__ccmap_slot *ccprof__ccmap_get(struct ccprof__ccmap *map,
					     const struct ccprof_counters *key);
struct ccprof__ccmap_slot *ccprof__ccmap_find(const struct ccprof__ccmap *map,
					      const struct ccprof_counters *key);

/* registry.c: callers of the iterators hold the lock */
void ccprof__registry_add(const struct ccprof_module *m);
void ccprof__registry_add_thread(const struct ccprof_module *m,
				 uint64_t *tls_calls);
void ccprof__registry_fold_thread(char *tp);	/* lock held */
void ccprof__registry_remove(const struct ccprof_module *m);
void ccprof__registry_lock(void);	/* signals wait while held */
void ccprof__registry_lock_for_fork(void);	/* signals do not */
int ccprof__registry_lock_for_write(int timeout_ms);	/* 0 or an errno */
void ccprof__registry_unlock(void);
void ccprof__registry_after_fork_child(void);
int ccprof__registry_any_calls(void);
/* Did any module, loaded now or unloaded since, count calls per thread
 * (counters=thread)? */
int ccprof__registry_ever_thread_counters(void);

struct ccprof__module_view {
	const char *compiler;
	const char *options;
	const char *source;
};
/* The word for the kind in ccprof_cc_desc FLAGS (CCPROF_ABI_CC_KIND of
 * ccprof_abi.def): "function", "anonymous", "scc", "module". */
static inline const char *ccprof__cc_kind_name(uint32_t flags)
{
	switch ((flags & CCPROF_CC_KIND_MASK) >> CCPROF_CC_KIND_SHIFT) {
#define CCPROF_ABI_CC_KIND(Id, Value, Name) case Value: return Name;
#include "ccprof_abi.def"
	}
	return "function";
}

struct ccprof__cc_view {
	uint64_t calls;
	uint64_t ticks;
	uint32_t line;
	const char *symbol;
	const char *file;
	const char *kind;	/* ccprof__cc_kind_name() of its flags */
	uint64_t metrics;	/* slot index (metrics.h), 0 if none */
	/* The record's address (the cost centre's identity, context.h);
	 * for a module's snapshot, where it was while the module was live. */
	const struct ccprof_counters *key;
	/* For %m: [0] calls and [1] ticks this process has already merged
	 * into the file, [2] and [3] what the write in progress merges
	 * (committed into [0], [1] when it has succeeded).  Writable. */
	uint64_t *merged;
};
typedef int (*ccprof__module_fn)(void *arg, uint32_t id,
				 const struct ccprof__module_view *m);
typedef int (*ccprof__cc_fn)(void *arg, uint32_t module_id,
			     const struct ccprof__cc_view *cc);
int ccprof__registry_each_module(ccprof__module_fn fn, void *arg);
int ccprof__registry_each_cc(ccprof__cc_fn fn, void *arg);

/* outpath.c: CCPROF_OUT expanded into buf; 0 or an errno. */
struct ccprof__out_path {
	char path[CCPROF_PATH_MAX];
	int merge;		/* the pattern has %m */
};
int ccprof__expand_out_path(struct ccprof__out_path *out);
int ccprof__make_parent_dirs(const char *path);

/* fdroom.c: open(2) that makes room when every descriptor is in use
 * (EMFILE: the soft RLIMIT_NOFILE is raised for the write), and puts
 * the limit back at the end of the write. */
int ccprof__open(const char *path, int flags, mode_t mode);
void ccprof__fd_room_restore(void);

/* execchain.c: ".execN" appended when the path holds the profile of an
 * earlier image of this process (exec keeps the pid).  0 or an errno. */
int ccprof__exec_chain_name(struct ccprof__out_path *out);
void ccprof__keep_concurrent_profile(const char *target);

/* writer.c */
int ccprof__write_profile(enum ccprof__why why);

struct ccprof__header {
	struct ccprof__times times;
	unsigned hz;
	uint64_t ticks;
	uint64_t samples;
	uint64_t unprofiled;
	const char *clock;	/* ccprof__sampler_clock_name(), or merged */
	unsigned events;	/* events on (metrics.h bits), or merged */
	int incomplete;
	uint64_t processes;	/* whose counts the file holds: 1, or merged */
};

/* merge.c: the previous profile at a %m path, read under a lock on
 * "<path>.lock".  The writer asks it to adjust each record it writes. */
struct ccprof__merge;
struct ccprof__merge_key {	/* what one %m file's runs share */
	unsigned hz;
	unsigned events;	/* CCPROF_EVENT_BIT()s */
};
int ccprof__merge_begin(struct ccprof__merge **mp, const char *path,
			struct ccprof__merge_key key,
			struct ccprof__merge_key *other);
void ccprof__merge_end(struct ccprof__merge *m);
void ccprof__merge_header(struct ccprof__merge *m, struct ccprof__header *h);
void ccprof__merge_module(struct ccprof__merge *m, uint32_t id,
			  const struct ccprof__module_view *v);
void ccprof__merge_cc(struct ccprof__merge *m, uint32_t module_id,
		      uint32_t new_id, const struct ccprof__cc_view *v,
		      uint64_t *calls, uint64_t *ticks, uint64_t *metrics);
/* Contexts by path: the old match (an index) of a context under the old
 * match PARENT (-1: the root), or -2; its counts are added. */
int64_t ccprof__merge_ctx(struct ccprof__merge *m, int64_t parent,
			  uint64_t new_cc, uint64_t *calls, uint64_t *ticks,
			  uint64_t *metrics);
void ccprof__merge_ctx_written(struct ccprof__merge *m, int64_t k,
			       uint64_t new_id);
uint64_t ccprof__merge_extra_ctxs(struct ccprof__merge *m,
				  struct ccprof__out *o, uint64_t first_id);
/* The old file's unprofiled metrics, added into metrics[]. */
void ccprof__merge_unprofiled_metrics(struct ccprof__merge *m,
				      uint64_t *metrics);
uint32_t ccprof__merge_extra_modules(struct ccprof__merge *m,
				     struct ccprof__out *o, uint32_t first_id);
uint32_t ccprof__merge_extra_ccs(struct ccprof__merge *m,
				 struct ccprof__out *o, uint32_t first_id);

#endif /* CCPROF_RUNTIME_INTERNAL_H */
