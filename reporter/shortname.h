/*
 * shortname.h - C++ display names made short for reading (--short-names).
 *
 *     void std::vector<int, std::allocator<int> >::push_back(int const&)
 *  -> void std::vector<...>::push_back
 *
 * The parameter list of the function (and the qualifiers after it) is
 * dropped, and every template argument list is shown as <...>.  Names
 * without them (C names, Appel's f.anon@LINE) are unchanged.
 *
 * Shortening must not make two rows one name: work<int>(int) and
 * work<long>(long) are both work<...>, over(int) and over(long) both
 * over.  So a report shortens a name only as far as no other name of
 * its rows becomes the same: the short name if no other row's name has
 * it; else the name with its parameter list (template arguments still
 * elided: work<...>(long), over(long)) if no other's has that; else the
 * name in full.  SHORT_NAMES_SQL is that rule over the rows of a query.
 */
#ifndef CCPROF_REPORT_SHORTNAME_H
#define CCPROF_REPORT_SHORTNAME_H

/* The short form of NAME, malloc'd; NULL if out of memory.  With
 * KEEP_PARAMETERS, only the template argument lists are elided. */
char *shortname_of(const char *name, int keep_parameters);

/* The SQL expression, over the rows of the query it is in, of the
 * name in the column COL shortened as far as it stays apart from every
 * other row's (above), with the SQL function short_name(NAME,
 * KEEP_PARAMETERS) (flat_query.h registers it).  Rows of one name are
 * shortened alike; what tells them apart (a file) is added by the
 * report. */
#define SHORT_NAME_ALONE_SQL(col, keep)					\
	"min(" col ") OVER (PARTITION BY short_name(" col ", " keep "))" \
	" = max(" col ") OVER (PARTITION BY short_name(" col ", " keep "))"
#define SHORT_NAMES_SQL(col)						\
	"CASE WHEN " SHORT_NAME_ALONE_SQL(col, "0")			\
	" THEN short_name(" col ", 0)"					\
	" WHEN " SHORT_NAME_ALONE_SQL(col, "1")				\
	" THEN short_name(" col ", 1) ELSE " col " END"

#endif
