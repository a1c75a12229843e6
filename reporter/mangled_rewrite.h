/*
 * mangled_rewrite.h - a C++ symbol without its template parameter
 * declarations, for a demangler that predates them.
 */
#ifndef CCPROF_REPORT_MANGLED_REWRITE_H
#define CCPROF_REPORT_MANGLED_REWRITE_H

/* SYMBOL, an Itanium-mangled name ("_Z..."), as compilers mangled it
 * before template parameter declarations (clang 19 and later: the "Tn
 * <type>", "Ty", "Tk", "Tt", "Tp" prefixes of template arguments) and
 * constraints ("Q <expression>") were added: those parts removed and the
 * substitutions after them renumbered.  A new string to free(); NULL if
 * SYMBOL has nothing to remove, is not read whole (mangled_parse.c), has
 * a reference to a removed part that cannot be written where it stands,
 * or memory ran out - then SYMBOL is to be used as it is. */
char *mangled_without_param_decls(const char *symbol);

#endif
