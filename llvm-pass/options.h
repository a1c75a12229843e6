/*
 * options.h - the pass's options (-mllvm -ccprof-KEY=VALUE), validated
 * once per module, so that an unknown value is a compile error naming it.
 */
#ifndef CCPROF_LLVM_OPTIONS_H
#define CCPROF_LLVM_OPTIONS_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace ccprof {

struct Options {
	enum CountersMode { Thread, Plain, Atomic };
	enum ProfileMode { Flat, Context };
	ProfileMode Mode = Flat;                /* mode=flat|context */
	CountersMode Counters = Thread;         /* counters=thread|plain|atomic */
	bool Count = true;                      /* count=on|off */
	bool SetCurrent = true;                 /* current=on|offset|address|off */
	bool StoreNode = true;                  /* false: a context-mode tiny leaf */
	bool RestoresOnReturn = false;          /* called back, tail calls allow it (tail_chains.h) */
	bool CurrentBySlot = true;              /* not current=address */
	unsigned SlotLimit = 0;                 /* current-limit; 0: none */
	bool DirectCalls = true;                /* transitions=call-site|entry */
	std::string Canonical;                  /* "counters=plain exclude=c" */
	/* policy=, include=, exclude=, include-file=, exclude-file=: in
	 * plugin-common/selection.h */
};

/* Reads the command-line options into O.  On a bad value returns false
 * and sets Error to a message naming the option and the value. */
bool readOptions(Options &O, std::string &Error);


} // namespace ccprof

#endif
