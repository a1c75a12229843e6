/*
 * closure_names.h - clang's namespace-scope lambdas named after the
 * variable they initialise, as GCC names them (docs/design.md, "Names of
 * bodies the compiler makes").
 *
 * For `namespace ns { auto cmp = [](int a, int b) {...}; }` GCC mangles
 * the closure type as ns::cmp::{lambda(int, int)#1}, clang as ns::$_0,
 * which says nothing of cmp.  With debug info, the pass finds the
 * variable whose type is the closure type (the DIGlobalVariable of the
 * operator()'s scope) and writes, in the unit's table, every symbol that
 * holds the closure type with the source name $_0 replaced by one that
 * reads cmp::$_0: _ZNK3ns13$_0clEii becomes _ZNK3ns18cmp::$_0clEii,
 * demangled ns::cmp::$_0::operator()(int, int) const, which the reporter
 * names ns::cmp.anon@LINE like GCC's.  A source name is one substitution
 * candidate either way, so the rest of the mangled name keeps its
 * meaning; each replacement is checked by demangling it (clang 22 may
 * also have a main::$_0 of its own).  A lambda called by a variable's
 * dynamic initialiser (`static int h = [] {...}();`, clang's
 * __cxx_global_var_init) is named after the variable it stores to, as
 * GCC names it.  Without -g, or for a lambda that initialises no
 * variable, the symbol is left as it is.
 */
#ifndef CCPROF_LLVM_CLOSURE_NAMES_H
#define CCPROF_LLVM_CLOSURE_NAMES_H

#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace ccprof {

/* SYMBOL, a symbol of F's module, with each namespace-scope closure
 * type named after its variable, as above. */
std::string nameNamespaceClosures(const llvm::Function &F,
				  const std::string &Symbol);

} // namespace ccprof

#endif
