/*
 * threads.c - the threads the runtime knows, and what becomes of their
 * call counts when they end.
 *
 * Why: with counters=thread (the plugins' default) an instrumented unit
 * counts calls in a thread-local array in static TLS, so a call costs a
 * plain increment with no contention between threads.  To write exact
 * counts the runtime must find every live thread's arrays (its thread
 * pointer plus the module's offset, registry.c) and must add a thread's
 * arrays into the shared records before the thread's TLS goes away.
 *
 * What: a list of every live thread the runtime knows, with its thread
 * pointer and tid, guarded by the registry lock (the writer reads the
 * threads' arrays under it).  The thread that starts the runtime (the
 * main thread, start.c) is entered at start.  Every other thread is
 * entered by the pthread_create wrapper (threads_interpose.c, in
 * libccprof.so only): the node is allocated in the parent, and the new
 * thread, before it runs the program's start routine, records its thread
 * pointer, enters the node, sets a pthread key whose destructor folds,
 * and gets an alternate signal stack (fatal.c) and a sampling timer of
 * its own (sampler.c).  A new thread enters its node without the lock:
 * it pushes it on a stack of new nodes (a compare-and-swap, safe in a
 * signal handler and across fork), which whoever takes the lock links
 * into the list first (enter_pushed), so under the lock the list is
 * whole.  The lock blocks signals while it is held, two rt_sigprocmask
 * calls (registry.c), and a thread took it at its start only to link
 * itself.  In context mode it still does, once the process has trees,
 * to take a recycled tree (context.c).
 *
 * At exit (return from the start routine, pthread_exit, cancellation;
 * joinable or detached) the key's destructor sets the key again in each
 * destructor round, so that it runs again in the next one, after other
 * keys' destructors that may still call profiled code; the thread stays
 * linked meanwhile, so a write reads its arrays in place.  In the last
 * round but one (LAST_ROUND) it takes the registry lock once, adds the
 * thread's arrays into the records with atomic adds and zeroes them,
 * unlinks the node and disables the thread's alternate stack (signals
 * wait under the lock, so the program never sees the stack change);
 * after the lock it deletes the thread's sampling source, releases the
 * stack and frees the node.  So a thread takes the lock once, at its
 * end (in context mode also at its start): each time costs two
 * rt_sigprocmask calls (registry.c); it took it 4 times before.  Not in
 * the last round: the sanitizers
 * (ThreadSanitizer, AddressSanitizer, ...) tear their state of the
 * thread down from a key destructor of their own in that round, a key
 * made before ours and so run before it; after that the mutex, free and
 * munmap they intercept crash (gcc 12's TSan: SEGV at the first thread
 * exit).  Calls the thread makes after our last round (glibc's own
 * clean-up only, unless another key's destructor in the last round
 * calls profiled code) are not counted.
 *
 * The thread's tid is noted in its TLS when it starts (ccprof__self_tid):
 * the registry lock, the sampler and the task clock's routing ask for it,
 * a system call each time they did.  Noted only at a thread's start, by
 * the thread that starts the runtime, and in a fork child (whose only
 * thread has a new tid): never on a thread that was not set up, which
 * asks the kernel, nor by a vfork or clone child, which shares its
 * parent's TLS.
 *
 * Not known, so their per-thread calls are not counted: threads made
 * with clone(2) directly, threads whose pthread_create does not reach
 * the wrapper (a program linked with the static libccprof.a, a host
 * program that dlopens an instrumented library: its calls bind to libc),
 * and threads that existed before the runtime started, except the one
 * that started it.  counters=atomic counts those.
 *
 * fork: in the child only the forking thread exists; the list keeps its
 * node alone (the others are dropped, not freed: the child may not be
 * able to call free safely), and its tid is noted again.
 */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "context.h"
#include "file_calls.h"
#include "runtime_internal.h"

#ifndef PTHREAD_DESTRUCTOR_ITERATIONS
#define PTHREAD_DESTRUCTOR_ITERATIONS 4
#endif
/* Our destructor's last round: one before glibc's last, which belongs
 * to the sanitizers' thread teardown (above). */
#define LAST_ROUND (PTHREAD_DESTRUCTOR_ITERATIONS - 1)

typedef int (*create_fn)(pthread_t *, const pthread_attr_t *,
			 void *(*)(void *), void *);

/* glibc 2.32 and later: false from the first pthread_create of the
 * process on (weak: other libcs may not have it). */
extern char __libc_single_threaded __attribute__((weak));

/* A thread's node: the runtime's memory, not charged by the meters. */
static struct ccprof__thread *node_alloc(void)
{
	struct ccprof__thread *t;

