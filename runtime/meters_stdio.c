/*
 * meters_stdio.c - the `io` event for glibc's stdio: the read and write
 * system calls that fread, fgets, printf, fwrite, fflush, ... make,
 * counted exactly and charged to the record `current` points to at the
 * stdio call that made them.
 *
 * stdio reads and writes through libc-internal aliases of read and write
 * (and through its FILEs' vtables, which glibc checks and no library may
 * replace), so meters_io.c never sees them.  What does see them is the
 * kernel: /proc/thread-self/io counts each thread's read and write
 * system calls and bytes (syscr, rchar, syscw, wchar), exactly as strace
 * counts read and write.  So libccprof.so defines the stdio functions
 * that can read or write, passes each call on to libc's, and afterwards,
 * when the call may have made a system call, reads the thread's counts
 * and charges what they grew by since its previous reading, less what
 * is accounted for already (metrics.h, ccprof__vfs_seen: the io meter's
 * own read and write calls, the runtime's own, these readings).
 *
 * "May have": the FILE's buffer pointers (the public fields of glibc's
 * struct _IO_FILE) are compared before and after.  A call that only
 * copies into or out of the buffer moves _IO_write_ptr (_IO_read_ptr) by
 * exactly the bytes it produced (consumed), which its result gives;
 * anything else (a flush, a refill, a direct read or write of a large
 * block, a new buffer, an error or end of file) is read from the kernel.
 * fflush, fclose, fseek and the like, __overflow and __uflow (the slow
 * paths of the putc/getc macros), and the scanf family always read it.
 * So a program printing lines to a pipe reads /proc once per flush, not
 * per line.  A reading costs an open, a read and a close of
 * /proc/thread-self/io (raw system calls, never our wrappers; the
 * descriptor is the lowest free one for that moment, as any open's).
 *
 * At exit, what stdio still holds in its output buffers is written by
 * libc after the profile (exit's last step): the exit writer charges each
 * such stream's pending bytes as one write to the cost centre current at
 * exit (ccprof__meters_stdio_at_exit), the write libc is about to make.
 *
 * Only while io is on; off, each wrapper is a test and a call (the
 * variadic ones through libc's v-function).  Charged like the io meter:
 * read_calls, read_bytes, write_calls, write_bytes.  Other system calls
 * the kernel counts there that no meter sees (sendfile, copy_file_range,
 * a raw syscall(SYS_write)) are charged at the thread's next stdio
 * reading.  In libccprof.so only.
 */

#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>

#include "metrics.h"
#include "raw_syscall.h"

#define WRAPPER CCPROF_EXPORT

static inline int io_on(void)
{
	return __builtin_expect(ccprof__events_on &
				CCPROF_EVENT_BIT(CCPROF_EV_IO), 0);
}

/* ---- the kernel's counts ---- */

struct kio {
	uint64_t rchar, wchar, syscr, syscw;
};

/* The thread's counts at its previous reading less what was accounted
 * for then (static TLS is scarce: docs/runtime.md); tid: whose (a fork
 * child, a new thread start again). */
static __thread struct {
	int tid;
	uint64_t rc, rb, wc, wb;
} last __attribute__((tls_model("initial-exec")));

static uint64_t field(const char *buf, const char *name)
{
	const char *p = strstr(buf, name);
	uint64_t v = 0;

	if (!p)
		return 0;
	for (p += strlen(name); *p == ' '; p++)
		;
	for (; *p >= '0' && *p <= '9'; p++)
		v = v * 10 + (uint64_t)(*p - '0');
	return v;
}

/* Reads the calling thread's counts; the bytes read, or -1 if it
 * cannot. */
static long read_kio(struct kio *k)
{
	char buf[512];
	long fd, n;

	fd = ccprof__raw(SYS_openat, AT_FDCWD, (long)"/proc/thread-self/io",
			 O_RDONLY | O_CLOEXEC, 0, 0, 0);
	if (fd < 0)
		return -1;
	n = ccprof__raw(SYS_read, fd, (long)buf, sizeof(buf) - 1, 0, 0, 0);
	ccprof__raw(SYS_close, fd, 0, 0, 0, 0, 0);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	k->rchar = field(buf, "rchar:");
	k->wchar = field(buf, "wchar:");
	k->syscr = field(buf, "syscr:");
	k->syscw = field(buf, "syscw:");
	return n;
}

