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

#ifdef __cplusplus
}
#endif

#endif /* CCPROF_H */
