/*
 * host_check.cpp - refuses, with a clear error, to run inside a compiler
 * of another LLVM version than the one this plugin was built for.
 *
 * A pass plugin resolves its LLVM symbols against the clang or opt that
 * loads it.  The C++ ABI of LLVM changes with every major version while
 * most symbol names stay, so the plugin of LLVM 14 loaded by clang 22
 * finds all its symbols and then crashes in the first static constructor
 * that registers a command-line option (cl::opt), before clang can check
 * anything.  This file has no LLVM code and no C++ static objects: its
 * constructor, at priority 101, runs before every other constructor of
 * the plugin (the linker orders .init_array by priority), finds the
 * host's LLVM version, and on a mismatch prints both versions and ends
 * the compiler with status 1.
 *
 * The host's version: LLVMGetVersion from LLVM's C API (LLVM 16 and
 * later), or else the name of the loaded libLLVM (libLLVM-14.so.1,
 * libLLVM.so.22.1).  When neither is found (an LLVM linked statically
 * into the tool), nothing is checked.
 */
#include "llvm/Config/llvm-config.h" /* LLVM_VERSION_MAJOR: macros only */

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

namespace {

/* The major version in a loaded object's name "...libLLVM-14.so.1" or
 * "...libLLVM.so.22.1", or 0. */
int majorOfLibraryName(const char *Name)
{
	const char *P = strstr(Name, "libLLVM");
	if (!P)
		return 0;
	P += strlen("libLLVM");
	if (*P == '-')
		P++;
	else if (strncmp(P, ".so.", 4) == 0)
		P += 4;
	else
		return 0;
	int Major = atoi(P);
	return Major > 0 ? Major : 0;
}

int libraryMajor(struct dl_phdr_info *Info, size_t, void *Data)
{
	int Major = Info->dlpi_name ? majorOfLibraryName(Info->dlpi_name) : 0;
	if (Major)
		*static_cast<int *>(Data) = Major;
	return Major != 0;
}

/* The LLVM version of the process, "22.1.0" or "14", or "" if unknown. */
void hostVersion(char *Out, size_t Size, int *Major)
{
	typedef void GetVersionFn(unsigned *, unsigned *, unsigned *);
	*Major = 0;
	Out[0] = '\0';
	void *Sym = dlsym(RTLD_DEFAULT, "LLVMGetVersion");
	if (Sym) {
		unsigned Ma = 0, Mi = 0, Pa = 0;
		reinterpret_cast<GetVersionFn *>(Sym)(&Ma, &Mi, &Pa);
		*Major = static_cast<int>(Ma);
		snprintf(Out, Size, "%u.%u.%u", Ma, Mi, Pa);
		return;
	}
	dl_iterate_phdr(libraryMajor, Major);
	if (*Major)
		snprintf(Out, Size, "%d", *Major);
}

__attribute__((constructor(101))) void checkHostLLVM()
{
	int Major;
	char Version[64];
	hostVersion(Version, sizeof Version, &Major);
	if (Major == 0 || Major == LLVM_VERSION_MAJOR)
		return;
	Dl_info Self;
	const char *Path = "ccprof.so";
	if (dladdr(reinterpret_cast<void *>(&checkHostLLVM), &Self) &&
	    Self.dli_fname)
		Path = Self.dli_fname;
	fprintf(stderr,
		"ccprof: error: %s is ccprof's plugin for LLVM %d "
		"(%s), but it was loaded by LLVM %s; use the plugin for "
		"LLVM %d: ccprof-config --clang-plugin-flags --cc=COMPILER\n",
		Path, LLVM_VERSION_MAJOR, LLVM_VERSION_STRING, Version, Major);
	fflush(stderr);
	_exit(1);
}

} // namespace
