/*
 * module_table.h - the per-unit cost-centre table, `struct ccprof_module`,
 * and the constructor/destructor that register it with the runtime,
 * written by a small IPA pass once every function is instrumented.
 */
#ifndef CCPROF_GCC_MODULE_TABLE_H
#define CCPROF_GCC_MODULE_TABLE_H

/* BASEVER is the running GCC's version ("12.2.0"); the table records
   "GCC 12.2.0". */
void ccprof_set_compiler_version (const char *basever);

/* True once the table is written: functions GCC creates after that are
   not instrumented (they could not be registered). */
bool ccprof_module_table_emitted (void);

/* The unit's table, static const struct ccprof_cc_desc __ccprof_ccs[],
   made on first use (mode=context's entries pass &__ccprof_ccs[i]) and
   given its size and contents by the table pass. */
tree ccprof_cc_table (void);

extern const struct ggc_root_tab ccprof_module_table_ggc_roots[];

simple_ipa_opt_pass *ccprof_make_module_table_pass (gcc::context *ctxt);

#endif
