/*
 * options.h - the plugin's -fplugin-arg-ccprof-KEY=VALUE options, read
 * once in plugin_init.  The keys and their meaning are those of the LLVM
 * pass (-mllvm -ccprof-KEY=VALUE); docs/gcc.md lists them.
 */
#ifndef CCPROF_GCC_OPTIONS_H
#define CCPROF_GCC_OPTIONS_H

struct plugin_name_args;

/* Reads INFO's arguments.  On an unknown key or a bad value reports an
   error naming them (through GCC's error()) and returns false. */
bool ccprof_read_options (const struct plugin_name_args *info);

/* counters=: where and how entry counts are incremented. */
enum ccprof_counters_mode {
  CCPROF_COUNTERS_THREAD,	/* the unit's thread-local array (default) */
  CCPROF_COUNTERS_PLAIN,	/* the shared record: load, add, store */
  CCPROF_COUNTERS_ATOMIC	/* the shared record: relaxed atomic add */
};
enum ccprof_counters_mode ccprof_counters_mode (void);

/* mode=context: each function moves `current` from its caller's context
   node to its own child node on entry, keeps that node in a local and
   resets `current` to it (docs/design.md, "Context mode").  False:
   mode=flat, the default. */
bool ccprof_context_mode (void);
/* mode=context without transitions=entry: transitions at call sites. */
bool ccprof_call_site_transitions (void);

/* count=on (default): count calls.  Off only to measure overhead. */
bool ccprof_count_calls (void);

/* current=on (default): set `current`.  Off only to measure overhead. */
bool ccprof_set_current (void);

/* current=address or mode=context: `current` is always set to an
   address, never to a slot's TLS offset (ccprof_sets_current_by_slot). */
bool ccprof_current_by_slot (void);

/* policy=, include=, exclude=, include-file=, exclude-file=: in
   plugin-common/selection.h, shared with the LLVM pass. */

/* The options in normal form, as recorded in each module's table:
   "counters=thread", "counters=atomic count=off current=off exclude=a,b*"
   (the LLVM pass's order). */
const char *ccprof_options_string (void);

#endif
