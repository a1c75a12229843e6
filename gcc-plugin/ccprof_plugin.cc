/*
 * ccprof_plugin.cc - ccprof for GCC: plugin entry point.
 *
 * Appel, Duba & MacQueen's profiler (1988) as a GCC plugin: ordinary
 * GIMPLE statements count calls and keep `__ccprof_current` pointing at
 * the counters of the function that is running; libccprof's SIGPROF
 * handler charges a tick to whatever `current` points at.  Because the
 * statements are inserted before early inlining, an inlined copy of F
 * still counts and charges F: inlining is invisible in the profile.
 *
 *   gcc -O2 -fplugin=ccprof prog.c -lccprof
 *
 * Before (C):
 *
 *     int isPrime (int x)                  int twice (int x)
 *     {                                    {
 *       if (x < 2)                           return test (x, 3);
 *         return 0;                        }
 *       int r = test (x, 2);
 *       return r && x != 4;
 *     }
 *
 * After (GIMPLE as the "ccprof" pass leaves it; -O0 -fdump-tree-optimized
 * shows the same, -O2 what survives optimisation):
 *
 *     <bb 2> :                                          entry: count ...
 *     _12 = __ccprof_tcalls[1];                         (in this thread)
 *     _13 = _12 + 1;
 *     __ccprof_tcalls[1] = _13;
 *     __ccprof_current ={v} &__ccprof_cnt.isPrime;      ... and claim the CPU
 *     if (x_4(D) <= 1) goto <bb 3>; else goto <bb 4>;
 *     ...
 *     <bb 4> :
 *     r_7 = test (x_4(D), 2);
 *     __ccprof_current ={v} &__ccprof_cnt.isPrime;      reset after the call
 *     ...
 *
 *     <bb 2> :                                          twice
 *     _5 = __ccprof_tcalls[2];
 *     _6 = _5 + 1;
 *     __ccprof_tcalls[2] = _6;
 *     __ccprof_current ={v} &__ccprof_cnt.twice;
 *     _4 = test (x_2(D), 3);                            tail call: no reset,
 *     <bb 3> :                                          so at -O2 it is still
 *     return _4;                                        `jmp test`
 *
 * plus, once per unit, the thread-local array of call counts
 * __ccprof_tcalls (one per cost centre, in the table's order), a table
 * of the cost centres, `struct ccprof_module` and a constructor calling
 * __ccprof_register_thread (module_table.cc).  No reset follows a direct
 * recursive call either; EH landing pads reset; excluded functions save
 * `current` on entry and restore it after their calls instead
 * (instrument.cc has the whole list).
 *
 * Options (-fplugin-arg-ccprof-KEY=VALUE; options.cc):
 *
 *   mode=flat|context        flat (default): per function; context: per
 *                            calling context, `current` moving from the
 *                            caller's context node to the callee's on
 *                            entry (context_mode.cc)
 *   counters=plain|atomic|thread
 *                            entry counts: thread (default) in the unit's
 *                            thread-local array, exact under threads; or
 *                            in the shared counters, plain (may lose
 *                            counts under threads) or atomic (slower)
 *   exclude=GLOB[,GLOB...]   no cost centre for functions whose linkage
 *                            name matches (fnmatch); their time goes to
 *                            their callers.  Also: no_instrument_function,
 *                            no_profile_instrument_function.
 *   count=on|off             count calls (default on)
 *   current=on|offset|address|off
 *                            set `current` (default on; offset: the same
 *                            with GCC); address: to the record's address,
 *                            never a TLS offset; the two "off"s measure
 *                            the parts of the overhead
 *   current-limit=N          no effect with GCC (options.cc)
 *   transitions=call-site|entry
 *                            context mode: direct calls within the unit
 *                            make the transition at the call site
 *                            (default; direct_calls.cc), or not
 *
 * Files: options.cc (options), runtime_decls.cc (ccprof_abi.def as trees),
 * context_mode.cc (mode=context's memo tables and entry transition),
 * direct_calls.cc (context mode's bodies and transitions at call sites),
 * annotations.cc (ccprof.h's CCPROF_SCC, CCPROF_CC, CCPROF_UNPROFILED),
 * cost_centres.cc (counters variables, their numbering, the thread-local
 * array), tail_position.cc (Appel's tail calls), instrument.cc (the
 * per-function pass), module_table.cc (the table and its constructor),
 * gcc_compat.h (GCC headers and versions).
 *
 * Pass placement (docs/gcc.md explains why):
 *   "ccprof"        GIMPLE pass after "ssa", inside *build_ssa_passes,
 *                   at every -O level, before einline;
 *   "ccprof_table"  simple IPA pass after "opt_local_passes" (einline and
 *                   the early optimisations), before the IPA passes.
 */
