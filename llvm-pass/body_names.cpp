/*
 * body_names.cpp - names for blocks and OpenMP regions (body_names.h).
 *
 * A block's outer function is in its name.  An OpenMP region's is not:
 * it is the function that hands the outlined body to the runtime
 * (__kmpc_fork_call(..., @.omp_outlined., ...)), found through the uses
 * of the body, up through enclosing regions, to the first function that
 * is not OpenMP's.  The line is that of the function the enclosing code
 * refers to (the wrapper with -g, the body without), which clang gives
 * the directive's line, as GCC gives its outlined function.
 */
#include "body_names.h"
#include "closure_names.h"
#include "compat.h"
#include "instrument.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <string.h>

using namespace llvm;

namespace ccprof {

static bool isOmpOutlined(const Function &F)
{
	return startsWith(F.getName(), ".omp_outlined.");
}

static bool isOmpDebugBody(const Function &F)
{
	return startsWith(F.getName(), ".omp_outlined._debug__");
}

/* A function whose code refers to F (calls it or passes its address), or
 * null. */
static const Function *referrer(const Function &F)
{
	for (const User *U : F.users()) {
		if (const auto *I = dyn_cast<Instruction>(U))
			return I->getFunction();
		if (isa<Constant>(U))
			for (const User *UU : U->users())
				if (const auto *I = dyn_cast<Instruction>(UU))
					return I->getFunction();
	}
	return nullptr;
}

/* The wrapper calls its ._debug__ body and does nothing else of note. */
static bool isOmpWrapper(const Function &F)
{
	if (!isOmpOutlined(F) || isOmpDebugBody(F))
		return false;
	for (const BasicBlock &BB : F)
		for (const Instruction &I : BB)
			if (const auto *C = dyn_cast<CallBase>(&I))
				if (const Function *Callee = C->getCalledFunction())
					if (isOmpDebugBody(*Callee))
						return true;
	return false;
}

bool isOutlinedHelper(const Function &F)
{
	StringRef N = F.getName();
	return startsWith(N, "__copy_helper_block_") ||
	       startsWith(N, "__destroy_helper_block_") ||
	       startsWith(N, ".omp.") || startsWith(N, ".omp_task_") ||
	       isOmpWrapper(F);
}

static unsigned lineOf(const Function &F)
{
	std::string File;
	unsigned Line;
	sourceLocation(F, File, Line);
	return Line;
}

/* The function standing for F's region: its wrapper, if F is a ._debug__
 * body. */
static const Function &regionOf(const Function &F)
{
	if (isOmpDebugBody(F))
		if (const Function *W = referrer(F))
			if (isOmpOutlined(*W))
				return *W;
	return F;
}

unsigned displayLine(const Function &F)
{
	return lineOf(isOmpOutlined(F) ? regionOf(F) : F);
}

static bool isBlockInvoke(StringRef N)
{
	return startsWith(N, "__") && N.contains("_block_invoke");
}

/* The number clang gives a block or a region of a function, in source
 * order: __outer_block_invoke 1, __outer_block_invoke_2 2, ...
 * (clang 22 at -O2: __outer_block_invoke, __outer_block_invoke.1, the
 * module's renaming of a second definition of one name);
 * .omp_outlined. 0, .omp_outlined..1 1, ... (._debug__ alike). */
static unsigned bodyNumber(StringRef N)
{
	bool Block = isBlockInvoke(N);
	StringRef Tail = N.substr(N.rfind(Block ? "_block_invoke"
						: ".omp_outlined."));
	Tail = Tail.drop_front(Block ? strlen("_block_invoke")
				     : strlen(".omp_outlined."));
	unsigned Own = Block ? 1 : 0, Renamed = 0;
	Tail.consume_front("_debug__");
	if (Tail.consume_front("_")) {
		StringRef Digits = Tail.take_while(
			[](char C) { return C >= '0' && C <= '9'; });
		Digits.getAsInteger(10, Own);
		Tail = Tail.drop_front(Digits.size());
	}
	if (Tail.consume_front(".")) {
		Tail.getAsInteger(10, Renamed);
		Renamed++;
	}
	return Own * 1000 + Renamed;
}

/* The name without an ordinal: outer.anon@LINE, outer.omp@LINE, or
 * the linkage name (namespace-scope closures named). */
static std::string baseName(const Function &F)
{
	StringRef N = F.getName();
	/* __outer_block_invoke, __outer_block_invoke_2 */
	if (isBlockInvoke(N)) {
		StringRef Outer = N.drop_front(2);
		Outer = Outer.substr(0, Outer.find("_block_invoke"));
		return Outer.str() + ".anon@" + std::to_string(lineOf(F));
	}
	if (isOmpOutlined(F)) {
		const Function *Region = &regionOf(F);
		const Function *Outer = referrer(*Region);
		for (int Depth = 0; Outer && isOmpOutlined(*Outer) && Depth < 64;
		     Depth++)
			Outer = referrer(*Outer);
		std::string Name = Outer ? displayName(*Outer) : "omp";
		return Name + ".omp@" + std::to_string(lineOf(*Region));
	}
	return nameNamespaceClosures(F, symbolOf(F));
}

/* Bodies of one function on one line (two blocks, two regions written
 * with _Pragma) are told apart as lambdas are: the second and later get
 * "#2", "#3", ... in source order (clang's numbers). */
std::string displayName(const Function &F)
{
	std::string Base = baseName(F);
	StringRef N = F.getName();
	bool Block = isBlockInvoke(N);
	if (!Block && !(isOmpOutlined(F) && !isOutlinedHelper(F)))
		return Base;
	unsigned Mine = bodyNumber(N), Before = 0;
	for (const Function &G : *F.getParent()) {
		StringRef GN = G.getName();
		if (&G == &F || G.isDeclaration() ||
		    (Block ? !isBlockInvoke(GN)
			   : !isOmpOutlined(G) || isOutlinedHelper(G) ||
				     isOmpDebugBody(G) != isOmpDebugBody(F)))
			continue;
		if (bodyNumber(GN) < Mine && baseName(G) == Base)
			Before++;
	}
	return Before ? Base + "#" + std::to_string(Before + 1) : Base;
}

} // namespace ccprof
