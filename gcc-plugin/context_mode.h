/*
 * context_mode.h - mode=context: the unit's table of memo tables and the entry
 * transition from the caller's context node to the callee's, built as
 * GIMPLE (docs/design.md, "Context mode").
 */
#ifndef CCPROF_GCC_CONTEXT_H
#define CCPROF_GCC_CONTEXT_H

/* The unit's static thread-local struct ccprof_ctx_memo *__ccprof_tctx[],
   one entry per cost centre (this thread's memo table for it); sized
   and initialised (every entry &__ccprof_ctx_nomemo[0]) by
   ccprof_finish_context_tables, which the table pass calls. */
tree ccprof_context_tables (void);
void ccprof_finish_context_tables (void);

/* Appends to HEAD, a block with a single normal successor and no
   control statement at its end, the transition into cost centre CC from
   the value FROM of `current` (ccprof_abi.h; HEADER and SHIFT are
   CTX_MEMO_HEADER and CTX_MEMO_SHIFT):

     t = __ccprof_tctx[CC];  mask = *(uint64_t *) t;
     m = t + (((sizetype) FROM >> (SHIFT - 4)) & mask);
     f = MEM[m + HEADER].from;  t = MEM[m + HEADER].to;
     if (f == FROM) goto join; else goto slow;
   slow:                                (counted zero: never expected)
     s = __ccprof_ctx_enter (FROM, &__ccprof_ccs[CC], &__ccprof_tctx[CC]);
                                        (on x86-64, an asm statement)
   join:
     n = PHI <t (HEAD), s (slow)>;
     n->calls += 1;                     (unless count=off)
     __ccprof_current ={v} n;

   The store of `current` is left out unless STORE_CURRENT (a forwarder,
   whose body stores it).  Statements get location LOC.  Returns n; *JOIN is the join block, in
   which the caller may append more. */
tree ccprof_context_transition (basic_block head, tree from, unsigned cc,
				location_t loc, basic_block *join,
				bool store_current = true);

/* Appends to HEAD (as for ccprof_context_transition) the transition made
   at a call site (transitions=call-site; direct_calls.h): the callee's
   node from kid slot K (a constant, or a site entry's argument) of NODE,
   the caller's, made by the slow path on first use, into cost centre
   CC:

     c = MEM[(void **) NODE + CTX_NODE_SIZE + 8 * K];
     if (c != 0) goto join; else goto slow;
   slow:
     s = __ccprof_ctx_kid (NODE, &__ccprof_ccs[CC], &__ccprof_tctx[CC], K);
   join:
     n = PHI <c (HEAD), s (slow)>;
     n->calls += 1;                     (unless count=off)

   `current` is the callee's to set.  Returns n; *JOIN is the join
   block. */
tree ccprof_context_kid (basic_block head, tree node, tree k, unsigned cc,
			 location_t loc, basic_block *join);

/* Context mode, before GSI: a call of a tiny leaf counted in the kid
   count I before NODE (ccprof_abi.def, CTX_COUNT_OFFSET), unless
   count=off:

     w = MEM[(uint64_t *) NODE - (16 + 8 * I)];  w += 1;  (stored back)

   The leaf has no node of its own there. */
void ccprof_context_count (gimple_stmt_iterator *gsi, tree node, unsigned i,
			   location_t loc);

extern const struct ggc_root_tab ccprof_context_ggc_roots[];

#endif
