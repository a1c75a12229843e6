/*
 * options.cpp - the pass's command-line options.
 *
 * clang forwards them with -mllvm; because clang parses -mllvm before it
 * loads pass plugins, the plugin must also be loaded with -fplugin=PATH so
 * that these cl::opt objects exist when the options are parsed:
 *
 *   clang -fplugin=ccprof.so -fpass-plugin=ccprof.so \
 *         -mllvm -ccprof-exclude=isPrime -mllvm -ccprof-counters=atomic
 *
 * An unknown -ccprof-KEY is rejected by LLVM's option parser itself
 * ("Unknown command line argument '-ccprof-KEY'"); a bad VALUE is rejected
 * here.  A key given twice takes its last value (a list, the values add
 * up), as with GCC.  docs/options.md lists every key for both compilers.
 */
#include "options.h"
#include "compat.h"
#include "../plugin-common/levers.h"
#include "../plugin-common/selection.h"

#include "llvm/Support/CommandLine.h"
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>

using namespace llvm;

static cl::opt<std::string> CountersOpt(
	"ccprof-counters", ccprof::LastValueWins, cl::init("thread"),
	cl::value_desc("thread|plain|atomic"),
	cl::desc("ccprof: where call counts are incremented: thread "
		 "(thread-local, exact; default), plain (shared; may lose counts "
		 "under threads) or atomic (shared, exact, slower)"));

static cl::opt<std::string> ModeOpt(
	"ccprof-mode", ccprof::LastValueWins, cl::init("flat"),
	cl::value_desc("flat|context"),
	cl::desc("ccprof: flat (time and calls per function; default) or "
		 "context (per calling context: the chain of profiled callers; "
		 "docs/design.md, \"Context mode\")"));

static cl::opt<std::string> CountOpt(
	"ccprof-count", ccprof::LastValueWins, cl::init("on"),
	cl::value_desc("on|off"),
	cl::desc("ccprof: count calls (off: only for measuring overhead)"));

static cl::opt<std::string> CurrentOpt(
	"ccprof-current", ccprof::LastValueWins, cl::init("on"),
	cl::value_desc("on|offset|address|off"),
	cl::desc("ccprof: set `current` (on: to a TLS offset in executables "
		 "for x86-64, unless the unit has more than -ccprof-current-"
		 "limit such stores; offset: to a TLS offset whatever their "
		 "number; address: always to the record's address; off: no "
		 "time per function, only for measuring overhead)"));

/* A string, read by readNumber: LLVM's own parser of numbers said
 * "'-1' value invalid for uint argument!". */
static cl::opt<std::string> CurrentLimitOpt(
	"ccprof-current-limit", ccprof::LastValueWins, cl::init("4096"),
	cl::value_desc("N"),
	cl::desc("ccprof: with current=on, a unit with more than N TLS-offset "
		 "stores (inline assembly, before inlining) sets `current` to "
		 "the record's address instead: clang parses each statement "
		 "again to write the object (default 4096)"));

static cl::opt<std::string> TransitionsOpt(
	"ccprof-transitions", ccprof::LastValueWins, cl::init("call-site"),
	cl::value_desc("call-site|entry"),
	cl::desc("ccprof: mode=context: a direct call of a function of the "
		 "unit makes the transition at the call site, from the "
		 "caller's node (call-site, default), or every transition is "
		 "made at the callee's entry (entry)"));

static cl::opt<std::string> PolicyOpt(
	"ccprof-policy", ccprof::LastValueWins, cl::init("all"),
	cl::value_desc("all|exported|file|annotated"),
	cl::desc("ccprof: which functions are cost centres: all (default), "
		 "exported (static functions are charged to their callers), "
		 "file (one cost centre per source file), annotated (only "
		 "CCPROF_SCC and CCPROF_CC)"));

static cl::opt<std::string> SystemOpt(
	"ccprof-system", ccprof::LastValueWins, cl::init(""),
	cl::value_desc("caller|profile"),
	cl::desc("ccprof: functions of the C++ standard library and of system "
		 "headers: charged to their callers (caller) or profiled "
		 "(profile)"));

static cl::opt<std::string> LeafSizeOpt(
	"ccprof-leaf-size", ccprof::LastValueWins, cl::init(""),
	cl::value_desc("N"),
	cl::desc("ccprof: a function with no loop of at most N instructions "
		 "(with those of what it calls) is counted but sets no "
		 "`current` (0: none)"));

/* The pattern lists, in the order of ccprof_pattern_list: each value as
 * given, split at its commas by ccprof_add_patterns, as GCC's are. */
static cl::list<std::string> IncludeOpt(
	"ccprof-include", cl::value_desc("glob,...|@FILE"),
	cl::desc("ccprof: only functions whose linkage name matches get a "
		 "cost centre"));
static cl::list<std::string> ExcludeOpt(
	"ccprof-exclude", cl::value_desc("glob,...|@FILE"),
	cl::desc("ccprof: functions (linkage names, fnmatch globs) that get no "
		 "cost centre; their time goes to their callers"));
static cl::list<std::string> IncludeFileOpt(
	"ccprof-include-file", cl::value_desc("glob,...|@FILE"),
	cl::desc("ccprof: only functions defined in a matching source file "
		 "get a cost centre"));
static cl::list<std::string> ExcludeFileOpt(
	"ccprof-exclude-file", cl::value_desc("glob,...|@FILE"),
	cl::desc("ccprof: functions defined in a matching source file get no "
		 "cost centre"));
static const std::vector<std::string> *const PatternOpts[CCPROF_N_LISTS] = {
	&IncludeOpt, &ExcludeOpt, &IncludeFileOpt, &ExcludeFileOpt,
};