/* What a count grew by that is not accounted for: NOW - SEEN (both
 * since the thread started) less the same at the previous reading. */
static uint64_t grew(uint64_t now, uint64_t seen, uint64_t then)
{
	uint64_t d = now - seen;

	return d > then && d - then < (UINT64_C(1) << 62) ? d - then : 0;
}

/* Reads the counts and charges their growth since the previous reading
 * (none at a thread's first: that one only starts counting). */
static void settle(void)
{
	int tid = (int)ccprof__raw(SYS_gettid, 0, 0, 0, 0, 0, 0);
	long n;
	struct ccprof__vfs_seen seen;
	struct kio k;

	n = read_kio(&k);
	if (n < 0)
		return;
	seen = ccprof__vfs_seen;
	/* This reading's own read is counted after its text was made: the
	 * next reading sees it, as the runtime's own. */
	ccprof__vfs_seen.rc++;
	ccprof__vfs_seen.rb += (uint64_t)n;
	if (last.tid == tid && !ccprof__meters_paused) {
		struct ccprof__metric_slot *s = ccprof__metric_slot_here();
		uint64_t rc = grew(k.syscr, seen.rc, last.rc);
		uint64_t rb = grew(k.rchar, seen.rb, last.rb);
		uint64_t wc = grew(k.syscw, seen.wc, last.wc);
		uint64_t wb = grew(k.wchar, seen.wb, last.wb);

		ccprof__meter_reached(CCPROF_EVENT_BIT(CCPROF_EV_IO));
		if (rc || rb) {
			ccprof__charge(s, CCPROF_M_READ_CALLS, rc);
			ccprof__charge(s, CCPROF_M_READ_BYTES, rb);
		}
		if (wc || wb) {
			ccprof__charge(s, CCPROF_M_WRITE_CALLS, wc);
			ccprof__charge(s, CCPROF_M_WRITE_BYTES, wb);
		}
	}
	last.tid = tid;
	last.rc = k.syscr - seen.rc;
	last.rb = k.rchar - seen.rb;
	last.wc = k.syscw - seen.wc;
	last.wb = k.wchar - seen.wb;
}

/* In a fork child: the kernel's counts of its one thread start from 0,
 * so its first stdio call reads them first. */
void ccprof__meters_stdio_after_fork(void)
{
	last.tid = 0;
}

/* Before a call: a thread's first reading, so that the call's system
 * calls are counted from it. */
static inline void start_counting(void)
{
	if (!last.tid)
		settle();
}

/* ---- the buffer's state before and after a call ---- */

struct buf_state {
	char *read_ptr, *read_end, *write_base, *write_ptr, *buf_base;
};

static inline void snap(FILE *fp, struct buf_state *b)
{
	volatile FILE *v = fp;	/* racy reads, as the program's own macros */

	b->read_ptr = v->_IO_read_ptr;
	b->read_end = v->_IO_read_end;
	b->write_base = v->_IO_write_base;
	b->write_ptr = v->_IO_write_ptr;
	b->buf_base = v->_IO_buf_base;
}

enum { OUT, IN };

/* After a call on FP that produced (OUT) or consumed (IN) N bytes (-1:
 * unknown, or an error or end of file): settles if it may have read or
 * written. */
static void after(FILE *fp, const struct buf_state *b0, int dir, long n)
{
	struct buf_state b1;
	int maybe;

	snap(fp, &b1);
	if (n < 0 || b1.buf_base != b0->buf_base)
		maybe = 1;
	else if (dir == OUT)
		maybe = b1.write_base != b0->write_base ||
			b1.write_ptr != b0->write_ptr + n;
	else
		maybe = b1.read_end != b0->read_end ||
			b1.read_ptr != b0->read_ptr + n;
	if (maybe)
		settle();
}

/* ---- the next definitions ---- */

/* Every function wrapped here.  All are looked up when the runtime
 * starts (ccprof__meters_stdio_init), never at a first call: dlsym frees
 * the message of the thread's last failed dlopen or dlsym, so a program
 * that printed dlerror()'s string with printf, whose first call looked
 * vfprintf up, printed freed memory (test/runtime/dlerror-survives-stdio-calls.c).
 * A call before the runtime starts (another library's constructor) looks
 * its own up. */
