/*
 * demangle.h - display names for cost centres.
 */
#ifndef CCPROF_REPORT_DEMANGLE_H
#define CCPROF_REPORT_DEMANGLE_H

/* The name to show for linkage name SYMBOL: its demangling when it is
 * an Itanium C++ name ("_Z...") that demangles (a deleting destructor
 * with " [deleting]" after it), else SYMBOL itself.
 * A new string to free(), or NULL when out of memory. */
char *demangle_display_name(const char *symbol);

#endif
