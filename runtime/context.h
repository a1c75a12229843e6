/*
 * context.h - context mode's nodes (context.c) as the rest of the
 * runtime sees them: the node layout, and the process's tree the writer
 * builds by path from every thread's tree.
 */
#ifndef CCPROF_CONTEXT_H
#define CCPROF_CONTEXT_H

#include <stddef.h>
#include <stdint.h>

#include "ccprof_abi.h"
#include "metrics.h"

/* One calling context of one thread (docs/design.md, "Context mode").
 * `current` points to c.  32 bytes (CTX_NODE_SIZE), then the cost
 * centre's kid slots (ccprof_abi.def, CC_KIDS_SHIFT), then its links.
 * A call touches the callee's count and a kid slot of its caller: with
 * the links out of the way a node begins a cache line that holds its
 * count and its first four kid slots, so a function entered with a
 * handful of call sites keeps one line warm where it kept two. */
struct ccprof_ctx_node {
	struct ccprof_counters c;	/* calls, ticks, spare[0]: metrics,
					   spare[1]: the node's links, with
					   bit 0 set if kid counts precede
					   the node */
};

/* What only the slow path and the writer read. */
struct ccprof_ctx_links {
	struct ccprof_ctx_node *parent;	/* NULL: a child of the root */
	struct ccprof_counters *cc;	/* the cost centre: its record */
	struct ccprof_ctx_node *child;	/* first child */
	struct ccprof_ctx_node *sibling;
};

static inline struct ccprof_ctx_links *
ccprof__ctx_links(const struct ccprof_ctx_node *n)
{
	return (struct ccprof_ctx_links *)(uintptr_t)(n->c.spare[1] &
						      ~(uint64_t)7);
}

/* The tiny leaves N counts in words before it (ccprof_abi.def,
 * CTX_COUNT_OFFSET), NULL-terminated; NULL: none. */
static inline struct ccprof_counters *const *
ccprof__ctx_counted(const struct ccprof_ctx_node *n)
{
	if (!(n->c.spare[1] & 1))
		return NULL;
	return ((struct ccprof_counters *const *const *)n)[-1];
}

/* The word before N that counts its calls of the tiny leaf I of
 * ccprof__ctx_counted(N). */
static inline uint64_t *ccprof__ctx_count(const struct ccprof_ctx_node *n,
					  uint32_t i)
{
	return (uint64_t *)((char *)n - CCPROF_CTX_COUNT_OFFSET) - i;
}

/* One context of the process: every thread's node of the same path. */
struct ccprof__ctx_sum {
	struct ccprof__ctx_sum *parent, *child, *sibling;
	const struct ccprof_counters *cc;
	uint32_t depth;		/* 0: a child of the root */
	uint64_t id;		/* its ctx id in the profile being written */
	uint64_t calls, ticks;
	uint64_t *metrics;	/* [CCPROF_N_METRICS], NULL: no event on */
	/* %m: the same context at this process's last merge into the
	 * file, or NULL; and the old file's match (merge.c), -1 none */
	const struct ccprof__ctx_sum *base;
	int64_t old;
};

/* A cost centre's sums over its contexts; cc_id: its cc record's id,
 * set by the writer (-1: none yet). */
struct ccprof__ctx_totals {
	uint64_t calls, ticks;
	/* [CCPROF_N_METRICS] each, NULL when no event is on; base: what
	 * %m merged already */
	uint64_t *metrics, *base_metrics;
	int64_t cc_id;
	/* the writer's: of the ticks its cc record got, those its ctx
	 * records may still take (writer.c, write_ctx) */
	uint64_t ctx_ticks_left;
};

/* Registry lock held for all of these. */
/* Builds the process's tree from every thread's: 1, 0 if there is no
 * context, -1 out of memory (nothing built). */
int ccprof__context_build(void);
/* The totals of cost centre CC (its record) in the built tree, or NULL. */
struct ccprof__ctx_totals *
ccprof__context_totals(const struct ccprof_counters *cc);
/* Each built context whose cost centre has a cc id, parents first,
 * with ids from 1. */
