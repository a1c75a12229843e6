/*
 * shortname.h - C++ display names made short for reading (--short-names).
 *
 *     void std::vector<int, std::allocator<int> >::push_back(int const&)
 *  -> void std::vector<...>::push_back
 *
 * The parameter list of the function (and the qualifiers after it) is
 * dropped, and every template argument list is shown as <...>.  Names
 * without them (C names, Appel's f.anon@LINE) are unchanged.
 */
#ifndef CCPROF_REPORT_SHORTNAME_H
#define CCPROF_REPORT_SHORTNAME_H

/* The short form of NAME, malloc'd; NULL if out of memory. */
char *shortname_of(const char *name);

#endif