#define NEXT_FUNCTIONS(X) \
	X(_IO_getc) \
	X(_IO_putc) \
	X(__isoc99_vfscanf) \
	X(vfscanf) \
	X(__fgets_chk) \
	X(__fread_chk) \
	X(__getdelim) \
	X(__overflow) \
	X(__uflow) \
	X(__underflow) \
	X(__vfprintf_chk) \
	X(fclose) \
	X(fflush) \
	X(fflush_unlocked) \
	X(fgetc) \
	X(fgetc_unlocked) \
	X(fgets) \
	X(fgets_unlocked) \
	X(fputc) \
	X(fputc_unlocked) \
	X(fputs) \
	X(fputs_unlocked) \
	X(fread) \
	X(fread_unlocked) \
	X(fseek) \
	X(fseeko) \
	X(fseeko64) \
	X(fsetpos) \
	X(fsetpos64) \
	X(fwrite) \
	X(fwrite_unlocked) \
	X(getc) \
	X(getchar) \
	X(getdelim) \
	X(getline) \
	X(putc) \
	X(putchar) \
	X(puts) \
	X(rewind) \
	X(vfprintf)

enum {
#define X(name) NEXT_##name,
	NEXT_FUNCTIONS(X)
#undef X
	N_NEXT
};

static void *next_slot[N_NEXT];

static const char *const next_name[N_NEXT] = {
#define X(name) #name,
	NEXT_FUNCTIONS(X)
#undef X
};

static void *next_fn(int i)
{
	void *f = __atomic_load_n(&next_slot[i], __ATOMIC_ACQUIRE);

	if (!f) {
		f = dlsym(RTLD_NEXT, next_name[i]);
		__atomic_store_n(&next_slot[i], f, __ATOMIC_RELEASE);
	}
	return f;
}

void ccprof__meters_stdio_init(void)
{
	int missing = 0;

	for (int i = 0; i < N_NEXT; i++)
		missing |= !next_fn(i);
	if (missing)		/* a libc without one: leave no dlerror() */
		(void)dlerror();
}

/* NEXT(name, type): libc's NAME. */
#define NEXT(name, type) ((type)next_fn(NEXT_##name))

typedef int (*vfprintf_fn)(FILE *, const char *, va_list);
typedef int (*vfprintf_chk_fn)(FILE *, int, const char *, va_list);
typedef int (*vfscanf_fn)(FILE *, const char *, va_list);
typedef size_t (*fwrite_fn)(const void *, size_t, size_t, FILE *);
typedef size_t (*fread_fn)(void *, size_t, size_t, FILE *);
typedef size_t (*fread_chk_fn)(void *, size_t, size_t, size_t, FILE *);
typedef int (*fputs_fn)(const char *, FILE *);
typedef int (*puts_fn)(const char *);
typedef int (*fputc_fn)(int, FILE *);
typedef int (*putchar_fn)(int);
typedef int (*fgetc_fn)(FILE *);
typedef int (*getchar_fn)(void);
typedef char *(*fgets_fn)(char *, int, FILE *);
typedef char *(*fgets_chk_fn)(char *, size_t, int, FILE *);
typedef ssize_t (*getdelim_fn)(char **, size_t *, int, FILE *);
typedef ssize_t (*getline_fn)(char **, size_t *, FILE *);
typedef int (*file_fn)(FILE *);
typedef int (*fseek_fn)(FILE *, long, int);
typedef int (*fseeko_fn)(FILE *, off_t, int);
typedef int (*fsetpos_fn)(FILE *, const fpos_t *);
typedef int (*fsetpos64_fn)(FILE *, const fpos64_t *);
typedef void (*rewind_fn)(FILE *);
typedef int (*overflow_fn)(FILE *, int);

/* ---- output ---- */

static int vfprintf_metered(FILE *fp, const char *fmt, va_list ap)
{
	vfprintf_fn f = NEXT(vfprintf, vfprintf_fn);
	struct buf_state b;
	int r;

	if (!io_on())
		return f(fp, fmt, ap);
	start_counting();
	snap(fp, &b);
	r = f(fp, fmt, ap);
	after(fp, &b, OUT, r);
	return r;
}

static int vfprintf_chk_metered(FILE *fp, int flag, const char *fmt,
				va_list ap)
{
	vfprintf_chk_fn f = NEXT(__vfprintf_chk, vfprintf_chk_fn);
	struct buf_state b;
	int r;

	if (!io_on())
		return f(fp, flag, fmt, ap);
	start_counting();
	snap(fp, &b);
	r = f(fp, flag, fmt, ap);
	after(fp, &b, OUT, r);
	return r;
}