	ccprof__meters_pause();
	t = calloc(1, sizeof(*t));
	ccprof__meters_resume();
	return t;
}

static void node_free(struct ccprof__thread *t)
{
	ccprof__meters_pause();
	free(t);
	ccprof__meters_resume();
}

static struct ccprof__thread main_node = { .is_static = 1 };
static int started_any;	/* the wrapper or the runtime started a thread */
static struct ccprof__thread *head;
/* Nodes of threads that started since the lock was last taken, linked
 * by pushed_next: pushed without the lock, linked under it. */
static struct ccprof__thread *pushed;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;
static int have_key;
static create_fn real_create;

static void on_thread_exit(void *arg);

/* The calling thread's tid, once it was noted (note_tid), or 0. */
static __thread __attribute__((tls_model("initial-exec"))) pid_t my_tid;

static pid_t note_tid(void)
{
	my_tid = ccprof__sys_gettid();
	return my_tid;
}

pid_t ccprof__self_tid(void)
{
	pid_t tid = my_tid;

	return tid ? tid : ccprof__sys_gettid();
}

static void make_key(void)
{
	have_key = pthread_key_create(&exit_key, on_thread_exit) == 0;
}

static int key_ready(void)
{
	pthread_once(&key_once, make_key);
	return have_key;
}

/* Lock held. */
static void link_node(struct ccprof__thread *t)
{
	t->prev = NULL;
	t->next = head;
	if (head)
		head->prev = t;
	head = t;
	t->linked = 1;
}

/* Without the lock, in the thread that starts. */
static void push_node(struct ccprof__thread *t)
{
	struct ccprof__thread *top = __atomic_load_n(&pushed, __ATOMIC_RELAXED);

	do
		t->pushed_next = top;
	while (!__atomic_compare_exchange_n(&pushed, &top, t, 1,
					    __ATOMIC_RELEASE,
					    __ATOMIC_RELAXED));
}

/* Lock held: the pushed nodes into the list, before it is read or
 * changed. */
static void enter_pushed(void)
{
	struct ccprof__thread *t = __atomic_exchange_n(&pushed, NULL,
						       __ATOMIC_ACQUIRE);

	while (t) {
		struct ccprof__thread *next = t->pushed_next;

		link_node(t);
		t = next;
	}
}

static void unlink_node(struct ccprof__thread *t)
{
	if (!t->linked)
		return;
	if (t->prev)
		t->prev->next = t->next;
	else
		head = t->next;
	if (t->next)
		t->next->prev = t->prev;
	t->next = t->prev = NULL;
	t->linked = 0;
}

static struct ccprof__thread *find_tp(const char *tp)
{
	for (struct ccprof__thread *t = head; t; t = t->next)
		if (t->tp == tp)
			return t;
	return NULL;
}

struct ccprof__thread *ccprof__threads_list(void)
{
	enter_pushed();
	return head;
}

/* From start.c: enter the thread that starts the runtime, unless the
 * wrapper already did; its key makes a pthread_exit of the main thread
 * fold too. */
void ccprof__threads_start(void)
{
	char *tp = ccprof__thread_pointer();
	int entered = 0;

	key_ready();
	ccprof__registry_lock();
	enter_pushed();
	if (!find_tp(tp)) {
		main_node.tp = tp;
		main_node.tid = note_tid();
		main_node.rounds = 0;
		link_node(&main_node);
		entered = 1;
	}
	ccprof__registry_unlock();
	if (!entered)
		note_tid();	/* entered by the wrapper: noted there */
	if (entered && have_key)
		pthread_setspecific(exit_key, &main_node);
}

/* The key's destructor, in the exiting thread, once per destructor
 * round. */
static void on_thread_exit(void *arg)
{
	struct ccprof__thread *t = arg;
	void *stack = NULL;

	/* Run again in the next round: other keys' destructors may still
	 * call profiled code.  The thread stays linked until then, so a
	 * write reads its arrays in place; the lock is taken once, below
	 * (if the key cannot be set again, this round is the last). */
	if (++t->rounds < LAST_ROUND && pthread_setspecific(exit_key, t) == 0)
		return;
	ccprof__registry_lock();
	ccprof__registry_fold_thread(ccprof__thread_pointer());
	enter_pushed();
	unlink_node(t);
	ccprof__context_thread_exit(t->tid);
	ccprof__context_reclaim();	/* of threads gone before */
	/* Signals wait while the lock is held: none sees the stack
	 * disabled and the program's put back, if it had replaced ours. */
	if (t->altstack)
		stack = ccprof__alt_stack_disable(t->altstack);
	t->altstack = NULL;
	ccprof__registry_unlock();
	/* A sample signal still pending for this thread is harmless: the
	 * handler only reads this thread's TLS, valid until it is gone, and
	 * the kernel sends nothing to a thread that has exited. */
	ccprof__sampler_thread_stop();
	ccprof__alt_stack_release(stack);
	if (!t->is_static)
		node_free(t);
}

