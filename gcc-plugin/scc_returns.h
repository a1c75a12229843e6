/*
 * scc_returns.h - the pass that keeps -Wreturn-type quiet about a
 * function's end that only CCPROF_SCC's never-taken branch reaches
 * (scc_returns.cc).  It runs after "cfg", before GCC's own check.
 */
#ifndef CCPROF_GCC_SCC_RETURNS_H
#define CCPROF_GCC_SCC_RETURNS_H

gimple_opt_pass *ccprof_make_scc_returns_pass (gcc::context *ctxt);

#endif