WRAPPER int vfprintf(FILE *fp, const char *fmt, va_list ap)
{
	return vfprintf_metered(fp, fmt, ap);
}

WRAPPER int vprintf(const char *fmt, va_list ap)
{
	return vfprintf_metered(stdout, fmt, ap);
}

WRAPPER int fprintf(FILE *fp, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfprintf_metered(fp, fmt, ap);
	va_end(ap);
	return r;
}

WRAPPER int printf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfprintf_metered(stdout, fmt, ap);
	va_end(ap);
	return r;
}

WRAPPER int __vfprintf_chk(FILE *fp, int flag, const char *fmt, va_list ap)
{
	return vfprintf_chk_metered(fp, flag, fmt, ap);
}

WRAPPER int __vprintf_chk(int flag, const char *fmt, va_list ap)
{
	return vfprintf_chk_metered(stdout, flag, fmt, ap);
}

WRAPPER int __fprintf_chk(FILE *fp, int flag, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfprintf_chk_metered(fp, flag, fmt, ap);
	va_end(ap);
	return r;
}

WRAPPER int __printf_chk(int flag, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfprintf_chk_metered(stdout, flag, fmt, ap);
	va_end(ap);
	return r;
}

/* A wrapper of a function on FP that produces (OUT) or consumes (IN)
 * bytes: CALL is the call of libc's, BYTES what it moved given its
 * result r (negative: may have read or written, settle). */
#define METERED(fp, dir, type, call, bytes)                              \
	do {                                                             \
		struct buf_state b_;                                     \
		type r;                                                  \
		if (!io_on())                                            \
			return call;                                     \
		start_counting();                                        \
		snap((fp), &b_);                                         \
		r = call;                                                \
		after((fp), &b_, (dir), (bytes));                        \
		return r;                                                \
	} while (0)

WRAPPER size_t fwrite(const void *p, size_t size, size_t n, FILE *fp)
{
	METERED(fp, OUT, size_t, NEXT(fwrite, fwrite_fn)(p, size, n, fp),
		r == n ? (long)(r * size) : -1);
}

WRAPPER size_t (fwrite_unlocked)(const void *p, size_t size, size_t n,
			       FILE *fp)
{
	METERED(fp, OUT, size_t,
		NEXT(fwrite_unlocked, fwrite_fn)(p, size, n, fp),
		r == n ? (long)(r * size) : -1);
}

WRAPPER int fputs(const char *s, FILE *fp)
{
	METERED(fp, OUT, int, NEXT(fputs, fputs_fn)(s, fp),
		r >= 0 ? (long)strlen(s) : -1);
}

WRAPPER int fputs_unlocked(const char *s, FILE *fp)
{
	METERED(fp, OUT, int, NEXT(fputs_unlocked, fputs_fn)(s, fp),
		r >= 0 ? (long)strlen(s) : -1);
}

WRAPPER int puts(const char *s)
{
	METERED(stdout, OUT, int, NEXT(puts, puts_fn)(s),
		r >= 0 ? (long)strlen(s) + 1 : -1);
}

WRAPPER int fputc(int c, FILE *fp)
{
	METERED(fp, OUT, int, NEXT(fputc, fputc_fn)(c, fp), r != EOF ? 1 : -1);
}

WRAPPER int putc(int c, FILE *fp)
{
	METERED(fp, OUT, int, NEXT(putc, fputc_fn)(c, fp), r != EOF ? 1 : -1);
}

WRAPPER int _IO_putc(int c, FILE *fp)
{
	METERED(fp, OUT, int, NEXT(_IO_putc, fputc_fn)(c, fp),
		r != EOF ? 1 : -1);
}

WRAPPER int fputc_unlocked(int c, FILE *fp)
{
	METERED(fp, OUT, int, NEXT(fputc_unlocked, fputc_fn)(c, fp),
		r != EOF ? 1 : -1);
}

WRAPPER int putchar(int c)
{
	METERED(stdout, OUT, int, NEXT(putchar, putchar_fn)(c),
		r != EOF ? 1 : -1);
}

/* The slow path of the putc macros: the buffer is full. */
WRAPPER int __overflow(FILE *fp, int c)
{
	METERED(fp, OUT, int, NEXT(__overflow, overflow_fn)(fp, c), -1);
}

/* ---- input ---- */

