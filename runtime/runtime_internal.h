/*
 * runtime_internal.h - what the files of libccprof share with each other.
 *
 * Every name here is hidden (the library is built with
 * -fvisibility=hidden) and prefixed ccprof__; only the ABI symbols of
 * ccprof_abi.h and the API of ccprof.h are exported, marked CCPROF_EXPORT.
 *
 * Who does what:
 *   abi.c       the exported ABI symbols and the start-up constructor
 *   start.c     start-up (once), the exit writer, fork, ccprof_dump()
 *   registry.c  registered modules, deduplication, snapshots at unload
 *   ccmap.c     counters-pointer hash table used for deduplication
 *   sampler.c   CCPROF_HZ, the SIGPROF handler and the CPU-time timer
 *   process.c   start time, program path, argv, CPU and wall times
 *   outpath.c   CCPROF_OUT patterns and creating parent directories
 *   writer.c    the format-v1 writer and the atomic replace
 *   diag.c      "ccprof: " diagnostics on stderr
 */
#ifndef CCPROF_RUNTIME_INTERNAL_H
#define CCPROF_RUNTIME_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ccprof_abi.h"

#define CCPROF_EXPORT __attribute__((visibility("default")))

#define CCPROF_ENV_OUT		"CCPROF_OUT"
#define CCPROF_ENV_HZ		"CCPROF_HZ"
#define CCPROF_DEFAULT_OUT	"ccprof.out"
#define CCPROF_DEFAULT_HZ	1000u
#define CCPROF_MAX_HZ		100000u
#define CCPROF_FORMAT_VERSION	1

/* diag.c */
void ccprof__warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* start.c */
void ccprof__start(int argc, char **argv);
void ccprof__ensure_started(void);

/* process.c: facts about the run, captured once at start */
void ccprof__process_init(int argc, char **argv);
void ccprof__process_restart_clocks(void);

struct ccprof__times {
	int64_t start_us;	/* gettimeofday at start, microseconds */
	int64_t wall_us;	/* monotonic time since start */
	int64_t user_us;	/* getrusage(RUSAGE_SELF) */
	int64_t sys_us;
};
void ccprof__process_times(struct ccprof__times *t);
const char *ccprof__program(void);
int ccprof__argc(void);
const char *ccprof__argv(int i);

/* sampler.c */
void ccprof__sampler_start(void);
void ccprof__sampler_stop(void);
void ccprof__sampler_after_fork(void);
unsigned ccprof__sampler_hz(void);
uint64_t ccprof__sampler_total_ticks(void);
uint64_t ccprof__sampler_unprofiled_ticks(void);
void ccprof__sampler_reset_counts(void);

/* ccmap.c: counters pointer -> how many live registrations list it */
struct ccprof__ccmap_slot {
	const struct ccprof_counters *key;	/* NULL: empty slot */
	uint32_t refs;		/* live registrations listing key */
	uint32_t orphan;	/* owner unloaded, others still list it */
};
struct ccprof__ccmap {
	struct ccprof__ccmap_slot *slots;
	size_t cap;		/* a power of two, or 0 */
	size_t used;
};
int ccprof__ccmap_reserve(struct ccprof__ccmap *map, size_t more);
struct ccprof__ccmap_slot *ccprof__ccmap_get(struct ccprof__ccmap *map,
					     const struct ccprof_counters *key);
struct ccprof__ccmap_slot *ccprof__ccmap_find(const struct ccprof__ccmap *map,
					      const struct ccprof_counters *key);

/* registry.c: callers of the iterators hold the lock */
void ccprof__registry_add(const struct ccprof_module *m);
void ccprof__registry_remove(const struct ccprof_module *m);
void ccprof__registry_lock(void);
void ccprof__registry_unlock(void);
void ccprof__registry_after_fork_child(void);

struct ccprof__module_view {
	const char *compiler;
	const char *options;
	const char *source;
};
struct ccprof__cc_view {
	uint64_t calls;
	uint64_t ticks;
	uint32_t line;
	const char *symbol;
	const char *file;
};
typedef int (*ccprof__module_fn)(void *arg, uint32_t id,
				 const struct ccprof__module_view *m);
typedef int (*ccprof__cc_fn)(void *arg, uint32_t module_id,
			     const struct ccprof__cc_view *cc);
int ccprof__registry_each_module(ccprof__module_fn fn, void *arg);
int ccprof__registry_each_cc(ccprof__cc_fn fn, void *arg);

/* outpath.c */
char *ccprof__out_path(void);
int ccprof__make_parent_dirs(const char *path);

/* writer.c */
int ccprof__write_profile(const char *status);

#endif /* CCPROF_RUNTIME_INTERNAL_H */
