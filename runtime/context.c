/*
 * context.c - context mode's nodes: the slow path of an instrumented
 * entry (__ccprof_ctx_enter), each thread's tree and its arena, and the
 * process's tree the writer builds from them by path.
 *
 * Why (docs/design.md, "Context mode"): `current` points to a node per
 * calling context instead of a function's record.  The instrumented
 * entry moves from the caller's node to the callee's through a memo in
 * the callee's unit (ccprof_abi.h); when the memo misses it calls here.
 *
 * Each thread has a tree of its own, in an arena of mmap'ed chunks that
 * only it allocates from and writes structure into, so a call is counted
 * with a plain add and nothing here takes a lock or calls malloc: a
 * signal handler that runs instrumented code comes through here too.
 * A node, once linked, never moves and never changes parent or cost
 * centre; links are published with release stores, so the writer, in
 * another thread under the registry lock, can walk a live tree.  Trees
 * outlive their threads (the arena is not thread-local memory), so a
 * thread the runtime never knew is counted too.  The tree of a thread
 * the runtime saw exit (threads.c) is folded by path into the retired
 * sums (context_retired.c) once the thread is gone, which the kernel
 * tells (tgkill of its tid: ESRCH): until then its last destructors may
 * still run profiled code and count in it.  It is then zeroed and
 * recycled for a thread that starts; its transitions are voided by a
 * new epoch.
 *
 * Recursion folds (Spivey 2004): entering cost centre X from a node
 * whose path from the root already has an X node goes back to that
 * node, so no cost centre appears twice on a path and recursion keeps
 * the tree finite.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "context.h"
#include "file_calls.h"
#include "metrics.h"
#include "raw_syscall.h"
#include "runtime_internal.h"

#define FIRST_CHUNK	(64u << 10)
#define MAX_CHUNK	(4u << 20)

struct chunk {
	struct chunk *next;	/* older chunk */
	size_t size;		/* of the mapping, this header included */
	size_t used;		/* bytes of nodes after the header */
};

/* Nodes and memo tables are allocated in whole cache lines, each
 * starting a line (context.h says why). */
#define LINE		64
#define CHUNK_HEADER	LINE	/* sizeof(struct chunk), rounded to a line */
#define TREE_HEADER	(2 * LINE)	/* sizeof(struct ccprof__ctx_tree),
					   rounded to lines */

/* Kid slots the sink has beyond CTX_MAX_KIDS (a foreign unit's, below). */
#define SINK_OLDER_KIDS	64u

/* A memo table (ccprof_abi.def): this thread's memoised transitions
 * into one cost centre of one unit, which the unit's __ccprof_tctx[i]
 * points to.  Made with MEMO_MIN_WAYS ways on the cost centre's first
 * miss; a table that has missed more than MEMO_GROW times its ways is
 * replaced by one MEMO_GROW_BY times as large, up to MEMO_MAX_WAYS, its
 * transitions copied: a function entered from many contexts in turn (an
 * accessor inlined into every function of an API) gets a way per
 * context, one entered from few keeps a small table. */
#define MEMO_MIN_WAYS	4u
#define MEMO_MAX_WAYS	256u
#define MEMO_GROW	2u
#define MEMO_GROW_BY	4u

struct memo_table {
	uint64_t mask;		/* (ways - 1) * sizeof(way): read inline */
	uint64_t misses;	/* since this table was made */
	struct ccprof_ctx_memo way[];
};

_Static_assert(offsetof(struct memo_table, way) == CCPROF_CTX_MEMO_HEADER,
	       "a memo table's ways begin at CTX_MEMO_HEADER");
_Static_assert(sizeof(struct ccprof_ctx_memo) == 16, "a way is 16 bytes");

/* A way's `from` before the slow path fills it: never a value of
 * `current`. */
#define MEMO_EMPTY ((struct ccprof_counters *)(uintptr_t)CCPROF_CTX_MEMO_EMPTY)

/* The table of no transition: mask 0, one way that matches nothing. */
CCPROF_EXPORT const struct ccprof_ctx_memo __ccprof_ctx_nomemo[2] = {
	{NULL, NULL},
	{MEMO_EMPTY, MEMO_EMPTY},
};
/* Its names of older versions: before it carried the version (ABI 4
 * to 7), and ABI 7's, which units built then refer to: they load, and
 * their transitions enter the sink (below). */
CCPROF_EXPORT extern const struct ccprof_ctx_memo
	ccprof__ctx_nomemo_unversioned[2] __asm__("__ccprof_ctx_nomemo")
	__attribute__((alias(CCPROF_SYM_CTX_NOMEMO)));
CCPROF_EXPORT extern const struct ccprof_ctx_memo
	ccprof__ctx_nomemo_abi7[2] __asm__("__ccprof_ctx_nomemo.abi7")
	__attribute__((alias(CCPROF_SYM_CTX_NOMEMO)));

/* The thread's transitions (Spivey's hash table of the machine): a
 * direct-mapped cache of (from, cost centre) -> node behind the units'
 * memos, so that a memo miss costs a probe, not a search.  It starts
 * with TRANSITIONS_FIRST slots (32 KiB) and is replaced by one four
 * times as large, empty, each time the tree has half as many nodes as
 * it has slots, up to TRANSITIONS_MAX (512 KiB).  At its full size from
 * the start, a slot per random hash, a short run touched every page of
 * it: 128 page faults of the 730 of an empty Lua run in context mode.
 * A table replaced stays mapped until the tree is recycled or unmapped:
 * a handler's transition may grow the table while the code it
 * interrupted holds a slot of the old one. */