WRAPPER size_t fread(void *p, size_t size, size_t n, FILE *fp)
{
	METERED(fp, IN, size_t, NEXT(fread, fread_fn)(p, size, n, fp),
		r == n ? (long)(r * size) : -1);
}

WRAPPER size_t (fread_unlocked)(void *p, size_t size, size_t n, FILE *fp)
{
	METERED(fp, IN, size_t,
		NEXT(fread_unlocked, fread_fn)(p, size, n, fp),
		r == n ? (long)(r * size) : -1);
}

WRAPPER size_t __fread_chk(void *p, size_t len, size_t size, size_t n,
			   FILE *fp)
{
	METERED(fp, IN, size_t,
		NEXT(__fread_chk, fread_chk_fn)(p, len, size, n, fp),
		r == n ? (long)(r * size) : -1);
}

WRAPPER char *fgets(char *s, int n, FILE *fp)
{
	METERED(fp, IN, char *, NEXT(fgets, fgets_fn)(s, n, fp),
		r ? (long)strlen(r) : -1);
}

WRAPPER char *fgets_unlocked(char *s, int n, FILE *fp)
{
	METERED(fp, IN, char *, NEXT(fgets_unlocked, fgets_fn)(s, n, fp),
		r ? (long)strlen(r) : -1);
}

WRAPPER char *__fgets_chk(char *s, size_t size, int n, FILE *fp)
{
	METERED(fp, IN, char *,
		NEXT(__fgets_chk, fgets_chk_fn)(s, size, n, fp),
		r ? (long)strlen(r) : -1);
}

WRAPPER int fgetc(FILE *fp)
{
	METERED(fp, IN, int, NEXT(fgetc, fgetc_fn)(fp), r != EOF ? 1 : -1);
}

WRAPPER int getc(FILE *fp)
{
	METERED(fp, IN, int, NEXT(getc, fgetc_fn)(fp), r != EOF ? 1 : -1);
}

WRAPPER int _IO_getc(FILE *fp)
{
	METERED(fp, IN, int, NEXT(_IO_getc, fgetc_fn)(fp), r != EOF ? 1 : -1);
}

WRAPPER int fgetc_unlocked(FILE *fp)
{
	METERED(fp, IN, int, NEXT(fgetc_unlocked, fgetc_fn)(fp),
		r != EOF ? 1 : -1);
}

WRAPPER int getchar(void)
{
	METERED(stdin, IN, int, NEXT(getchar, getchar_fn)(), r != EOF ? 1 : -1);
}

/* The slow paths of the getc macros: the buffer is empty. */
WRAPPER int __uflow(FILE *fp)
{
	METERED(fp, IN, int, NEXT(__uflow, fgetc_fn)(fp), -1);
}

WRAPPER int __underflow(FILE *fp)
{
	METERED(fp, IN, int, NEXT(__underflow, fgetc_fn)(fp), -1);
}

WRAPPER ssize_t getdelim(char **line, size_t *n, int delim, FILE *fp)
{
	METERED(fp, IN, ssize_t,
		NEXT(getdelim, getdelim_fn)(line, n, delim, fp),
		r >= 0 ? (long)r : -1);
}

WRAPPER ssize_t __getdelim(char **line, size_t *n, int delim, FILE *fp)
{
	METERED(fp, IN, ssize_t,
		NEXT(__getdelim, getdelim_fn)(line, n, delim, fp),
		r >= 0 ? (long)r : -1);
}

WRAPPER ssize_t getline(char **line, size_t *n, FILE *fp)
{
	METERED(fp, IN, ssize_t, NEXT(getline, getline_fn)(line, n, fp),
		r >= 0 ? (long)r : -1);
}

/* The scanf family: what it consumed is not known; always settles. */
static int vfscanf_metered(int next, FILE *fp, const char *fmt, va_list ap)
{
	vfscanf_fn f = (vfscanf_fn)next_fn(next);
	int r;

	if (!io_on())
		return f(fp, fmt, ap);
	start_counting();
	r = f(fp, fmt, ap);
	settle();
	return r;
}


/* stdio.h names the standard scanf functions __isoc99_*: the plain
 * symbols (older programs') are defined under names of our own. */
WRAPPER int plain_vfscanf(FILE *fp, const char *fmt, va_list ap)
	__asm__("vfscanf");
WRAPPER int plain_vscanf(const char *fmt, va_list ap) __asm__("vscanf");
WRAPPER int plain_fscanf(FILE *fp, const char *fmt, ...) __asm__("fscanf");
WRAPPER int plain_scanf(const char *fmt, ...) __asm__("scanf");

