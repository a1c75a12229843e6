/*
 * instrument.h - the per-function GIMPLE pass "ccprof" that inserts the
 * entry count, the `current` stores and the resets.
 */
#ifndef CCPROF_GCC_INSTRUMENT_H
#define CCPROF_GCC_INSTRUMENT_H

gimple_opt_pass *ccprof_make_instrument_pass (gcc::context *ctxt);

/* Whether CALL, in SELF, may return with `current` moved: it may run
   profiled code (SELF included). */
bool ccprof_may_move_current (gcall *call, tree self);

#endif