#define TRANSITIONS_FIRST	(1u << 10)
#define TRANSITIONS_MAX		(1u << 14)
#define TRANSITIONS_OLD		2	/* 1024 and 4096 slots */

struct transition {
	const struct ccprof_counters *from;
	const struct ccprof_counters *cc;
	struct ccprof_ctx_node *to;
	uint64_t epoch;		/* the tree's when written */
};

struct ccprof__ctx_tree {
	struct ccprof__ctx_tree *next;	/* every tree of the process */
	struct chunk *chunks;		/* newest first */
	struct ccprof_ctx_node *top;	/* the root's children */
	uint64_t nodes;
	uint64_t counts;		/* kid counts before its nodes */
	uint64_t bytes;			/* mapped */
	struct transition *transitions;	/* n_transitions slots, or NULL */
	uint32_t n_transitions;
	uint32_t n_old;
	struct transition *old[TRANSITIONS_OLD];	/* replaced tables */
	int exited_tid;			/* its thread's, once it exited */
	struct ccprof__ctx_tree *next_unlinked;
	uint64_t epoch;			/* times recycled: older transitions
					   are void */
};

_Static_assert(sizeof(struct ccprof_ctx_node) == CCPROF_CTX_NODE_SIZE,
	       "kid slots begin right after a node's counters");
_Static_assert(offsetof(struct ccprof_ctx_node, c) == 0,
	       "a node begins with its counters");
_Static_assert(sizeof(struct chunk) <= CHUNK_HEADER, "chunk header");
_Static_assert(sizeof(struct ccprof__ctx_tree) <= TREE_HEADER, "tree header");

static __thread struct ccprof__ctx_tree *my_tree
	__attribute__((tls_model("initial-exec")));
static struct ccprof__ctx_tree *all_trees;
/* folded and unlinked at the last reclaim, recycled at the next one: a
 * fatal-signal writer that gave up waiting for the registry lock may
 * still be walking one */
static struct ccprof__ctx_tree *unlinked;
/* recycled trees, empty, for threads that start (registry lock) */
#define MAX_SPARE	64
static struct ccprof__ctx_tree *spare;
static unsigned n_spare;

