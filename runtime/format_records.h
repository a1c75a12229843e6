/*
 * format_records.h - writing the records of a profile, one function per
 * record of ccprof_format.def (the one definition of the format, which
 * the readers in merge.c and reporter/profile_parse.c expand too):
 *
 *   ccprof__put_rec_cc(o, id, module_id, calls, ticks, line, symbol, file)
 *       writes "cc<TAB>id<TAB>...<TAB>file<LF>", escaping the strings;
 *   ccprof__put_old_cc(o, ...) the same with the strings as read from an
 *       old profile (struct ccprof__field, already escaped; merge.c).
 *
 * A field added to or removed from the definition changes these
 * functions' parameters, so every call that does not say what to write
 * there stops compiling.  Async-signal-safe (ccprof__out only).
 */
#ifndef CCPROF_FORMAT_RECORDS_H
#define CCPROF_FORMAT_RECORDS_H

#include "runtime_internal.h"

/* A field as it stands in a profile: escaped, not NUL-terminated. */
struct ccprof__field {
	const char *p;
	size_t n;
};

/* CCPROF_FORMAT_VERSION (written) and CCPROF_FORMAT_OLDEST (read). */
#define CCPROF_FORMAT_CONSTANT(Name, Value) CCPROF_FORMAT_##Name = Value,
enum {
#include "ccprof_format.def"
};

/* Fields after the keyword: CCPROF_NF_cc == 7. */
#define CCPROF_COUNT_FIELD(Type, Name, Display) +1
#define CCPROF_RECORD(Keyword, Rank, Once, FIELDS) \
	CCPROF_NF_##Keyword = 0 FIELDS(CCPROF_COUNT_FIELD),
enum {
#include "ccprof_format.def"
};
#undef CCPROF_COUNT_FIELD

static inline void ccprof__put_UINT(struct ccprof__out *o, uint64_t v)
{
	ccprof__out_char(o, '\t');
	ccprof__out_u64(o, v);
}

static inline void ccprof__put_SECONDS(struct ccprof__out *o, int64_t us)
{
	ccprof__out_char(o, '\t');
	ccprof__out_seconds(o, us);
}

static inline void ccprof__put_STRING(struct ccprof__out *o, const char *s)
{
	ccprof__out_char(o, '\t');
	ccprof__out_escaped(o, s);
}

static inline void ccprof__put_WORD(struct ccprof__out *o, const char *s)
{
	ccprof__out_char(o, '\t');
	ccprof__out_str(o, s);
}

static inline void ccprof__put_OLD_STRING(struct ccprof__out *o,
					  struct ccprof__field f)
{
	ccprof__out_char(o, '\t');
	ccprof__out_bytes(o, f.p, f.n);
}

#define CCPROF_T_UINT uint64_t
#define CCPROF_T_SECONDS int64_t
#define CCPROF_T_STRING const char *
#define CCPROF_T_WORD const char *
#define CCPROF_PARAM(Type, Name, Display) , CCPROF_T_##Type Name
#define CCPROF_PUT(Type, Name, Display) ccprof__put_##Type(o, Name);
#define CCPROF_RECORD(Keyword, Rank, Once, FIELDS)			\
	static inline void ccprof__put_rec_##Keyword(			\
		struct ccprof__out *o FIELDS(CCPROF_PARAM))		\
	{								\
		ccprof__out_str(o, #Keyword);				\
		FIELDS(CCPROF_PUT)					\
		ccprof__out_char(o, '\n');				\
	}
#include "ccprof_format.def"

/* The same, with the strings as read from an old profile. */
#define CCPROF_OLD_UINT ccprof__put_UINT
#define CCPROF_OLD_SECONDS ccprof__put_SECONDS
#define CCPROF_OLD_STRING ccprof__put_OLD_STRING
#define CCPROF_OLD_WORD ccprof__put_WORD
#define CCPROF_T_OLD_UINT uint64_t
#define CCPROF_T_OLD_SECONDS int64_t
#define CCPROF_T_OLD_STRING struct ccprof__field
#define CCPROF_T_OLD_WORD const char *
#define CCPROF_OLD_PARAM(Type, Name, Display) , CCPROF_T_OLD_##Type Name
#define CCPROF_OLD_PUT(Type, Name, Display) CCPROF_OLD_##Type(o, Name);
#define CCPROF_RECORD(Keyword, Rank, Once, FIELDS)			\
	static inline void ccprof__put_old_##Keyword(			\
		struct ccprof__out *o FIELDS(CCPROF_OLD_PARAM))		\
	{								\
		ccprof__out_str(o, #Keyword);				\
		FIELDS(CCPROF_OLD_PUT)					\
		ccprof__out_char(o, '\n');				\
	}
#include "ccprof_format.def"

#undef CCPROF_T_UINT
#undef CCPROF_T_SECONDS
#undef CCPROF_T_STRING
#undef CCPROF_T_WORD
#undef CCPROF_PARAM
#undef CCPROF_PUT
#undef CCPROF_OLD_UINT
#undef CCPROF_OLD_SECONDS
#undef CCPROF_OLD_STRING
#undef CCPROF_OLD_WORD
#undef CCPROF_T_OLD_UINT
#undef CCPROF_T_OLD_SECONDS
#undef CCPROF_T_OLD_STRING
#undef CCPROF_T_OLD_WORD
#undef CCPROF_OLD_PARAM
#undef CCPROF_OLD_PUT

#endif
