/*
 * body_names.h - the names of bodies clang outlines, made the same as the
 * GCC plugin's (docs/design.md, "Names of bodies the compiler makes"):
 *
 *   __outer_block_invoke[_N]             outer.anon@LINE   (blocks)
 *   (a second body of OUTER on LINE: outer.anon@LINE#2, ...)
 *   .omp_outlined.[.N], ._debug__[.N]    outer.omp@LINE    (OpenMP regions;
 *                                        LINE: the directive's)
 *
 * and the helpers charged to whoever runs them, never listed: block copy
 * and dispose helpers, OpenMP reduction functions, task entries and
 * privates maps, and the .omp_outlined. wrapper that only forwards to
 * its ._debug__ body (with -g).
 */
#ifndef CCPROF_LLVM_BODY_NAMES_H
#define CCPROF_LLVM_BODY_NAMES_H

#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace ccprof {

/* Whether F is a helper clang made for a block or an OpenMP region. */
bool isOutlinedHelper(const llvm::Function &F);

/* F's name for the profile: as above for blocks and OpenMP bodies, its
 * linkage name otherwise (with a namespace-scope closure type named
 * after its variable: closure_names.h). */
std::string displayName(const llvm::Function &F);

/* F's line for the profile: its own, or for an OpenMP body the
 * directive's (that of the function standing for its region). */
unsigned displayLine(const llvm::Function &F);

} // namespace ccprof

#endif
