/*
 * outpath.c - where the profile goes: CCPROF_OUT and its patterns.
 *
 * CCPROF_OUT (unset or empty: "ccprof.out") is expanded each time a
 * profile is written, so that a forked child gets its own pid:
 *
 *   %p   the process id
 *   %h   the host name
 *   %%   a single %
 *
 * Any other %x (and a % at the end) is kept as written, with a warning:
 * a typo should not lose the profile.  A relative path is relative to the
 * working directory at the time of writing.  Missing parent directories
 * are created (mode 0777 less the umask), as compiler-rt does for
 * LLVM_PROFILE_FILE.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtime_internal.h"

struct buf {
	char *data;
	size_t len, cap;
	int failed;
};

static void buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 128;
		char *bigger;

		while (cap < b->len + n + 1)
			cap *= 2;
		bigger = realloc(b->data, cap);
		if (!bigger) {
			b->failed = 1;
			return;
		}
		b->data = bigger;
		b->cap = cap;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void add_hostname(struct buf *b)
{
	char host[256];

	if (gethostname(host, sizeof(host)) != 0)
		strcpy(host, "unknown");
	host[sizeof(host) - 1] = '\0';
	buf_add(b, host, strlen(host));
}

static void expand(struct buf *b, const char *pattern)
{
	for (const char *s = pattern; *s; s++) {
		char num[24];

		if (*s != '%') {
			buf_add(b, s, 1);
			continue;
		}
		switch (s[1]) {
		case 'p':
			snprintf(num, sizeof(num), "%ld", (long)getpid());
			buf_add(b, num, strlen(num));
			s++;
			break;
		case 'h':
			add_hostname(b);
			s++;
			break;
		case '%':
			buf_add(b, "%", 1);
			s++;
			break;
		case '\0':
			ccprof__warn("%s='%s' ends in a lone '%%'; kept as written",
				     CCPROF_ENV_OUT, pattern);
			buf_add(b, "%", 1);
			break;
		default:
			ccprof__warn("unknown pattern '%%%c' in %s='%s'; "
				     "kept as written", s[1], CCPROF_ENV_OUT,
				     pattern);
			buf_add(b, s, 2);
			s++;
			break;
		}
	}
}

/* The expanded output path, malloc'd; NULL (errno ENOMEM) if out of
 * memory. */
char *ccprof__out_path(void)
{
	const char *pattern = getenv(CCPROF_ENV_OUT);
	struct buf b = { 0 };

	if (!pattern || !*pattern)
		pattern = CCPROF_DEFAULT_OUT;
	expand(&b, pattern);
	buf_add(&b, "", 0);
	if (b.failed) {
		free(b.data);
		errno = ENOMEM;
		return NULL;
	}
	return b.data;
}

/* mkdir -p of path's directory part.  Returns 0, or -1 with errno from the
 * mkdir that failed. */
int ccprof__make_parent_dirs(const char *path)
{
	char *dir = strdup(path);
	int rc = 0, err = 0;

	if (!dir)
		return -1;
	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
			err = errno;
			rc = -1;
			break;
		}
		*p = '/';
	}
	free(dir);
	errno = err;
	return rc;
}
