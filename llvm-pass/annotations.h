/*
 * annotations.h - the cost-centre annotations of runtime/ccprof.h as the
 * LLVM pass finds them in a module:
 *
 *   CCPROF_CC("name")    annotate("ccprof.cc=name") on a function
 *   CCPROF_UNPROFILED    annotate("ccprof.unprofiled") on a function
 *   CCPROF_SCC("name")   if (__ccprof_scc_begin("name"))
 *                          { __builtin_assume(0); } else SCOPE
 *
 * and the cost centres of labels: one per distinct label in the module,
 * with counters shared by every unit that uses the label.  Any other
 * annotation "ccprof.KEY" is an error, and one of these on a variable
 * a warning, as GCC gives for its attributes.
 */
#ifndef CCPROF_LLVM_ANNOTATIONS_H
#define CCPROF_LLVM_ANNOTATIONS_H

#include <map>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class CallInst;
class Function;
class GlobalVariable;
class Module;
} // namespace llvm

namespace ccprof {

/* The annotations on the functions of M (llvm.global.annotations). */
struct FunctionAnnotations {
	std::map<const llvm::Function *, std::string> CostCentre; /* CCPROF_CC */
	std::map<const llvm::Function *, std::string> Place; /* "FILE:LINE: " */
	std::map<const llvm::Function *, bool> Unprofiled;
};
/* Reads them into A, and reports, each with its file and line, every bad
 * one (a bad label, two labels, CCPROF_CC with CCPROF_UNPROFILED, an
 * annotation "ccprof.KEY" that ccprof.h does not write, on anything) as
 * an error, and one on a variable or field as a warning (it applies to
 * functions only).  False if it reported an error. */
bool readFunctionAnnotations(llvm::Module &M, FunctionAnnotations &A);

/* One CCPROF_SCC scope: the marker call, its label, and the first block
 * of the scope (the false successor of the branch on the marker). */
struct SccScope {
	llvm::CallInst *Marker;
	std::string Label;
	llvm::BasicBlock *Entry;
	unsigned Index; /* the label's cost centre in the module's table */
	llvm::GlobalVariable *Counters; /* its record */
};

/* Whether F is the CCPROF_SCC marker: __ccprof_scc_begin, or in C++,
 * where clang mangles a static function even in an extern "C" block,
 * _ZL18__ccprof_scc_beginPKc. */
bool isSccMarker(const llvm::Function *F);

/* The scopes in F, in order.  A marker whose argument is not a string
 * constant, or a bad label (empty, a NUL inside), or whose result is not
 * tested as CCPROF_SCC tests it is an error, reported through F's
 * context at the marker's source location, each one; false if any. */
bool findSccScopes(llvm::Function &F, std::vector<SccScope> &Scopes);

/* Replaces each scope's marker call by 0 (the scope is always run). */
void removeSccMarkers(const std::vector<SccScope> &Scopes);

/* The counters of LABEL's cost centre: __ccprof_scc.<escaped label>,
 * linkonce_odr, hidden, in a COMDAT group of its own. */
llvm::GlobalVariable *labelCounters(llvm::Module &M, const std::string &Label);

} // namespace ccprof

#endif
