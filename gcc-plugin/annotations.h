/*
 * annotations.h - the cost-centre annotations of runtime/ccprof.h as the
 * GCC plugin sees them:
 *
 *   CCPROF_CC("name")    __attribute__((ccprof_cc("name"))) on a function
 *   CCPROF_UNPROFILED    __attribute__((ccprof_unprofiled))
 *   CCPROF_SCC("name")   if (__ccprof_scc_begin ("name")) {} else SCOPE
 *
 * The attributes are the plugin's own (registered at PLUGIN_ATTRIBUTES),
 * so ccprof.h tests __has_attribute (ccprof_cc) and without the plugin
 * expands them to nothing.
 */
#ifndef CCPROF_GCC_ANNOTATIONS_H
#define CCPROF_GCC_ANNOTATIONS_H

/* PLUGIN_ATTRIBUTES callback: registers ccprof_cc and ccprof_unprofiled. */
void ccprof_register_attributes (void *gcc_data, void *user_data);

/* FNDECL's CCPROF_CC label, or NULL. */
const char *ccprof_cc_label (tree fndecl);
/* Errors for a function with two different CCPROF_CC labels (one on a
   declaration, another on the definition), or with CCPROF_CC and
   CCPROF_UNPROFILED. */
void ccprof_check_cc_labels (tree fndecl);
/* Whether FNDECL is CCPROF_UNPROFILED. */
bool ccprof_unprofiled_p (tree fndecl);

/* One CCPROF_SCC scope: the marker call, its label, and the edge into
   the scope's first block (taken when the marker gives 0). */
struct ccprof_scc_scope
{
  gcall *marker;
  const char *label;
  edge entry;
  unsigned cc;		/* the label's cost centre */
};

/* Whether CALL is a CCPROF_SCC marker. */
bool ccprof_scc_marker_p (const gcall *call);

/* FUN's CCPROF_SCC marker calls, appended to MARKERS in block order. */
void ccprof_scc_markers (function *fun, vec<gcall *> *markers);

/* The edge into MARKER's scope (taken when the marker gives 0), or NULL
   if its result is not tested as CCPROF_SCC tests it.  Before and after
   the function is in SSA form. */
edge ccprof_scc_entry (gcall *marker);

/* The scopes of FUN, appended to SCOPES.  A marker without a string
   constant or not tested as CCPROF_SCC tests it is an error. */
void ccprof_find_scc_scopes (function *fun, vec<ccprof_scc_scope> *scopes);

/* Replaces each marker call by 0 (the scope always runs). */
void ccprof_remove_scc_markers (vec<ccprof_scc_scope> *scopes);

/* The counters variable name of LABEL (runtime/ccprof_abi.def):
   "__ccprof_scc." + the label with every byte but [A-Za-z0-9] as _XX.
   Freed by the caller. */
char *ccprof_label_counters_name (const char *label);

#endif