namespace ccprof {

/* "on" or "off" for option Name; false (and Error) otherwise. */
static bool readSwitch(const std::string &Name, const std::string &Value,
		       bool &Out, std::string &Error)
{
	if (Value == "on" || Value == "off") {
		Out = Value == "on";
		return true;
	}
	Error = "ccprof: bad value '" + Value + "' for option -ccprof-" + Name +
		" (expected on or off)";
	return false;
}

/* Value, a decimal number from 0 to UINT_MAX, of option Name into Out;
 * false (and Error) otherwise. */
static bool readNumber(const std::string &Name, const std::string &Value,
		       unsigned &Out, std::string &Error)
{
	if (!Value.empty() && Value[0] >= '0' && Value[0] <= '9') {
		char *End;
		errno = 0;
		unsigned long N = strtoul(Value.c_str(), &End, 10);
		if (!*End && errno == 0 && N <= UINT_MAX) {
			Out = (unsigned)N;
			return true;
		}
	}
	Error = "ccprof: bad value '" + Value + "' for option -ccprof-" + Name +
		" (expected a number from 0 to " + std::to_string(UINT_MAX) +
		")";
	return false;
}

bool readOptions(Options &O, std::string &Error)
{
	if (ModeOpt == "flat" || ModeOpt == "context") {
		O.Mode = ModeOpt == "flat" ? Options::Flat : Options::Context;
	} else {
		Error = "ccprof: bad value '" + ModeOpt.getValue() +
			"' for option -ccprof-mode (expected flat or context)";
		return false;
	}
	/* A node's address is no link-time constant: context mode stores
	 * it, never a TLS offset. */
	O.CurrentBySlot = CurrentOpt != "address" && O.Mode == Options::Flat;
	unsigned Limit;
	if (!readNumber("current-limit", CurrentLimitOpt, Limit, Error))
		return false;
	O.SlotLimit = CurrentOpt == "offset" ? 0 : Limit;
	if (!readSwitch("count", CountOpt, O.Count, Error))
		return false;
	if (TransitionsOpt == "call-site" || TransitionsOpt == "entry") {
		O.DirectCalls = TransitionsOpt == "call-site";
	} else {
		Error = "ccprof: bad value '" + TransitionsOpt.getValue() +
			"' for option -ccprof-transitions (expected call-site "
			"or entry)";
		return false;
	}
	if (CurrentOpt == "address") {
		O.SetCurrent = true;
	} else if (CurrentOpt == "on" || CurrentOpt == "offset" ||
		   CurrentOpt == "off") {
		O.SetCurrent = CurrentOpt != "off";
	} else {
		Error = "ccprof: bad value '" + CurrentOpt.getValue() +
			"' for option -ccprof-current (expected on, offset, "
			"address or off)";
		return false;
	}
	if (CountersOpt == "thread") {
		O.Counters = Options::Thread;
	} else if (CountersOpt == "plain") {
		O.Counters = Options::Plain;
	} else if (CountersOpt == "atomic") {
		O.Counters = Options::Atomic;
	} else {
		Error = "ccprof: bad value '" + CountersOpt +
			"' for option -ccprof-counters (expected thread, plain "
			"or atomic)";
		return false;
	}
	if (O.Mode == Options::Context && !O.SetCurrent) {
		Error = "ccprof: option -ccprof-current=off does not apply to "
			"-ccprof-mode=context (a context is what `current` "
			"holds)";
		return false;
	}
	ccprof_selection_reset();
	ccprof_levers_reset();
	/* Given (if empty, a bad value), or the default of levers.h. */
	if (SystemOpt.getNumOccurrences() &&
	    ccprof_set_system(SystemOpt.c_str()) != 0) {
		Error = "ccprof: bad value '" + SystemOpt.getValue() +
			"' for option -ccprof-system (expected caller or "
			"profile)";
		return false;
	}
	if (LeafSizeOpt.getNumOccurrences() &&
	    ccprof_set_leaf_size(LeafSizeOpt.c_str()) != 0) {
		Error = "ccprof: bad value '" + LeafSizeOpt.getValue() +
			"' for option -ccprof-leaf-size (expected a number from "
			"0 to 1000)";
		return false;
	}
	if (ccprof_set_policy(PolicyOpt.c_str()) != 0) {
		Error = "ccprof: bad value '" + PolicyOpt.getValue() +
			"' for option -ccprof-policy (expected all, exported, "
			"file or annotated)";
		return false;
	}
	for (int L = 0; L < CCPROF_N_LISTS; L++)
		for (const std::string &G : *PatternOpts[L]) {
			char Msg[512];
			if (ccprof_add_patterns((enum ccprof_pattern_list)L,
						G.c_str(), Msg,
						sizeof Msg) != 0) {
				Error = std::string("ccprof: '-ccprof-") +
					ccprof_pattern_list_keys[L] + "': " +
					Msg;
				return false;
			}
		}

	/* Context mode counts calls in the nodes: counters= does not
	 * apply. */
	if (O.Mode == Options::Context)
		O.Canonical = O.DirectCalls ? "mode=context"
					    : "mode=context transitions=entry";
	else
		O.Canonical = std::string("counters=") + CountersOpt.getValue();
	if (!O.Count)
		O.Canonical += " count=off";
	if (!O.SetCurrent)
		O.Canonical += " current=off";
	else if (!O.CurrentBySlot && O.Mode == Options::Flat)
		O.Canonical += " current=address";
	O.Canonical += ccprof_selection_canonical();
	O.Canonical += ccprof_levers_canonical();
	return true;
}

} // namespace ccprof
