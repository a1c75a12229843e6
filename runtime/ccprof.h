/*
 * ccprof.h - the public API of libccprof, the ccprof profiling runtime.
 *
 * A program built with the ccprof compiler plugin and linked with
 * -lccprof writes its profile at exit on its own; nothing here is needed
 * for that.  This header is for programs that want more control, e.g. a
 * server that never exits normally.  The environment variables the runtime
 * reads (CCPROF_OUT, CCPROF_HZ, CCPROF_SIGNAL, CCPROF_DUMP_SIGNAL,
 * CCPROF_DUMP_INTERVAL) are described in docs/runtime.md.
 *
 * It also defines the cost-centre annotations (docs/options.md):
 *
 *   CCPROF_SCC("parse") { ... }   the block is cost centre "parse": its
 *                                 time, and that of everything it calls
 *                                 that is not a cost centre itself; its
 *                                 entries are counted; the enclosing cost
 *                                 centre is charged again however the
 *                                 block is left (end, break, continue,
 *                                 goto, return, exception, longjmp);
 *   CCPROF_CC("parse") int f(...) {...}   the whole function is "parse";
 *   CCPROF_UNPROFILED int g(...) {...}    g is no cost centre: its time
 *                                         goes to its callers.
 *
 * A label is any string literal; the same label anywhere in the program
 * is one cost centre.  Compiled without ccprof's plugin, the annotations
 * do nothing.
 *
 * Kept free of system headers so that including it costs nothing.
 */
#ifndef CCPROF_H
#define CCPROF_H

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Write the profile now, to the path CCPROF_OUT names (default
 * "ccprof.out"), atomically.  The counters keep running, so a later dump or
 * the one at exit covers the whole run so far.  The file says
 * "status incomplete", because the run has not ended.  Safe to call from
 * any thread, and async-signal-safe (it allocates nothing and uses no
 * stdio); from a signal handler that interrupted the runtime itself on
 * the same thread it fails with EDEADLK instead of waiting.  Returns 0,
 * or -1 with errno set after printing a diagnostic to stderr.  Once the
 * profile has been written at exit, does nothing and returns 0.
 */
int ccprof_dump(void);

/* ---- cost-centre annotations ---- */

/* The marker the plugins replace (runtime/ccprof_abi.def): it returns 0,
 * so the scope after the else always runs; the plugin makes the scope's
 * blocks a cost centre and removes the call.  Without the plugin clang
 * inlines it away, and GCC's CCPROF_SCC does not call it. */
static __inline__ __attribute__((__always_inline__, __unused__, __nothrow__))
int __ccprof_scc_begin(const char *__label)
{
	(void)__label;
	return 0;
}

/* "" label: the label must be a string literal.  The plugins find the
 * call and the test of its result, the scope being what the else leads
 * to.  The then branch never runs; clang is told so with
 * __builtin_assume(0), which its -Wreturn-type takes as not falling
 * through (it warned of a function whose whole body is a scope ending
 * in a return), while the code it makes still goes on after the if
 * from there, which keeps what follows the scope out of it. */
#if defined(__clang__)
#define CCPROF_SCC(label)                                                  \
	if (__ccprof_scc_begin("" label)) {                                \
		__builtin_assume(0);                                       \
	} else
#elif defined(__has_attribute)
#if __has_attribute(ccprof_cc)
/* GCC with the plugin, whose pass between the CFG and -Wreturn-type's
 * check tells the check that the then branch is never taken. */
#define CCPROF_SCC(label) if (__ccprof_scc_begin("" label)) {} else
#endif
#endif
#ifndef CCPROF_SCC
/* Any other compiler, and GCC without the plugin: nothing to find, and
 * an if (0) its front end removes before -Wreturn-type looks. */
#define CCPROF_SCC(label) if (0 && sizeof("" label)) {} else
#endif

#if defined(__clang__)
#define CCPROF_CC(label) __attribute__((__annotate__("ccprof.cc=" label)))
#define CCPROF_UNPROFILED __attribute__((__annotate__("ccprof.unprofiled")))
#elif defined(__has_attribute)
#if __has_attribute(ccprof_cc)
/* GCC with the plugin, which registers these attributes. */
#define CCPROF_CC(label) __attribute__((ccprof_cc("" label)))
#define CCPROF_UNPROFILED __attribute__((ccprof_unprofiled))
#endif
#endif
#ifndef CCPROF_CC
#define CCPROF_CC(label)
#define CCPROF_UNPROFILED
#endif

#ifdef __cplusplus
}
#endif

#endif /* CCPROF_H */
