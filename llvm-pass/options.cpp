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
 * here.  docs/options.md lists every key for both compilers.
 */
#include "options.h"

#include "llvm/Support/CommandLine.h"
#include <fnmatch.h>

using namespace llvm;

static cl::opt<std::string> CountersOpt(
	"ccprof-counters", cl::init("thread"),
	cl::value_desc("thread|plain|atomic"),
	cl::desc("ccprof: where call counts are incremented: thread "
		 "(thread-local, exact; default), plain (shared; may lose counts "
		 "under threads) or atomic (shared, exact, slower)"));

static cl::opt<std::string> CountOpt(
	"ccprof-count", cl::init("on"), cl::value_desc("on|off"),
	cl::desc("ccprof: count calls (off: only for measuring overhead)"));

static cl::opt<std::string> CurrentOpt(
	"ccprof-current", cl::init("on"), cl::value_desc("on|address|off"),
	cl::desc("ccprof: set `current` (address: always to the record's "
		 "address, never a TLS offset; off: no time per function; only "
		 "for measuring overhead)"));

static cl::list<std::string> ExcludeOpt(
	"ccprof-exclude", cl::CommaSeparated, cl::value_desc("name,glob,..."),
	cl::desc("ccprof: functions (linkage names, fnmatch globs) that get no "
		 "cost centre; their time goes to their callers"));

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

bool readOptions(Options &O, std::string &Error)
{
	O.CurrentBySlot = CurrentOpt != "address";
	if (!readSwitch("count", CountOpt, O.Count, Error))
		return false;
	if (CurrentOpt == "address") {
		O.SetCurrent = true;
	} else if (CurrentOpt == "on" || CurrentOpt == "off") {
		O.SetCurrent = CurrentOpt == "on";
	} else {
		Error = "ccprof: bad value '" + CurrentOpt.getValue() +
			"' for option -ccprof-current (expected on, address or "
			"off)";
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
	O.ExcludeGlobs.clear();
	for (const std::string &G : ExcludeOpt) {
		if (G.empty()) {
			Error = "ccprof: empty name in option -ccprof-exclude";
			return false;
		}
		O.ExcludeGlobs.push_back(G);
	}

	O.Canonical = std::string("counters=") + CountersOpt.getValue();
	if (!O.Count)
		O.Canonical += " count=off";
	if (!O.SetCurrent)
		O.Canonical += " current=off";
	else if (!O.CurrentBySlot)
		O.Canonical += " current=address";
	if (!O.ExcludeGlobs.empty()) {
		O.Canonical += " exclude=";
		for (size_t I = 0; I < O.ExcludeGlobs.size(); I++)
			O.Canonical += (I ? "," : "") + O.ExcludeGlobs[I];
	}
	return true;
}

bool isExcluded(const Options &O, StringRef Symbol)
{
	std::string S = Symbol.str();
	for (const std::string &G : O.ExcludeGlobs)
		if (fnmatch(G.c_str(), S.c_str(), 0) == 0)
			return true;
	return false;
}

} // namespace ccprof
