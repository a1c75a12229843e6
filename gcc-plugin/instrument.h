/*
 * instrument.h - the per-function GIMPLE pass "ccprof" that inserts the
 * entry count, the `current` stores and the resets.
 */
#ifndef CCPROF_GCC_INSTRUMENT_H
#define CCPROF_GCC_INSTRUMENT_H

gimple_opt_pass *ccprof_make_instrument_pass (gcc::context *ctxt);

#endif
