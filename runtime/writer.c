/*
 * writer.c - writes the profile, format version 1 (docs/format.md).
 *
 * The file is written to "<path>.tmp.<pid>" in the same directory and
 * renamed over <path>, so a reader never sees half a profile and two
 * processes writing the same path leave one whole file (the last one).
 * On any failure: one diagnostic naming the path, the temporary file is
 * removed, -1 is returned; the program is never stopped or its exit
 * status changed.
 *
 * The registry lock is held while the records are written, so modules
 * cannot be unloaded under the writer, and two threads calling
 * ccprof_dump do not share the temporary file.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime_internal.h"

struct writer {
	FILE *f;
	uint32_t n_modules;
	uint32_t n_ccs;
};

/* A string field: TAB, then the bytes, escaped as the format says. */
static void put_string(FILE *f, const char *s)
{
	putc_unlocked('\t', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		switch (c) {
		case '\\':
			fputs_unlocked("\\\\", f);
			break;
		case '\t':
			fputs_unlocked("\\t", f);
			break;
		case '\n':
			fputs_unlocked("\\n", f);
			break;
		case '\r':
			fputs_unlocked("\\r", f);
			break;
		default:
			if (c < 0x20 || c == 0x7f)
				fprintf(f, "\\x%02x", c);
			else
				putc_unlocked(c, f);
		}
	}
}

static void put_u64(FILE *f, uint64_t v)
{
	fprintf(f, "\t%" PRIu64, v);
}

/* Seconds as "%.6f", printed from integer microseconds (exactly). */
static void put_seconds(FILE *f, int64_t us)
{
	if (us < 0)
		us = 0;
	fprintf(f, "\t%" PRId64 ".%06" PRId64, us / 1000000, us % 1000000);
}

static void end_line(FILE *f)
{
	putc_unlocked('\n', f);
}

static int write_module(void *arg, uint32_t id,
			const struct ccprof__module_view *m)
{
	struct writer *w = arg;

	fputs_unlocked("module", w->f);
	put_u64(w->f, id);
	put_string(w->f, m->compiler);
	put_string(w->f, m->options);
	put_string(w->f, m->source);
	end_line(w->f);
	w->n_modules++;
	return 0;
}

static int write_cc(void *arg, uint32_t module_id,
		    const struct ccprof__cc_view *cc)
{
	struct writer *w = arg;

	fputs_unlocked("cc", w->f);
	put_u64(w->f, w->n_ccs);
	put_u64(w->f, module_id);
	put_u64(w->f, cc->calls);
	put_u64(w->f, cc->ticks);
	put_u64(w->f, cc->line);
	put_string(w->f, cc->symbol);
	put_string(w->f, cc->file);
	end_line(w->f);
	w->n_ccs++;
	return 0;
}

static void write_header(FILE *f, const char *status)
{
	struct ccprof__times t;

	ccprof__process_times(&t);
	fprintf(f, "ccprof\t%d\n", CCPROF_FORMAT_VERSION);
	fputs_unlocked("program", f);
	put_string(f, ccprof__program());
	end_line(f);
	for (int i = 0; i < ccprof__argc(); i++) {
		fprintf(f, "argv\t%d", i);
		put_string(f, ccprof__argv(i));
		end_line(f);
	}
	fprintf(f, "pid\t%ld\n", (long)getpid());
	fputs_unlocked("start", f);
	put_seconds(f, t.start_us);
	fputs_unlocked("\nwall", f);
	put_seconds(f, t.wall_us);
	fputs_unlocked("\nuser", f);
	put_seconds(f, t.user_us);
	fputs_unlocked("\nsys", f);
	put_seconds(f, t.sys_us);
	fprintf(f, "\nhz\t%u\n", ccprof__sampler_hz());
	fprintf(f, "ticks\t%" PRIu64 "\n", ccprof__sampler_total_ticks());
	fprintf(f, "status\t%s\n", status);
}

static void write_records(FILE *f, const char *status)
{
	struct writer w = { f, 0, 0 };

	write_header(f, status);
	ccprof__registry_each_module(write_module, &w);
	ccprof__registry_each_cc(write_cc, &w);
	fprintf(f, "unprofiled\t%" PRIu64 "\n",
		ccprof__sampler_unprofiled_ticks());
	fprintf(f, "end\t%" PRIu32 "\t%" PRIu32 "\n", w.n_modules, w.n_ccs);
}

static FILE *create_file(const char *tmp)
{
	FILE *f = fopen(tmp, "we");

	if (!f && errno == ENOENT) {
		if (ccprof__make_parent_dirs(tmp) != 0)
			return NULL;
		f = fopen(tmp, "we");
	}
	return f;
}

/* Write the records to tmp; 0, or the errno of the failure. */
static int write_file(const char *tmp, const char *status)
{
	static char iobuf[1 << 16];
	FILE *f = create_file(tmp);
	int err = 0;

	if (!f)
		return errno ? errno : EIO;
	setvbuf(f, iobuf, _IOFBF, sizeof(iobuf));
	errno = 0;
	write_records(f, status);
	if (fflush(f) != 0 || ferror(f))
		err = errno ? errno : EIO;
	if (fclose(f) != 0 && !err)
		err = errno ? errno : EIO;
	return err;
}

static char *temp_path(const char *path)
{
	size_t size = strlen(path) + 32;
	char *tmp = malloc(size);

	if (tmp)
		snprintf(tmp, size, "%s.tmp.%ld", path, (long)getpid());
	return tmp;
}

int ccprof__write_profile(const char *status)
{
	char *path = ccprof__out_path();
	char *tmp;
	int err;

	if (!path) {
		ccprof__warn("cannot write profile: %s", strerror(ENOMEM));
		errno = ENOMEM;
		return -1;
	}
	tmp = temp_path(path);
	if (!tmp) {
		err = ENOMEM;
	} else {
		ccprof__registry_lock();
		err = write_file(tmp, status);
		ccprof__registry_unlock();
		if (!err && rename(tmp, path) != 0)
			err = errno;
		if (err)
			unlink(tmp);
	}
	if (err)
		ccprof__warn("cannot write profile '%s': %s", path,
			     strerror(err));
	free(tmp);
	free(path);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}
