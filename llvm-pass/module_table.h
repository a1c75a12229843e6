/*
 * module_table.h - the per-module cost-centre table and its registration.
 */
#ifndef CCPROF_LLVM_MODULE_TABLE_H
#define CCPROF_LLVM_MODULE_TABLE_H

#include "instrument.h"
#include <vector>

namespace ccprof {

/* The name of the module's table; its presence marks a module as done. */
extern const char *const ModuleTableName;

/* Emits struct ccprof_module and its ccprof_cc_desc array (see
 * runtime/ccprof_abi.h) and a constructor/destructor pair that registers
 * and unregisters it with the runtime; with ThreadCalls (counters=thread)
 * the constructor passes its address too.  Table: the cc[] global
 * made beforehand (context mode) to fill, or null to make one. */
void emitModuleTable(llvm::Module &M, const Options &O,
		     const std::vector<CostCentre> &CCs,
		     llvm::GlobalVariable *ThreadCalls,
		     llvm::GlobalVariable *Table);

} // namespace ccprof

#endif
