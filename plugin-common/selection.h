/*
 * selection.h - which functions get a cost centre of their own: the
 * policy (policy=all|exported|file|annotated) and the include/exclude
 * patterns by function name and by source file, with @FILE lists.  One
 * implementation for both plugins (GCC's options.cc and the LLVM pass's
 * options.cpp parse their command lines into it), so both select alike.
 * Plain C-style C++ with no standard C++ headers, so that GCC's plugin
 * can include it after GCC's own headers.  One translation unit per
 * process: the state is global.
 */
#ifndef CCPROF_SELECTION_H
#define CCPROF_SELECTION_H

#include <stddef.h>

enum ccprof_policy {
	CCPROF_POLICY_ALL,	 /* every function (default) */
	CCPROF_POLICY_EXPORTED,	 /* functions with external linkage */
	CCPROF_POLICY_FILE,	 /* one cost centre per source file */
	CCPROF_POLICY_ANNOTATED, /* only CCPROF_SCC and CCPROF_CC */
	CCPROF_N_POLICIES
};

/* The pattern lists, by option key: include=, exclude= (linkage names),
 * include-file=, exclude-file= (source files); fnmatch(3) globs. */
enum ccprof_pattern_list {
	CCPROF_INCLUDE,
	CCPROF_EXCLUDE,
	CCPROF_INCLUDE_FILE,
	CCPROF_EXCLUDE_FILE,
	CCPROF_N_LISTS
};
extern const char *const ccprof_pattern_list_keys[CCPROF_N_LISTS];
extern const char *const ccprof_policy_names[CCPROF_N_POLICIES];

/* Forgets every option read (a process that compiles several units). */
void ccprof_selection_reset(void);

/* policy=VALUE: 0, or -1 for an unknown value. */
int ccprof_set_policy(const char *value);
enum ccprof_policy ccprof_policy(void);

/* Adds the comma-separated patterns of LIST to list L.  An item @PATH
 * adds the patterns of file PATH, one per line (blank lines and lines
 * starting with '#' skipped; leading and trailing blanks dropped).
 * 0, or -1 with a message naming the option, the file and the line in
 * ERR (SIZE bytes). */
int ccprof_add_patterns(enum ccprof_pattern_list l, const char *list,
			char *err, size_t size);

/* Whether the function SYMBOL (its linkage name) defined in source file
 * FILE passes the pattern lists: it matches an include pattern (of each
 * kind that has any) and no exclude pattern.  Every pattern that matches
 * is marked as used. */
int ccprof_selected(const char *symbol, const char *file);

/* For a function whose own annotation decides whether it is a cost
 * centre (CCPROF_CC, CCPROF_UNPROFILED), whatever the policy and the
 * lists: marks every pattern that matches SYMBOL or FILE as used, as
 * ccprof_selected does (a pattern that matches it matched a function),
 * and returns the first exclude or exclude-file pattern that matches,
 * its key in *KEY, or NULL. */
const char *ccprof_annotated(const char *symbol, const char *file,
			     const char **key);

/* Calls FN (KEY, PATTERN, WHAT, ARG) for each pattern that matched
 * nothing in the unit, once; WHAT says so, "matched no function in",
 * which the caller follows with the unit's file; under policy=annotated,
 * where only annotations choose cost centres and no pattern is looked
 * at, it says that instead, for every pattern, and ends in "in" too. */
void ccprof_unmatched_patterns(void (*fn)(const char *key,
					  const char *pattern,
					  const char *what, void *arg),
			       void *arg);

/* The options this module read, in normal form, as the module table
 * records them: " policy=file include=a exclude=b*,c" (empty if all are
 * defaults; the patterns as read, @FILE expanded).  Returns a pointer
 * to a buffer the module owns. */
const char *ccprof_selection_canonical(void);

#endif