#include "gcc_compat.h"
#include "annotations.h"
#include "context_mode.h"
#include "cost_centres.h"
#include "instrument.h"
#include "module_table.h"
#include "options.h"
#include "runtime_decls.h"
#include "scc_returns.h"

#define CCPROF_PLUGIN_VERSION "0.1.0"

int plugin_is_GPL_compatible __attribute__ ((visibility ("default")));

static struct plugin_info ccprof_plugin_info = {
  CCPROF_PLUGIN_VERSION,
  "ccprof: call counts and time per function (Appel/Duba/MacQueen).\n"
  "  -fplugin-arg-ccprof-mode=flat|context\n"
  "      per function (default), or per calling context\n"
  "  -fplugin-arg-ccprof-counters=plain|atomic|thread\n"
  "      where entry counts are incremented (default thread)\n"
  "  -fplugin-arg-ccprof-exclude=NAME[,NAME...]\n"
  "      functions (linkage names, fnmatch globs) without a cost centre;\n"
  "      their time goes to their callers\n"
  "  -fplugin-arg-ccprof-count=on|off,\n"
  "  -fplugin-arg-ccprof-current=on|offset|address|off\n"
  "      leave out the counting or the current stores (overhead studies)\n"
  "Link with -lccprof.\n"
};

/* Inserts PASS after the first instance of GCC's pass REFERENCE. */
static void
insert_pass_after (const char *plugin, opt_pass *pass, const char *reference)
{
  struct register_pass_info info;
  info.pass = pass;
  info.reference_pass_name = reference;
  info.ref_pass_instance_number = 1;
  info.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

static void
register_passes (const char *plugin)
{
  insert_pass_after (plugin, ccprof_make_scc_returns_pass (g), "cfg");
  insert_pass_after (plugin, ccprof_make_instrument_pass (g), "ssa");
  insert_pass_after (plugin, ccprof_make_module_table_pass (g),
		     "opt_local_passes");
}

__attribute__ ((visibility ("default"))) int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error (G_("ccprof: plugin built for GCC %s cannot be loaded into "
		"GCC %s; rebuild it"), gcc_version.basever, version->basever);
      return 1;
    }
  register_callback (info->base_name, PLUGIN_INFO, NULL, &ccprof_plugin_info);
  /* Loaded into lto1 by an -flto link with -fplugin on its command line:
     every unit was instrumented when it was compiled, and what the
     passes would add now (the tables, counters and constructors of a
     unit) cannot be streamed at this stage (GCC 12 stops with an
     internal error in lto_output_varpool_node).  Do nothing. */
  if (in_lto_p || !strcmp (lang_hooks.name, "GNU GIMPLE"))
    return 0;
  if (!ccprof_read_options (info))
    return 1;
  ccprof_set_compiler_version (version->basever);

  register_callback (info->base_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) ccprof_runtime_ggc_roots);
  register_callback (info->base_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) ccprof_cost_centre_ggc_roots);
  register_callback (info->base_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) ccprof_module_table_ggc_roots);
  register_callback (info->base_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) ccprof_context_ggc_roots);
  register_callback (info->base_name, PLUGIN_ATTRIBUTES,
		     ccprof_register_attributes, NULL);
  register_passes (info->base_name);
  return 0;
}