WRAPPER int plain_vfscanf(FILE *fp, const char *fmt, va_list ap)
{
	return vfscanf_metered(NEXT_vfscanf, fp, fmt, ap);
}

WRAPPER int plain_vscanf(const char *fmt, va_list ap)
{
	return vfscanf_metered(NEXT_vfscanf, stdin, fmt, ap);
}

WRAPPER int plain_fscanf(FILE *fp, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfscanf_metered(NEXT_vfscanf, fp, fmt, ap);
	va_end(ap);
	return r;
}

WRAPPER int plain_scanf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfscanf_metered(NEXT_vfscanf, stdin, fmt, ap);
	va_end(ap);
	return r;
}

WRAPPER int __isoc99_vfscanf(FILE *fp, const char *fmt, va_list ap)
{
	return vfscanf_metered(NEXT___isoc99_vfscanf, fp,
			       fmt, ap);
}

WRAPPER int __isoc99_vscanf(const char *fmt, va_list ap)
{
	return vfscanf_metered(NEXT___isoc99_vfscanf,
			       stdin, fmt, ap);
}

WRAPPER int __isoc99_fscanf(FILE *fp, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfscanf_metered(NEXT___isoc99_vfscanf, fp, fmt,
			    ap);
	va_end(ap);
	return r;
}

WRAPPER int __isoc99_scanf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfscanf_metered(NEXT___isoc99_vfscanf, stdin,
			    fmt, ap);
	va_end(ap);
	return r;
}

/* ---- flushing, closing, positioning: always settle ---- */

#define SETTLED(call)                                                    \
	do {                                                             \
		if (!io_on())                                            \
			return call;                                     \
		start_counting();                                        \
		__typeof__(call) r_ = call;                              \
		settle();                                                \
		return r_;                                               \
	} while (0)

WRAPPER int fflush(FILE *fp)
{
	SETTLED(NEXT(fflush, file_fn)(fp));
}

WRAPPER int fflush_unlocked(FILE *fp)
{
	SETTLED(NEXT(fflush_unlocked, file_fn)(fp));
}

WRAPPER int fclose(FILE *fp)
{
	SETTLED(NEXT(fclose, file_fn)(fp));
}

WRAPPER int fseek(FILE *fp, long off, int whence)
{
	SETTLED(NEXT(fseek, fseek_fn)(fp, off, whence));
}

WRAPPER int fseeko(FILE *fp, off_t off, int whence)
{
	SETTLED(NEXT(fseeko, fseeko_fn)(fp, off, whence));
}

WRAPPER int fseeko64(FILE *fp, off_t off, int whence)
{
	SETTLED(NEXT(fseeko64, fseeko_fn)(fp, off, whence));
}

WRAPPER int fsetpos(FILE *fp, const fpos_t *pos)
{
	SETTLED(NEXT(fsetpos, fsetpos_fn)(fp, pos));
}

WRAPPER int fsetpos64(FILE *fp, const fpos64_t *pos)
{
	SETTLED(NEXT(fsetpos64, fsetpos64_fn)(fp, pos));
}

WRAPPER void rewind(FILE *fp)
{
	rewind_fn f = NEXT(rewind, rewind_fn);

	if (!io_on()) {
		f(fp);
		return;
	}
	start_counting();
	f(fp);
	settle();
}

/* ---- exit ---- */

extern FILE *_IO_list_all __attribute__((weak));
extern void _IO_list_lock(void) __attribute__((weak));
extern void _IO_list_unlock(void) __attribute__((weak));

void ccprof__meters_stdio_at_exit(void)
{
	struct ccprof__metric_slot *s;
	FILE *fp;

	if (!io_on() || !&_IO_list_all || !_IO_list_lock || !_IO_list_unlock)
		return;
	settle();	/* what the exit handlers wrote so far */
	s = ccprof__metric_slot_here();
	_IO_list_lock();
	for (fp = _IO_list_all; fp; fp = fp->_chain)
		if (fp->_IO_write_ptr > fp->_IO_write_base) {
			ccprof__charge(s, CCPROF_M_WRITE_CALLS, 1);
			ccprof__charge(s, CCPROF_M_WRITE_BYTES,
				       (uint64_t)(fp->_IO_write_ptr -
						  fp->_IO_write_base));
		}
	_IO_list_unlock();
}
