/*
 * outpath.c - where the profile goes: CCPROF_OUT and its patterns.
 *
 * CCPROF_OUT (unset or empty: "ccprof.out") is expanded each time a
 * profile is written, so that a forked child gets its own pid:
 *
 *   %p   the process id
 *   %h   the host name
 *   %m   a signature of the program (16 hex digits of a hash of its
 *        path), and: merge into the profile already there (merge.c)
 *   %%   a single %
 *
 * Any other %x (and a % at the end) is kept as written, with a warning:
 * a typo should not lose the profile.  A relative path is relative to the
 * working directory at the time of writing.
 *
 * A forked child (fork without exec) that writes with the pattern it
 * inherited, when that pattern has neither %p nor %m, appends ".<pid>":
 * its profile must not replace its parent's.  A child that set its own
 * CCPROF_OUT gets exactly that.
 *
 * Missing parent directories are created (mode 0777 less the umask), as
 * compiler-rt does for LLVM_PROFILE_FILE.
 *
 * Async-signal-safe: no malloc, no stdio (the writer may run in a
 * fatal-signal handler).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_calls.h"
#include "runtime_internal.h"

struct expander {
	char *buf;
	size_t len, cap;
	int too_long;
};

static void add(struct expander *e, const char *s, size_t n)
{
	if (e->len + n + 1 > e->cap) {
		e->too_long = 1;
		return;
	}
	memcpy(e->buf + e->len, s, n);
	e->len += n;
	e->buf[e->len] = '\0';
}

static void add_u64(struct expander *e, uint64_t v)
{
	char num[20];

	add(e, num, ccprof__fmt_u64(num, v));
}

static void add_hostname(struct expander *e)
{
	struct utsname u;

	if (ccprof__sys_uname(&u) != 0)
		strcpy(u.nodename, "unknown");
	u.nodename[sizeof(u.nodename) - 1] = '\0';
	add(e, u.nodename, strlen(u.nodename));
}

static void add_signature(struct expander *e)
{
	static const char hex[] = "0123456789abcdef";
	uint64_t h = ccprof__program_hash();
	char sig[16];

	for (int i = 15; i >= 0; i--) {
		sig[i] = hex[h & 15];
		h >>= 4;
	}
	add(e, sig, sizeof(sig));
}

/* Pattern warnings once per pattern, not at every periodic dump. */
static uint64_t warned_pattern;

int ccprof__expand_out_path(struct ccprof__out_path *out)
{
	const char *pattern = getenv(CCPROF_ENV_OUT);
	struct expander e = { out->path, 0, sizeof(out->path), 0 };
	uint64_t pattern_hash;
	int has_pid = 0, warn;

	out->path[0] = '\0';
	out->merge = 0;
	if (!pattern || !*pattern)
		pattern = CCPROF_DEFAULT_OUT;
	pattern_hash = ccprof__fnv1a(CCPROF_FNV_INIT, pattern, strlen(pattern));
	warn = pattern_hash != warned_pattern;
	for (const char *s = pattern; *s; s++) {
		char pct[3] = { '%', s[1], '\0' };

		if (*s != '%') {
			add(&e, s, 1);
			continue;
		}
		switch (s[1]) {
		case 'p':
			add_u64(&e, (uint64_t)ccprof__sys_getpid());
			has_pid = 1;
			s++;
			break;
		case 'h':
			add_hostname(&e);
			s++;
			break;
		case 'm':
			add_signature(&e);
			out->merge = 1;
			s++;
			break;
		case '%':
			add(&e, "%", 1);
			s++;
			break;
		case '\0':
			if (warn)
				ccprof__say(CCPROF_ENV_OUT "='", pattern,
					    "' ends in a lone '%'; kept as "
					    "written", (char *)NULL);
			add(&e, "%", 1);
			break;
		default:
			if (warn)
				ccprof__say("unknown pattern '", pct, "' in "
					    CCPROF_ENV_OUT "='", pattern,
					    "'; kept as written", (char *)NULL);
			add(&e, s, 2);
			s++;
			break;
		}
	}
	if (strchr(pattern, '%'))
		warned_pattern = pattern_hash;
	if (ccprof__is_fork_child() && !has_pid && !out->merge &&
	    pattern_hash == ccprof__fork_pattern_hash()) {
		add(&e, ".", 1);
		add_u64(&e, (uint64_t)ccprof__sys_getpid());
	}
	if (e.too_long)
		return ENAMETOOLONG;
	return 0;
}

/* mkdir -p of path's directory part.  Returns 0, or -1 with errno from the
 * mkdir that failed. */
int ccprof__make_parent_dirs(const char *path)
{
	static char dir[CCPROF_PATH_MAX + 64];
	size_t len = strlen(path);
	int rc = 0, err = 0;

	if (len >= sizeof(dir)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(dir, path, len + 1);
	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (ccprof__sys_mkdir(dir, 0777) != 0 && errno != EEXIST) {
			err = errno;
			rc = -1;
			break;
		}
		*p = '/';
	}
	errno = err;
	return rc;
}