static void *thread_main(void *arg)
{
	struct ccprof__thread *t = arg;
	void *(*start)(void *) = t->start;
	void *start_arg = t->arg;

	t->tp = ccprof__thread_pointer();
	t->tid = note_tid();
	ccprof__signal_set_program_blocks(t->program_blocks);
	if (pthread_setspecific(exit_key, t) != 0) {
		node_free(t);	/* cannot fold at exit: not entered */
		return start(start_arg);
	}
	t->altstack = ccprof__fatal_thread_altstack();
	if (ccprof__context_has_trees()) {
		ccprof__registry_lock();
		enter_pushed();
		link_node(t);
		ccprof__context_thread_start();	/* a tree of a thread gone */
		ccprof__registry_unlock();
	} else {
		push_node(t);	/* no lock: linked by its next holder */
	}
	ccprof__sampler_thread_start();
	return start(start_arg);
}

static create_fn resolve_real(void)
{
	create_fn f = __atomic_load_n(&real_create, __ATOMIC_ACQUIRE);

	if (!f) {
		f = (create_fn)dlsym(RTLD_NEXT, "pthread_create");
		if (!f)
			f = pthread_create;	/* no wrapper here: libc's */
		__atomic_store_n(&real_create, f, __ATOMIC_RELEASE);
	}
	return f;
}

/* libc's pthread_create, for the runtime's own threads (the dump thread
 * is not the program's: no node, no timer). */
int ccprof__threads_create_real(pthread_t *th, const pthread_attr_t *attr,
				void *(*start)(void *), void *arg)
{
	__atomic_store_n(&started_any, 1, __ATOMIC_RELAXED);
	return resolve_real()(th, attr, start, arg);
}

/* At the last write: did the process start threads, none of them
 * through the wrapper or the runtime?  Then every one was unknown (a
 * program linked with libccprof.a, fully static or not; a host that
 * dlopened the runtime): their calls are missing from counters=thread
 * modules, however few samples they got.  (With some threads known,
 * unknown ones cannot be told apart this way.) */
int ccprof__threads_unknown_started(void)
{
	return &__libc_single_threaded && !__libc_single_threaded &&
	       !__atomic_load_n(&started_any, __ATOMIC_RELAXED);
}

/* The wrapper's work: start the thread in thread_main.  If the node
 * cannot be allocated the thread is created as it would be without
 * ccprof, and is not known. */
int ccprof__threads_create(pthread_t *th, const pthread_attr_t *attr,
			   void *(*start)(void *), void *arg)
{
	create_fn real = resolve_real();
	struct ccprof__thread *t;
	int rc;

	__atomic_store_n(&started_any, 1, __ATOMIC_RELAXED);
	if (!key_ready() || !(t = node_alloc())) {
		/* Not entered: the thread inherits the program's mask. */
		int blocked = ccprof__signal_mask_exec_begin();

		rc = real(th, attr, start, arg);
		if (blocked)
			ccprof__signal_mask_exec_end();
		return rc;
	}
	t->start = start;
	t->arg = arg;
	t->program_blocks = ccprof__signal_program_blocks();
	rc = real(th, attr, thread_main, t);
	if (rc != 0)
		node_free(t);
	return rc;
}

/* In a fork child, lock held: only the forking thread is left.  Nothing
 * here allocates or frees. */
void ccprof__threads_after_fork_child(void)
{
	char *tp = ccprof__thread_pointer();
	struct ccprof__thread *me;

	enter_pushed();
	me = find_tp(tp);

	if (!me) {
		/* Not known in the parent: it is the child's only thread,
		 * its calls must be read.  (No key: a pthread_exit of it
		 * does not fold, but ends the process, which writes.) */
		me = &main_node;
		me->rounds = 0;
		me->tp = tp;
	}
	/* The parent's threads are not the child's to warn about. */
	if (&__libc_single_threaded && !__libc_single_threaded)
		started_any = 1;
	if (me != &main_node)
		main_node.linked = 0;
	for (struct ccprof__thread *t = head; t; t = t->next)
		t->linked = 0;
	head = NULL;
	me->linked = 0;
	link_node(me);
	me->tid = note_tid();	/* the parent's was copied with the TLS */
}