typedef int (*ccprof__ctx_fn)(void *arg, struct ccprof__ctx_sum *s,
			      const struct ccprof__ctx_sum *parent,
			      uint64_t cc_id);
int ccprof__context_each(ccprof__ctx_fn fn, void *arg);
/* Forgets the built tree. */
void ccprof__context_release(void);
/* %m: the built tree is now in the file: it becomes the baseline that
 * the next build's `base` pointers designate. */
void ccprof__context_commit(void);

void ccprof__context_after_fork_child(void);
/* Ticks charged to the sink (a unit of another ABI version, or the
 * arena out of memory): the profile counts them as unprofiled. */
uint64_t ccprof__context_sink_ticks(void);
/* Has any node counted a call (a fork child that called nothing
 * profiled writes no profile)? */
int ccprof__context_any_calls(void);
/* Nodes and mapped bytes of every thread's tree. */
void ccprof__context_memory(uint64_t *nodes, uint64_t *bytes);

/* A unit the registry ignores (built for another ABI version) has N
 * cost centres from CC on, DESC_SIZE bytes each (its version's): their
 * transitions enter a sink; ADD 0 when the unit is unloaded.  Registry
 * lock held. */
void ccprof__context_foreign(const struct ccprof_cc_desc *cc, uint32_t n,
			     size_t desc_size, int add);

/* threads.c, registry lock held: the calling thread is exiting (its
 * last key destructor round), TID its kernel thread id; its tree is
 * folded into the retired sums and unmapped once the thread is gone,
 * which ccprof__context_reclaim finds out. */
void ccprof__context_thread_exit(int tid);
void ccprof__context_reclaim(void);

/* Nonzero once the program made a fiber (fibers_interpose.c): the trees
 * of exited threads are kept from then on. */
extern int ccprof__fibers_made;
/* threads.c, registry lock held, in a thread that starts: reclaims, and
 * gives the thread a recycled tree if there is one */
void ccprof__context_thread_start(void);
/* threads.c, no lock: whether some thread ever made a tree (the
 * process runs context-mode code), so that one that starts should take
 * the lock for a recycled tree; none in a flat-mode program */
int ccprof__context_has_trees(void);

/* context_retired.c: exited threads' contexts summed by path.  Registry
 * lock held.  A fold is a preorder of (cost centre, depth) pairs after
 * ccprof__retired_begin, with room for as many nodes reserved first. */
int ccprof__retired_reserve(uint64_t nodes);	/* 0, -1: no memory */
void ccprof__retired_begin(void);
void ccprof__retired_add(const struct ccprof_counters *cc, uint32_t depth,
			 uint64_t calls, uint64_t ticks,
			 const uint64_t *metrics);
/* CALLS of the tiny leaf CC counted in the node just added (its kid
 * counts): a child of it, or, if CC is on its path, that ancestor. */
void ccprof__retired_add_count(const struct ccprof_counters *cc,
			       uint64_t calls);
typedef void (*ccprof__retired_fn)(void *arg,
				   const struct ccprof_counters *cc,
				   uint32_t depth, uint64_t calls,
				   uint64_t ticks, const uint64_t *metrics);
void ccprof__retired_each(ccprof__retired_fn fn, void *arg);	/* preorder */
void ccprof__retired_zero(void);
int ccprof__retired_any_calls(void);
void ccprof__retired_memory(uint64_t *entries, uint64_t *bytes);

/* The work of __ccprof_ctx_enter (ccprof_abi.h); on x86-64 the entry
 * point is context_entry.c's stub, which calls this. */
struct ccprof_counters *ccprof__ctx_enter(struct ccprof_counters *from,
					  const struct ccprof_cc_desc *cc,
					  struct ccprof_ctx_memo **table);
/* The work of __ccprof_ctx_kid, likewise. */
struct ccprof_counters *ccprof__ctx_kid(struct ccprof_counters *node,
					const struct ccprof_cc_desc *cc,
					struct ccprof_ctx_memo **table,
					uint64_t k);

#endif
