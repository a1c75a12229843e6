/*
 * tail_position.h - is a call in tail position (Appel's "tail call")?
 */
#ifndef CCPROF_GCC_TAIL_POSITION_H
#define CCPROF_GCC_TAIL_POSITION_H

/* True if nothing that runs code lies between the return of CALL and the
   return of its function, which returns CALL's value (or nothing). */
bool ccprof_call_in_tail_position (gcall *call);

/* Is BB an EH landing pad that does nothing but resume unwinding
   (labels, clobbers, debug statements, then resx)? */
bool ccprof_pad_only_resumes (basic_block bb);

#endif
