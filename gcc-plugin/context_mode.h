/*
 * context_mode.h - mode=context: the unit's memo table and the entry
 * transition from the caller's context node to the callee's, built as
 * GIMPLE (docs/design.md, "Context mode").
 */
#ifndef CCPROF_GCC_CONTEXT_H
#define CCPROF_GCC_CONTEXT_H

/* The unit's static thread-local struct ccprof_ctx_memo __ccprof_tctx[],
   CTX_MEMO_WAYS entries per cost centre; sized and initialised (every field
   CTX_MEMO_EMPTY) by ccprof_finish_context_memos, which the table pass
   calls. */
tree ccprof_context_memos (void);
void ccprof_finish_context_memos (void);

/* Appends to HEAD, a block with a single normal successor and no
   control statement at its end, the transition into cost centre CC from
   the value FROM of `current` (ccprof_abi.h; WAYS and SHIFT are
   CTX_MEMO_WAYS and CTX_MEMO_SHIFT):

     k = CC * WAYS + (((sizetype) FROM >> SHIFT) & (WAYS - 1));
     f = __ccprof_tctx[k].from;  t = __ccprof_tctx[k].to;
     if (f == FROM) goto join; else goto slow;
   slow:
     s = __ccprof_ctx_enter (FROM, &__ccprof_ccs[CC], &__ccprof_tctx[k]);
   join:
     n = PHI <t (HEAD), s (slow)>;
     n->calls += 1;                     (unless count=off)
     __ccprof_current ={v} n;

   Statements get location LOC.  Returns n; *JOIN is the join block, in
   which the caller may append more. */
tree ccprof_context_transition (basic_block head, tree from, unsigned cc,
				location_t loc, basic_block *join);

extern const struct ggc_root_tab ccprof_context_ggc_roots[];

#endif
