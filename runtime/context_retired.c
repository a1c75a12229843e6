/*
 * context_retired.c - the contexts of threads that have exited, summed by
 * path, so that their trees can be unmapped (context.c).
 *
 * Why: each thread counts its calling contexts in a tree of its own
 * (context.c), in an arena of its own.  The trees used to be kept until
 * the process ended, so a program that starts a thread per request or
 * per task grew by every thread it ever ran: about 448 KiB of address
 * space and 16 KiB of memory per thread for a thread that made one
 * context, without bound.
 *
 * What: one tree of the same shape as the writer's (one entry per path
 * from the root: calls, ticks and metrics summed), into which context.c
 * folds the tree of a thread that has exited and is gone, before it
 * recycles that tree for another thread.  The writer adds these sums to the live trees'
 * (ccprof__context_build).  Memory: mmap'ed blocks, never freed; an
 * entry per distinct path, however many threads had it.  Registry lock
 * held for everything here.
 */
#include <string.h>
#include <sys/mman.h>

#include "context.h"
#include "file_calls.h"
#include "runtime_internal.h"

struct retired {
	struct retired *parent, *child, *sibling, *last_child;
	const struct ccprof_counters *cc;
	uint64_t calls, ticks;
	uint64_t *metrics;	/* [CCPROF_N_METRICS], or NULL: none yet */
	uint32_t depth;		/* 0: a child of the root */
};

struct block {
	struct block *next;
	size_t used, cap;
};

static struct block *blocks;
static struct retired root;
static struct retired *last;	/* the entry of the last node added */
static uint64_t entries, bytes;

static size_t entry_size(void)
{
	return sizeof(struct retired) + CCPROF_N_METRICS * sizeof(uint64_t);
}

int ccprof__retired_reserve(uint64_t nodes)
{
	struct block *bl = blocks;
	size_t need = (size_t)nodes * entry_size() + sizeof(*bl) + 16;
	size_t cap = 1u << 20;
	void *p;

	if (bl && bl->cap - bl->used >= need)
		return 0;
	while (cap < need)
		cap *= 2;
	p = ccprof__sys_mmap(NULL, cap, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -1;
	bl = p;
	bl->cap = cap;
	bl->used = (sizeof(*bl) + 15) & ~(size_t)15;
	bl->next = blocks;
	blocks = bl;
	bytes += cap;
	return 0;
}

/* Room reserved beforehand: never fails. */
static void *alloc(size_t n)
{
	struct block *bl = blocks;

	n = (n + 15) & ~(size_t)15;
	bl->used += n;
	return (char *)bl + bl->used - n;
}

static struct retired *child(struct retired *parent,
			     const struct ccprof_counters *cc)
{
	struct retired *r;

	for (r = parent->child; r; r = r->sibling)
		if (r->cc == cc)
			return r;
	r = alloc(sizeof(*r));
	memset(r, 0, sizeof(*r));
	r->parent = parent;
	r->cc = cc;
	r->depth = parent == &root ? 0 : parent->depth + 1;
	if (parent->last_child)	/* appended: first-seen order kept */
		parent->last_child->sibling = r;
	else
		parent->child = r;
	parent->last_child = r;
	entries++;
	return r;
}

void ccprof__retired_begin(void)
{
	last = &root;
}

void ccprof__retired_add(const struct ccprof_counters *cc, uint32_t depth,
			 uint64_t calls, uint64_t ticks,
			 const uint64_t *metrics)
{
	struct retired *parent = &root, *r;

	if (depth) {
		parent = last;
		while (parent != &root && parent->depth >= depth)
			parent = parent->parent;
	}
	r = child(parent, cc);
	r->calls += calls;
	r->ticks += ticks;
	if (metrics) {
		if (!r->metrics) {
			r->metrics = alloc(CCPROF_N_METRICS * sizeof(uint64_t));
			memset(r->metrics, 0,
			       CCPROF_N_METRICS * sizeof(uint64_t));
		}
		for (int k = 0; k < CCPROF_N_METRICS; k++)
			r->metrics[k] += metrics[k];
	}
	last = r;
}

void ccprof__retired_add_count(const struct ccprof_counters *cc,
			       uint64_t calls)
{
	struct retired *r;

	for (r = last; r != &root; r = r->parent)
		if (r->cc == cc) {	/* recursion folds, as for a node */
			r->calls += calls;
			return;
		}
	child(last, cc)->calls += calls;
}

/* Preorder: parents before children. */
static struct retired *next_entry(struct retired *r)
{
	if (r->child)
		return r->child;
	while (r != &root && !r->sibling)
		r = r->parent;
	return r == &root ? NULL : r->sibling;
}

void ccprof__retired_each(ccprof__retired_fn fn, void *arg)
{
	for (struct retired *r = root.child; r; r = next_entry(r))
		fn(arg, r->cc, r->depth, r->calls, r->ticks, r->metrics);
}

void ccprof__retired_zero(void)
{
	for (struct retired *r = root.child; r; r = next_entry(r)) {
		r->calls = r->ticks = 0;
		if (r->metrics)
			memset(r->metrics, 0,
			       CCPROF_N_METRICS * sizeof(uint64_t));
	}
}

int ccprof__retired_any_calls(void)
{
	for (struct retired *r = root.child; r; r = next_entry(r))
		if (r->calls)
			return 1;
	return 0;
}

void ccprof__retired_memory(uint64_t *n, uint64_t *b)
{
	*n = entries;
	*b = bytes;
}