static void *map(size_t size)
{
	void *p = ccprof__sys_mmap(NULL, size, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static struct chunk *chunk_new(struct ccprof__ctx_tree *t, size_t size)
{
	struct chunk *c = map(size);

	if (!c)
		return NULL;
	c->size = size;
	c->used = 0;
	c->next = t->chunks;
	t->bytes += size;
	__atomic_store_n(&t->chunks, c, __ATOMIC_RELEASE);
	return c;
}

static void tree_push(struct ccprof__ctx_tree *t)
{
	struct ccprof__ctx_tree *head = __atomic_load_n(&all_trees,
							 __ATOMIC_RELAXED);

	do
		t->next = head;
	while (!__atomic_compare_exchange_n(&all_trees, &head, t, 1,
					    __ATOMIC_RELEASE,
					    __ATOMIC_RELAXED));
}

static struct ccprof__ctx_tree *tree_new(void)
{
	struct ccprof__ctx_tree *t = map(FIRST_CHUNK);
	struct chunk *c;

	if (!t)
		return NULL;
	/* The tree's header takes the first two lines of its
	 * first mapping, which is also its first chunk. */
	memset(t, 0, sizeof(*t));
	c = (struct chunk *)((char *)t + TREE_HEADER);
	c->size = FIRST_CHUNK - TREE_HEADER;
	c->used = 0;
	c->next = NULL;
	t->chunks = c;
	t->bytes = FIRST_CHUNK;
	tree_push(t);
	my_tree = t;
	return t;
}

static char *chunk_nodes(struct chunk *c)
{
	return (char *)c + CHUNK_HEADER;
}

/* N bytes (a multiple of a node's size, at most MAX_CHUNK / 2) of T's
 * arena, or NULL. */
/* N bytes of T's arena.  A signal handler that runs profiled code can
 * come in anywhere here and allocate from the same chunk, so the bytes
 * are claimed with one compare-and-swap, tried again if the handler
 * took some meanwhile.  With `used += n` and the address read after it,
 * a handler's node and the node it interrupted got the same bytes,
 * their links crossed, a child list became a cycle and the slow path
 * looped for ever (a 100 us SIGALRM whose handler ran profiled code:
 * context-transition-table-grows-counts-exact, CI53). */
static void *arena_alloc(struct ccprof__ctx_tree *t, size_t n)
{
	for (;;) {
		struct chunk *c = __atomic_load_n(&t->chunks, __ATOMIC_RELAXED);
		size_t at = __atomic_load_n(&c->used, __ATOMIC_RELAXED);
		size_t size;

		while (at + n <= c->size - CHUNK_HEADER)
			if (__atomic_compare_exchange_n(&c->used, &at, at + n,
							0, __ATOMIC_RELAXED,
							__ATOMIC_RELAXED))
				return chunk_nodes(c) + at;
		size = c->next ? c->size : FIRST_CHUNK;	/* mapped */
		size = size >= MAX_CHUNK ? MAX_CHUNK : size * 2;
		if (!chunk_new(t, size))
			return NULL;
	}
}

/* The kid slots of DESC's nodes (ccprof_abi.def, CC_KIDS_SHIFT). */
static uint32_t kids_of(const struct ccprof_cc_desc *desc)
{
	uint32_t kids = desc->flags >> CCPROF_CC_KIDS_SHIFT;

	return kids > CCPROF_CTX_MAX_KIDS ? CCPROF_CTX_MAX_KIDS : kids;
}

/* The tiny leaves DESC's nodes count in words of their own
 * (ccprof_abi.def, CTX_COUNT_OFFSET). */
static uint32_t counts_of(const struct ccprof_cc_desc *desc)
{
	uint32_t n = 0;

	if (desc->kid_counts)
		while (n < CCPROF_CTX_MAX_COUNTS && desc->kid_counts[n])
			n++;
	return n;
}

/* A node of DESC: its kid slots after it, all NULL, and its kid counts
 * before it, all 0 (the arena is fresh zeroed memory, or zeroed again
 * when its tree was recycled), with the list of what they count in the
 * word before the node. */
static struct ccprof_ctx_node *node_alloc(struct ccprof__ctx_tree *t,
					  const struct ccprof_cc_desc *desc)
{
	uint32_t kids = kids_of(desc), counts = counts_of(desc);
	size_t pre = counts ? (CCPROF_CTX_COUNT_OFFSET - 8 + 8 * counts +
			       LINE - 1) & ~(size_t)(LINE - 1) : 0;
	size_t size = sizeof(struct ccprof_ctx_node) +
		      kids * sizeof(struct ccprof_counters *) +
		      sizeof(struct ccprof_ctx_links);
	struct ccprof_ctx_node *n;
	char *p;

	size = (size + LINE - 1) & ~(size_t)(LINE - 1);
	p = arena_alloc(t, pre + size);
	if (!p)
		return NULL;
	n = (struct ccprof_ctx_node *)(p + pre);
	n->c.spare[1] = (uint64_t)(uintptr_t)((char *)n +
		sizeof(struct ccprof_ctx_node) +
		kids * sizeof(struct ccprof_counters *));
	if (counts) {
		((struct ccprof_counters *const **)n)[-1] = desc->kid_counts;
		n->c.spare[1] |= 1;
		t->counts += counts;
	}
	t->nodes++;
	return n;
}

/* What a cost centre with kid slots enters when the arena is out of
 * memory (its calls are lost, its ticks counted as unprofiled): a node
 * whose kid slots stay NULL, so the transitions its code makes at call
 * sites always take the slow path, which never writes here.  Not in any
 * tree. */
static struct {
	/* kid counts: written by the code that entered the sink, read by
	 * no one */
	uint64_t counts[CCPROF_CTX_MAX_COUNTS + 8];
	struct ccprof_ctx_node node;
	struct ccprof_counters *kids[CCPROF_CTX_MAX_KIDS];
	/* a unit of an older ABI version reads its kid slots further on
	 * (ABI 6: from byte 64) */
	struct ccprof_counters *older_kids[SINK_OLDER_KIDS];
} sink __attribute__((aligned(64)));

/* Units the registry ignored because they were built for another ABI
 * version (registry.c): their code runs all the same, makes its
 * transitions with cost centres the runtime does not know and reads
 * nodes as its own version lays them out, where a node of this version
 * may hold anything.  Their transitions enter the sink, whose kid slots
 * read NULL at any offset such a unit uses, so their calls are lost, as
 * a flat-mode unit's are, their time is counted as unprofiled, and
 * nothing else is touched: no memo, and no kid slot of a node.  Each is
 * the range of its cost-centre descriptors; slots are filled under the
 * registry lock and read without it. */
#define MAX_FOREIGN	1024u

static struct foreign {
	const struct ccprof_cc_desc *lo, *hi;
} foreign[MAX_FOREIGN];
static unsigned n_foreign;

void ccprof__context_foreign(const struct ccprof_cc_desc *cc, uint32_t n,
			     size_t desc_size, int add)
{
	if (!add) {	/* unloaded: its range may be reused */
		for (unsigned i = 0; i < n_foreign; i++)
			if (foreign[i].lo == cc)
				foreign[i].lo = foreign[i].hi = NULL;
		return;
	}
	if (n_foreign == MAX_FOREIGN) {
		static int warned;

		if (!warned++)
			ccprof__warn("more than %u units built for another "
				     "ABI version; the program may crash in "
				     "context mode", MAX_FOREIGN);
		return;
	}
	foreign[n_foreign].lo = cc;
	foreign[n_foreign].hi = (const struct ccprof_cc_desc *)
		((const char *)cc + (size_t)n * desc_size);
	__atomic_store_n(&n_foreign, n_foreign + 1, __ATOMIC_RELEASE);
}

static int is_foreign(const struct ccprof_cc_desc *desc)
{
	unsigned n = __atomic_load_n(&n_foreign, __ATOMIC_ACQUIRE);

	if (__builtin_expect(n == 0, 1))
		return 0;
	for (unsigned i = 0; i < n; i++)
		if (desc >= foreign[i].lo && desc < foreign[i].hi)
			return 1;
	return 0;
}

static struct ccprof_ctx_memo *memo_way(struct memo_table *m,
				       const struct ccprof_counters *from)
{
	return (struct ccprof_ctx_memo *)((char *)m->way +
		(((uintptr_t)from >> (CCPROF_CTX_MEMO_SHIFT - 4)) & m->mask));
}

/* Memoises FROM -> TO in M's way for FROM.  A signal handler running
 * an entry into the same cost centre between the stores sees a way that
 * matches nothing. */
static void memo_store(struct memo_table *m, struct ccprof_counters *from,
		       struct ccprof_counters *to)
{
	struct ccprof_ctx_memo *w = memo_way(m, from);

	__atomic_store_n(&w->from, MEMO_EMPTY, __ATOMIC_RELAXED);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	__atomic_store_n(&w->to, to, __ATOMIC_RELAXED);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	__atomic_store_n(&w->from, from, __ATOMIC_RELAXED);
}

/* A new table of WAYS ways holding OLD's transitions (OLD may be
 * NULL), or NULL if T's arena is full. */
static struct memo_table *memo_new(struct ccprof__ctx_tree *t,
				   const struct memo_table *old, uint64_t ways)
{
	size_t size = sizeof(struct memo_table) +
		      ways * sizeof(struct ccprof_ctx_memo);
	struct memo_table *m;

	size = (size + LINE - 1) & ~(size_t)(LINE - 1);
	m = arena_alloc(t, size);
	if (!m)
		return NULL;
	m->mask = (ways - 1) * sizeof(struct ccprof_ctx_memo);
	m->misses = 0;
	for (uint64_t i = 0; i < ways; i++)
		m->way[i].from = MEMO_EMPTY;
	if (old)
		for (uint64_t i = 0; i <= old->mask / sizeof(old->way[0]); i++)
			if (old->way[i].from != MEMO_EMPTY)
				memo_way(m, old->way[i].from)[0] = old->way[i];
	return m;
}

/* The table to memoise a transition into, replacing *TABLE by a new or
 * larger one when it is time (the replacement is published complete:
 * an entry in a signal handler sees the old table or the new). */
static struct memo_table *memo_for(struct ccprof__ctx_tree *t,
				   struct ccprof_ctx_memo **table)
{
	struct memo_table *m = (struct memo_table *)*table, *bigger;
	uint64_t ways;

	if ((const struct ccprof_ctx_memo *)m == __ccprof_ctx_nomemo) {
		m = NULL;
		ways = MEMO_MIN_WAYS;
	} else {
		ways = m->mask / sizeof(m->way[0]) + 1;
		if (++m->misses <= MEMO_GROW * ways || ways >= MEMO_MAX_WAYS)
			return m;
		ways *= MEMO_GROW_BY;
	}
	bigger = memo_new(t, m, ways);
	if (!bigger)
		return m;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	__atomic_store_n(table, (struct ccprof_ctx_memo *)bigger,
			 __ATOMIC_RELAXED);
	return bigger;
}

/* FROM as a node of tree T, or NULL (the root): NULL, a flat-mode
 * record, a TLS offset or anything else that is not in T's chunks. */
static struct ccprof_ctx_node *node_of(const struct ccprof__ctx_tree *t,
				       const struct ccprof_counters *from)
{
	const char *p = (const char *)from;

	if ((intptr_t)from <= 0)
		return NULL;
	for (const struct chunk *c = t->chunks; c; c = c->next)
		if (p >= chunk_nodes((struct chunk *)c) &&
		    p < chunk_nodes((struct chunk *)c) + c->used)
			return (struct ccprof_ctx_node *)from;
	return NULL;
}

static struct ccprof_ctx_node *child_of(struct ccprof__ctx_tree *t,
					struct ccprof_ctx_node *parent,
					const struct ccprof_counters *cc)
{
	struct ccprof_ctx_node *n = parent ? ccprof__ctx_links(parent)->child
					   : t->top;

	for (; n; n = ccprof__ctx_links(n)->sibling)
		if (ccprof__ctx_links(n)->cc == cc)
			return n;
	return NULL;
}

static struct ccprof_ctx_node *node_new(struct ccprof__ctx_tree *t,
					struct ccprof_ctx_node *parent,
					const struct ccprof_cc_desc *desc)
{
	struct ccprof_counters *cc = desc->counters;
	struct ccprof_ctx_node *n = node_alloc(t, desc);
	struct ccprof_ctx_node **head =
		parent ? &ccprof__ctx_links(parent)->child : &t->top;
	struct ccprof_ctx_node *first;

	if (!n)
		return NULL;
	ccprof__ctx_links(n)->parent = parent;
	ccprof__ctx_links(n)->cc = cc;
	ccprof__ctx_links(n)->child = NULL;
	n->c.spare[0] = ccprof__metric_slot_new();
	/* a handler may link a node into the same list meanwhile: with a
	 * plain store, one of the two was lost */
	first = __atomic_load_n(head, __ATOMIC_RELAXED);
	do
		ccprof__ctx_links(n)->sibling = first;
	while (!__atomic_compare_exchange_n(head, &first, n, 0,
					    __ATOMIC_RELEASE, __ATOMIC_RELAXED));
	return n;
}

/* A new, empty transition table, four times as large as T's (or the
 * first); T's stays as it is if there is no memory. */
static void transitions_grow(struct ccprof__ctx_tree *t)
{
	uint32_t size = t->transitions ? t->n_transitions * 4
				       : TRANSITIONS_FIRST;
	struct transition *tab;

	if ((t->transitions && t->n_old == TRANSITIONS_OLD) ||
	    !(tab = map(size * sizeof(struct transition))))
		return;
	if (t->transitions)
		t->old[t->n_old++] = t->transitions;
	t->transitions = tab;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	t->n_transitions = size;
	t->bytes += size * sizeof(struct transition);
}

/* T's replaced transition tables. */
static void transitions_unmap_old(struct ccprof__ctx_tree *t)
{
	for (uint32_t i = 0, size = TRANSITIONS_FIRST; i < t->n_old;
	     i++, size *= 4) {
		ccprof__sys_munmap(t->old[i], size * sizeof(struct transition));
		t->bytes -= size * sizeof(struct transition);
	}
	t->n_old = 0;
}

/* The arena is full: a cost centre without kid slots or kid counts is
 * counted as in flat mode, in its record; one with them enters the sink
 * (its code reads its node's kid slots and writes its kid counts, which
 * a record has not). */
static struct ccprof_counters *out_of_memory(const struct ccprof_cc_desc *desc)
{
	return kids_of(desc) || desc->kid_counts ? &sink.node.c
						 : desc->counters;
}

/* The slow path.  On x86-64 instrumented code calls it through the
 * stub of context_entry.c, which keeps every register. */
#if defined(__x86_64__)
struct ccprof_counters *
ccprof__ctx_enter(struct ccprof_counters *from,
#else
CCPROF_EXPORT struct ccprof_counters *
__ccprof_ctx_enter(struct ccprof_counters *from,
#endif
		   const struct ccprof_cc_desc *desc,
		   struct ccprof_ctx_memo **table)
{
	struct ccprof__ctx_tree *t = my_tree;
	struct ccprof_counters *cc = desc->counters;
	struct ccprof_ctx_node *parent, *n;
	struct memo_table *m;
	struct transition *tr = NULL;

	if (is_foreign(desc))
		return &sink.node.c;	/* its memo is left empty */
	if (!t && !(t = tree_new()))
		return out_of_memory(desc);
	if (!t->transitions ||
	    (t->n_transitions < TRANSITIONS_MAX &&
	     t->nodes >= t->n_transitions / 2))
		transitions_grow(t);
	if (t->transitions) {
		uintptr_t h = ((uintptr_t)from >> 6) * 0x9e3779b97f4a7c15u ^
			      ((uintptr_t)cc >> 3);
		/* the size before the table: transitions_grow publishes
		 * them the other way round */
		uint32_t size = t->n_transitions;

		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		tr = &t->transitions[(h ^ (h >> 29)) & (size - 1)];
		if (tr->from == from && tr->cc == cc && tr->epoch == t->epoch) {
			n = tr->to;
			goto found;
		}
	}
	parent = node_of(t, from);
	n = child_of(t, parent, cc);
	if (!n)		/* recursion: back to the ancestor for cc */
		for (n = parent; n && ccprof__ctx_links(n)->cc != cc;
		     n = ccprof__ctx_links(n)->parent)
			;
	if (!n && !(n = node_new(t, parent, desc)))
		return out_of_memory(desc);
	if (tr) {
		/* not yet valid while it is written: a handler probing the
		 * same slot sees no match */
		tr->cc = NULL;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		tr->from = from;
		tr->to = n;
		tr->epoch = t->epoch;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		tr->cc = cc;
	}
found:
	m = memo_for(t, table);
	if (m)
		memo_store(m, from, &n->c);
	return &n->c;
}

/* The slow path of a transition made at a call site: NODE is the
 * caller's node, K its slot for the site.  The slot is filled only in a
 * node of the calling thread's tree: the sink's stay NULL, and so do
 * another thread's, which code that moved between threads with its
 * caller's node still in hand reaches (a C++ coroutine resumed on
 * another thread, a fiber of swapcontext): a node of this thread there
 * would be counted in by the owner too, and left dangling when this
 * thread's tree is recycled. */
#if defined(__x86_64__)
struct ccprof_counters *
ccprof__ctx_kid(struct ccprof_counters *node,
#else
CCPROF_EXPORT struct ccprof_counters *
__ccprof_ctx_kid(struct ccprof_counters *node,
#endif
		 const struct ccprof_cc_desc *desc,
		 struct ccprof_ctx_memo **table,
		 uint64_t k)
{
#if defined(__x86_64__)
	struct ccprof_counters *to = ccprof__ctx_enter(node, desc, table);
#else
	struct ccprof_counters *to = __ccprof_ctx_enter(node, desc, table);
#endif

	if (node != &sink.node.c && k < CCPROF_CTX_MAX_KIDS &&
	    !is_foreign(desc) && my_tree &&
	    node_of(my_tree, node))
		__atomic_store_n((struct ccprof_counters **)((char *)node +
			CCPROF_CTX_NODE_SIZE) + k, to, __ATOMIC_RELAXED);
	return to;
}

/* Every node of tree T, parents before children, with its depth (0: a
 * child of the root). */
static void tree_each(struct ccprof__ctx_tree *t,
		      void (*fn)(struct ccprof_ctx_node *n, uint32_t depth,
				 void *arg),
		      void *arg)
{
	struct ccprof_ctx_node *n = __atomic_load_n(&t->top, __ATOMIC_ACQUIRE);
	uint32_t depth = 0;

	while (n) {
		struct ccprof_ctx_node *c;

		fn(n, depth, arg);
		c = __atomic_load_n(&ccprof__ctx_links(n)->child,
				    __ATOMIC_ACQUIRE);
		if (c) {
			n = c;
			depth++;
			continue;
		}
		while (n && !ccprof__ctx_links(n)->sibling) {
			n = ccprof__ctx_links(n)->parent;
			depth--;
		}
		if (n)
			n = ccprof__ctx_links(n)->sibling;
	}
}

/* Every node of every tree. */
static void each_node(void (*fn)(struct ccprof_ctx_node *n, uint32_t depth,
				 void *arg),
		      void *arg)
{
	for (struct ccprof__ctx_tree *t =
		     __atomic_load_n(&all_trees, __ATOMIC_ACQUIRE);
	     t; t = t->next)
		tree_each(t, fn, arg);
}

static const uint64_t *metrics_of(const struct ccprof_ctx_node *n)
{
	return n->c.spare[0] ? ccprof__metric_slot(n->c.spare[0])->v : NULL;
}

/* The kid counts before N (ccprof__ctx_counted). */
static uint32_t n_counts(const struct ccprof_ctx_node *n)
{
	struct ccprof_counters *const *counted = ccprof__ctx_counted(n);
	uint32_t i = 0;

	while (counted && i < CCPROF_CTX_MAX_COUNTS && counted[i])
		i++;
	return i;
}

/* The kid count I of N (ccprof__ctx_count). */
static uint64_t count_of(const struct ccprof_ctx_node *n, uint32_t i)
{
	return __atomic_load_n(ccprof__ctx_count(n, i), __ATOMIC_RELAXED);
}

static void retire_node(struct ccprof_ctx_node *n, uint32_t depth, void *arg)
{
	struct ccprof_counters *const *counted = ccprof__ctx_counted(n);

	(void)arg;
	ccprof__retired_add(ccprof__ctx_links(n)->cc, depth,
			    __atomic_load_n(&n->c.calls, __ATOMIC_RELAXED),
			    __atomic_load_n(&n->c.ticks, __ATOMIC_RELAXED),
			    metrics_of(n));
	for (uint32_t i = 0, c = n_counts(n); i < c; i++)
		if (count_of(n, i))
			ccprof__retired_add_count(counted[i], count_of(n, i));
}

static void tree_unmap(struct ccprof__ctx_tree *t)
{
	struct chunk *c = t->chunks, *next;

	for (; c && c->next; c = next) {	/* the oldest is in t's mapping */
		next = c->next;
		ccprof__sys_munmap(c, c->size);
	}
	transitions_unmap_old(t);
	if (t->transitions)
		ccprof__sys_munmap(t->transitions, t->n_transitions *
						   sizeof(struct transition));
	ccprof__sys_munmap(t, FIRST_CHUNK);
}

/* T, folded and unlinked, made empty for another thread: its first
 * chunk zeroed where used, its other chunks unmapped, its transitions
 * voided by a new epoch (only the slots used were ever touched, and
 * clearing all of them would touch every page).  Nothing changes in the
 * page tables for a small tree, so no other CPU is interrupted, as
 * munmap interrupts them all to flush their TLBs. */
static void tree_recycle(struct ccprof__ctx_tree *t)
{
	struct chunk *c = t->chunks, *next;

	for (; c->next; c = next) {	/* the oldest is in t's mapping */
		next = c->next;
		ccprof__sys_munmap(c, c->size);
	}
	memset(chunk_nodes(c), 0, c->used);
	c->used = 0;
	t->chunks = c;
	t->top = NULL;
	t->nodes = 0;
	t->counts = 0;
	transitions_unmap_old(t);
	t->bytes = FIRST_CHUNK + (t->transitions ? t->n_transitions *
				  sizeof(struct transition) : 0);
	t->exited_tid = 0;
	t->next_unlinked = NULL;
	t->epoch++;
}

static void unlink_tree(struct ccprof__ctx_tree *t)
{
	struct ccprof__ctx_tree *head = t;

	/* new trees are pushed at the head without the lock */
	if (__atomic_compare_exchange_n(&all_trees, &head, t->next, 0,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return;
	for (struct ccprof__ctx_tree *p = head; p; p = p->next)
		if (p->next == t) {
			__atomic_store_n(&p->next, t->next, __ATOMIC_RELEASE);
			return;
		}
}

void ccprof__context_thread_exit(int tid)
{
	if (my_tree && tid > 0)
		my_tree->exited_tid = tid;
}

void ccprof__context_thread_start(void)
{
	struct ccprof__ctx_tree *t;

	ccprof__context_reclaim();
	if (my_tree || !spare)
		return;
	t = spare;
	spare = t->next;
	n_spare--;
	tree_push(t);
	my_tree = t;
}

int ccprof__context_has_trees(void)
{
	return __atomic_load_n(&all_trees, __ATOMIC_RELAXED) ||
	       __atomic_load_n(&spare, __ATOMIC_RELAXED) ||
	       __atomic_load_n(&unlinked, __ATOMIC_RELAXED);
}

/* The pid the runtime noted (process.c), not getpid: a system call
 * less at each thread's start and end. */
static int thread_gone(int tid)
{
	return ccprof__raw(SYS_tgkill, ccprof__process_pid(), tid, 0, 0, 0,
			   0) == -ESRCH;
}

/* Set by libccprof.so's makecontext and make_fcontext
 * (fibers_interpose.c): from then on the trees of exited threads are
 * kept, since a fiber may still count in their nodes. */
int ccprof__fibers_made;

void ccprof__context_reclaim(void)
{
	struct ccprof__ctx_tree *t, *next, *done = NULL;

	while (unlinked) {
		next = unlinked->next_unlinked;
		if (n_spare < MAX_SPARE) {
			tree_recycle(unlinked);
			unlinked->next = spare;
			spare = unlinked;
			n_spare++;
		} else {
			tree_unmap(unlinked);
		}
		unlinked = next;
	}
	for (t = __atomic_load_n(&all_trees, __ATOMIC_ACQUIRE); t; t = next) {
		next = t->next;
		if (!t->exited_tid || t == my_tree ||
		    __atomic_load_n(&ccprof__fibers_made, __ATOMIC_RELAXED) ||
		    !thread_gone(t->exited_tid))
			continue;	/* kept, counted as a live tree */
		if (ccprof__retired_reserve(t->nodes + t->counts) != 0)
			break;	/* kept, counted as a live tree */
		ccprof__retired_begin();
		tree_each(t, retire_node, NULL);
		unlink_tree(t);
		t->next_unlinked = done;
		done = t;
	}
	unlinked = done;
}

static void zero_node(struct ccprof_ctx_node *n, uint32_t depth, void *arg)
{
	(void)depth;
	(void)arg;
	for (uint32_t i = 0, c = n_counts(n); i < c; i++)
		__atomic_store_n(ccprof__ctx_count(n, i), 0, __ATOMIC_RELAXED);
	__atomic_store_n(&n->c.calls, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&n->c.ticks, 0, __ATOMIC_RELAXED);
	if (n->c.spare[0])
		ccprof__metric_slot_zero(n->c.spare[0]);
}

uint64_t ccprof__context_sink_ticks(void)
{
	return __atomic_load_n(&sink.node.c.ticks, __ATOMIC_RELAXED);
}

void ccprof__context_after_fork_child(void)
{
	__atomic_store_n(&sink.node.c.ticks, 0, __ATOMIC_RELAXED);
	each_node(zero_node, NULL);
	ccprof__retired_zero();
}

static void any_calls(struct ccprof_ctx_node *n, uint32_t depth, void *arg)
{
	(void)depth;
	if (__atomic_load_n(&n->c.calls, __ATOMIC_RELAXED))
		*(int *)arg = 1;
	for (uint32_t i = 0, c = n_counts(n); i < c; i++)
		if (count_of(n, i))
			*(int *)arg = 1;
}

int ccprof__context_any_calls(void)
{
	int any = 0;

	each_node(any_calls, &any);
	return any || ccprof__retired_any_calls();
}

void ccprof__context_memory(uint64_t *nodes, uint64_t *bytes)
{
	ccprof__retired_memory(nodes, bytes);
	for (struct ccprof__ctx_tree *t =
		     __atomic_load_n(&all_trees, __ATOMIC_ACQUIRE);
	     t; t = t->next) {
		*nodes += t->nodes;
		*bytes += t->bytes;
	}
}

/* ---- the process's tree, built by the writer ---- */

/* The writer's memory: blocks from mmap, freed together. */
struct block {
	struct block *next;
	size_t used, cap;
};

static struct block *blocks;
static struct ccprof__ctx_sum root;
/* %m: the tree of this process's last merge (its blocks), or none */
static struct block *base_blocks;
static struct ccprof__ctx_sum base_root;
static pid_t base_pid;
static struct ccprof__ctx_sum *last;	/* the sum of the last node seen */
static int failed;

/* per cost centre: an open-addressing table keyed by its record */
struct cc_total {
	const struct ccprof_counters *cc;
	struct ccprof__ctx_totals t;
};
static struct cc_total *totals;
static size_t totals_cap, totals_used;
static int with_metrics;	/* some event is on: sums carry metrics */

static void *build_alloc(size_t n)
{
	struct block *bl = blocks;

	n = (n + 15) & ~(size_t)15;
	if (!bl || bl->used + n > bl->cap) {
		size_t cap = 1u << 20;

		while (cap < n + sizeof(*bl))
			cap *= 2;
		bl = map(cap);
		if (!bl) {
			failed = 1;
			return NULL;
		}
		bl->cap = cap;
		bl->used = (sizeof(*bl) + 15) & ~(size_t)15;
		bl->next = blocks;
		blocks = bl;
	}
	bl->used += n;
	return (char *)bl + bl->used - n;
}

static struct ccprof__ctx_sum *sum_child(struct ccprof__ctx_sum *parent,
					 const struct ccprof_counters *cc)
{
	struct ccprof__ctx_sum *s;

	for (s = parent->child; s; s = s->sibling)
		if (s->cc == cc)
			return s;
	s = build_alloc(sizeof(*s));
	if (!s)
		return NULL;
	memset(s, 0, sizeof(*s));
	if (with_metrics) {
		s->metrics = build_alloc(CCPROF_N_METRICS * sizeof(uint64_t));
		if (!s->metrics)
			return NULL;
		memset(s->metrics, 0, CCPROF_N_METRICS * sizeof(uint64_t));
	}
	s->parent = parent;
	s->cc = cc;
	s->depth = parent == &root ? 0 : parent->depth + 1;
	/* appended, so the first-seen order is kept */
	if (!parent->child) {
		parent->child = s;
	} else {
		struct ccprof__ctx_sum *t = parent->child;

		while (t->sibling)
			t = t->sibling;
		t->sibling = s;
	}
	return s;
}

/* A node's counts into the sum of its path.  Nodes come parents before
 * children, so the parent's sum is `last` or one of its ancestors. */
static void add_sum(const struct ccprof_counters *cc, uint32_t depth,
		    uint64_t calls, uint64_t ticks, const uint64_t *metrics)
{
	struct ccprof__ctx_sum *parent = &root, *s;

	if (failed)
		return;
	if (depth) {
		parent = last;
		while (parent != &root && parent->depth >= depth)
			parent = parent->parent;
	}
	s = sum_child(parent, cc);
	if (!s)
		return;
	s->calls += calls;
	s->ticks += ticks;
	if (metrics && s->metrics)
		for (int k = 0; k < CCPROF_N_METRICS; k++)
			s->metrics[k] += __atomic_load_n(&metrics[k],
							 __ATOMIC_RELAXED);
	last = s;
}

/* CALLS of the tiny leaf CC that the node just added counted before it:
 * a child of its sum, or, if CC is on its path (a copy of CC in another
 * unit that is no tiny leaf there called on), that ancestor, as the slow
 * path folds recursion. */
static void add_count(const struct ccprof_counters *cc, uint64_t calls)
{
	struct ccprof__ctx_sum *s;

	if (failed || last == &root)
		return;
	for (s = last; s != &root; s = s->parent)
		if (s->cc == cc) {
			s->calls += calls;
			return;
		}
	s = sum_child(last, cc);
	if (s)
		s->calls += calls;
}

static void add_node(struct ccprof_ctx_node *n, uint32_t depth, void *arg)
{
	struct ccprof_counters *const *counted = ccprof__ctx_counted(n);

	(void)arg;
	add_sum(ccprof__ctx_links(n)->cc, depth,
		__atomic_load_n(&n->c.calls, __ATOMIC_RELAXED),
		__atomic_load_n(&n->c.ticks, __ATOMIC_RELAXED), metrics_of(n));
	for (uint32_t i = 0, c = n_counts(n); i < c; i++)
		if (count_of(n, i))
			add_count(counted[i], count_of(n, i));
}

static void add_retired(void *arg, const struct ccprof_counters *cc,
			uint32_t depth, uint64_t calls, uint64_t ticks,
			const uint64_t *metrics)
{
	(void)arg;
	add_sum(cc, depth, calls, ticks, metrics);
}

static struct cc_total *slot_of(struct cc_total *tab, size_t cap,
				 const struct ccprof_counters *cc)
{
	size_t h = (size_t)(((uintptr_t)cc >> 3) * 0x9e3779b97f4a7c15ULL);

	for (size_t i = h & (cap - 1);; i = (i + 1) & (cap - 1))
		if (tab[i].cc == cc || !tab[i].cc)
			return &tab[i];
}

/* A table with room for twice as many cost centres (the old one stays
 * in the build's blocks until the release). */
static int totals_grow(void)
{
	size_t cap = totals_cap ? totals_cap * 2 : 1024;
	struct cc_total *tab = build_alloc(cap * sizeof(*tab));

	if (!tab)
		return -1;
	memset(tab, 0, cap * sizeof(*tab));
	for (size_t i = 0; i < totals_cap; i++)
		if (totals[i].cc)
			*slot_of(tab, cap, totals[i].cc) = totals[i];
	totals = tab;
	totals_cap = cap;
	return 0;
}

static struct cc_total *total_of(const struct ccprof_counters *cc, int add)
{
	struct cc_total *t;

	if (!totals_cap)
		return NULL;
	t = slot_of(totals, totals_cap, cc);
	if (t->cc || !add)
		return t->cc ? t : NULL;
	if (2 * (totals_used + 1) > totals_cap) {
		if (totals_grow() != 0)
			return NULL;
		t = slot_of(totals, totals_cap, cc);
	}
	t->cc = cc;
	t->t.cc_id = -1;
	if (with_metrics) {
		size_t n = CCPROF_N_METRICS * sizeof(uint64_t);

		t->t.metrics = build_alloc(2 * n);
		if (!t->t.metrics)
			return NULL;
		memset(t->t.metrics, 0, 2 * n);
		t->t.base_metrics = t->t.metrics + CCPROF_N_METRICS;
	}
	totals_used++;
	return t;
}

/* Preorder over the sums, from S on (S's subtree, then what follows it
 * under its ancestors). */
static struct ccprof__ctx_sum *next_sum(struct ccprof__ctx_sum *s, int into)
{
	if (into && s->child)
		return s->child;
	while (s != &root && !s->sibling)
		s = s->parent;
	return s == &root ? NULL : s->sibling;
}

int ccprof__context_build(void)
{
	uint64_t n = 0;

	ccprof__context_release();
	with_metrics = ccprof__events_on != 0;
	last = &root;
	each_node(add_node, NULL);
	last = &root;
	ccprof__retired_each(add_retired, NULL);
	if (failed)
		goto fail;
	for (struct ccprof__ctx_sum *s = root.child; s; s = next_sum(s, 1)) {
		const struct ccprof__ctx_sum *bp =
			s->parent == &root ? &base_root : s->parent->base;

		s->old = -1;
		s->base = NULL;
		if (bp && base_pid == ccprof__sys_getpid())
			for (s->base = bp->child; s->base;
			     s->base = s->base->sibling)
				if (s->base->cc == s->cc)
					break;
		n++;
	}
	if (!n)
		return 0;
	if (totals_grow() != 0)
		goto fail;
	for (struct ccprof__ctx_sum *s = root.child; s; s = next_sum(s, 1)) {
		struct cc_total *t = total_of(s->cc, 1);

		if (!t)
			goto fail;
		t->t.calls += s->calls;
		t->t.ticks += s->ticks;
		for (int k = 0; s->metrics && k < CCPROF_N_METRICS; k++) {
			t->t.metrics[k] += s->metrics[k];
			if (s->base && s->base->metrics)
				t->t.base_metrics[k] += s->base->metrics[k];
		}
	}
	return 1;
fail:
	ccprof__context_release();
	return -1;
}

struct ccprof__ctx_totals *
ccprof__context_totals(const struct ccprof_counters *cc)
{
	struct cc_total *t = cc ? total_of(cc, 0) : NULL;

	return t ? &t->t : NULL;
}

int ccprof__context_each(ccprof__ctx_fn fn, void *arg)
{
	uint64_t id = 0;
	struct ccprof__ctx_sum *s = root.child;

	while (s) {
		struct cc_total *t = total_of(s->cc, 0);
		int rc;

		if (!t || t->t.cc_id < 0) {
			/* a cost centre with no cc record (its module was
			 * unloaded): not written, nor anything under it */
			s = next_sum(s, 0);
			continue;
		}
		s->id = ++id;
		rc = fn(arg, s, s->parent == &root ? NULL : s->parent,
			(uint64_t)t->t.cc_id);
		if (rc)
			return rc;
		s = next_sum(s, 1);
	}
	return 0;
}

static void free_blocks(struct block *bl)
{
	while (bl) {
		struct block *next = bl->next;

		ccprof__sys_munmap(bl, bl->cap);
		bl = next;
	}
}

void ccprof__context_commit(void)
{
	free_blocks(base_blocks);
	base_blocks = blocks;
	base_root = root;
	base_pid = ccprof__sys_getpid();
	blocks = NULL;
	ccprof__context_release();
}

void ccprof__context_release(void)
{
	free_blocks(blocks);
	blocks = NULL;
	memset(&root, 0, sizeof(root));
	last = NULL;
	failed = 0;
	totals = NULL;
	totals_cap = totals_used = 0;
}
