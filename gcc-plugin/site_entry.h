/*
 * site_entry.h - context mode's transitions at the call site across
 * units with GCC: an exported function of an executable gets a hidden
 * site entry, NAME.ccprof.site.gcc.DIGEST (args..., from, k), which
 * makes the transition from the caller's kid slot and jumps to the body;
 * a caller's unit calls it for direct calls of declared functions and
 * defines it too, weak, as a jump to the function (site_entry.cc;
 * docs/design.md, "Transitions at the call site").
 */
#ifndef CCPROF_GCC_SITE_ENTRY_H
#define CCPROF_GCC_SITE_ENTRY_H

/* Whether FNDECL, defined here, gets a site entry: the unit goes into an
   executable (not -fPIC without -fpie), not -flto, FNDECL is exported
   with a strong definition of its own (not weak, not COMDAT) and is not
   main. */
bool ccprof_can_have_site_entry (tree fndecl);

/* Makes the site entry of FUN's function (cost centre CC), now
   `return BODY (args..., node)` (ccprof_forward_to_body), from a copy of
   it with the caller's node and slot index as two more parameters:
   the node in that kid slot (ccprof_context_kid), then the tail call of
   the body with it. */
void ccprof_make_site_entry (function *fun, unsigned cc);

/* Whether CALL, in a unit going into an executable, calls a function
   declared and not defined here that may have a site entry: exported,
   prototyped, not variadic, noreturn, returns_twice or a builtin, not
   the implementation's (__x, _X, std::). */
bool ccprof_can_call_site_entry (gcall *call);

/* The site entry of CALL's callee as this unit calls it: an external
   hidden declaration, defined weak here (top-level assembly: a jump to
   the callee), which the callee's unit's strong one replaces. */
tree ccprof_site_entry_of (gcall *call);

/* A name whose order sorts the callees of site entries (their assembler
   names). */
const char *ccprof_site_entry_key (tree site);

#endif
