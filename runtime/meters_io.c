/*
 * meters_io.c - the `io` event: exact calls and bytes of read, write and
 * their relatives, charged to the record `current` points to (metrics.h)
 * at the call.  Reads: read, pread, pread64, readv, preadv, preadv64,
 * recv, recvfrom, recvmsg (and the _FORTIFY_SOURCE __read_chk,
 * __pread_chk, __pread64_chk, __recv_chk, __recvfrom_chk).  Writes:
 * write, pwrite, pwrite64, writev, pwritev, pwritev64, send, sendto,
 * sendmsg.  A call counts whatever it returns; the bytes are its result
 * when positive.
 *
 * glibc's stdio (fread, fwrite, printf, ...) reads and writes through
 * libc-internal aliases that no library can interpose: meters_stdio.c
 * charges those from the kernel's counts.  Not seen: sendfile,
 * copy_file_range, splice or mmap'ed files, which move no bytes through
 * the program.  The runtime's own output (the profile, diagnostics) is
 * not charged either (ccprof__meters_paused).
 *
 * In libccprof.so only, like meters_alloc.c; the next definitions are
 * found with dlsym(RTLD_NEXT) when the runtime starts (dlsym does not
 * read or write).  Off: one test and an
 * indirect jump per call.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#include "metrics.h"

#define WRAPPER CCPROF_EXPORT

static inline int io_on(void)
{
	return __builtin_expect(ccprof__events_on &
				CCPROF_EVENT_BIT(CCPROF_EV_IO), 0) &&
	       !ccprof__meters_paused;
}

static inline ssize_t charged(ssize_t r, enum ccprof__metric calls,
			      enum ccprof__metric bytes)
{
	if (io_on()) {
		struct ccprof__metric_slot *s = ccprof__metric_slot_here();

		ccprof__meter_reached(CCPROF_EVENT_BIT(CCPROF_EV_IO));
		ccprof__charge(s, calls, 1);
		if (r > 0)
			ccprof__charge(s, bytes, (uint64_t)r);
	}
	return r;
}

/* Whether the kernel counted a failed call in /proc/thread-self/io: it
 * counts every call that reached the file's read or write (vfs_read,
 * vfs_write), failed or not (EAGAIN of a non-blocking descriptor, EPIPE,
 * EINTR, ENOSPC, ...), not those refused before (a descriptor not open
 * or not open for that, a bad buffer or offset); the vectored calls
 * (readv, writev, preadv, pwritev) it counts whatever they return. */
static inline int kernel_counted(int vectored, int err)
{
	return vectored || (err != EBADF && err != EFAULT && err != EINVAL &&
			    err != ESPIPE);
}

/* A read or write the kernel counts in /proc/thread-self/io (not recv
 * and send): accounted for, whether charged or the runtime's own
 * (paused), failed or not, so that meters_stdio.c charges only the rest
 * (a failed call was charged here and again at the next stdio call).
 * errno is left as the call set it. */
static inline ssize_t vfs(ssize_t r, int write, int vectored)
{
	if (__builtin_expect(ccprof__events_on &
			     CCPROF_EVENT_BIT(CCPROF_EV_IO), 0) &&
	    (r >= 0 || kernel_counted(vectored, errno))) {
		uint64_t bytes = r > 0 ? (uint64_t)r : 0;

		if (write) {
			ccprof__vfs_seen.wc++;
			ccprof__vfs_seen.wb += bytes;
		} else {
			ccprof__vfs_seen.rc++;
			ccprof__vfs_seen.rb += bytes;
		}
	}
	return r;
}

#define READ(r) charged((r), CCPROF_M_READ_CALLS, CCPROF_M_READ_BYTES)
#define WRITE(r) charged((r), CCPROF_M_WRITE_CALLS, CCPROF_M_WRITE_BYTES)
#define VREAD(r) READ(vfs((r), 0, 0))
#define VWRITE(r) WRITE(vfs((r), 1, 0))
#define VREADV(r) READ(vfs((r), 0, 1))
#define VWRITEV(r) WRITE(vfs((r), 1, 1))

typedef ssize_t (*rw_fn)(int, void *, size_t);
typedef ssize_t (*prw_fn)(int, void *, size_t, off_t);
typedef ssize_t (*vec_fn)(int, const struct iovec *, int);
typedef ssize_t (*pvec_fn)(int, const struct iovec *, int, off_t);
typedef ssize_t (*recv_fn)(int, void *, size_t, int);
typedef ssize_t (*recvfrom_fn)(int, void *, size_t, int, struct sockaddr *,
			       socklen_t *);
typedef ssize_t (*sendto_fn)(int, const void *, size_t, int,
			     const struct sockaddr *, socklen_t);
typedef ssize_t (*msg_fn)(int, struct msghdr *, int);
typedef ssize_t (*chk_fn)(int, void *, size_t, size_t);
typedef ssize_t (*pchk_fn)(int, void *, size_t, off_t, size_t);
typedef ssize_t (*recv_chk_fn)(int, void *, size_t, size_t, int);
typedef ssize_t (*recvfrom_chk_fn)(int, void *, size_t, size_t, int,
				   struct sockaddr *, socklen_t *);

/* The next definitions, looked up when the runtime starts
 * (ccprof__meters_init), so that a first call in a signal handler (a
 * self-pipe write) never runs dlsym; a call before that (another
 * library's constructor) looks its own up. */
static struct {
	rw_fn read, write;
	prw_fn pread, pread64, pwrite, pwrite64;
	vec_fn readv, writev;
	pvec_fn preadv, preadv64, pwritev, pwritev64;
	recv_fn recv, send;
	recvfrom_fn recvfrom;
	sendto_fn sendto;
	msg_fn recvmsg, sendmsg;
	chk_fn read_chk;
	pchk_fn pread_chk, pread64_chk;
	recv_chk_fn recv_chk;
	recvfrom_chk_fn recvfrom_chk;
} next;

static void *look_up(void **slot, const char *name)
{
	void *f = __atomic_load_n(slot, __ATOMIC_ACQUIRE);

	if (!f) {
		f = dlsym(RTLD_NEXT, name);
		__atomic_store_n(slot, f, __ATOMIC_RELEASE);
	}
	return f;
}

#define NEXT(field, name)                                               \
	(__builtin_expect(!next.field, 0)                               \
		 ? (__typeof__(next.field))look_up((void **)&next.field, name) \
		 : next.field)

void ccprof__meters_io_init(void)
{
	static const struct {
		size_t offset;
		const char *name;
	} all[] = {
#define ENTRY(field, name) { offsetof(__typeof__(next), field), name }
		ENTRY(read, "read"), ENTRY(write, "write"),
		ENTRY(pread, "pread"), ENTRY(pread64, "pread64"),
		ENTRY(pwrite, "pwrite"), ENTRY(pwrite64, "pwrite64"),
		ENTRY(readv, "readv"), ENTRY(writev, "writev"),
		ENTRY(preadv, "preadv"), ENTRY(preadv64, "preadv64"),
		ENTRY(pwritev, "pwritev"), ENTRY(pwritev64, "pwritev64"),
		ENTRY(recv, "recv"), ENTRY(send, "send"),
		ENTRY(recvfrom, "recvfrom"), ENTRY(sendto, "sendto"),
		ENTRY(recvmsg, "recvmsg"), ENTRY(sendmsg, "sendmsg"),
		ENTRY(read_chk, "__read_chk"), ENTRY(pread_chk, "__pread_chk"),
		ENTRY(pread64_chk, "__pread64_chk"),
		ENTRY(recv_chk, "__recv_chk"),
		ENTRY(recvfrom_chk, "__recvfrom_chk"),
#undef ENTRY
	};

	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		look_up((void **)((char *)&next + all[i].offset), all[i].name);
}

WRAPPER ssize_t read(int fd, void *buf, size_t n)
{
	return VREAD(NEXT(read, "read")(fd, buf, n));
}

/* Our read under a name no other library can take (metrics.c). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-attributes"
extern __typeof(read) ccprof__read_wrapper
	__attribute__((alias("read"), visibility("hidden")));
#pragma GCC diagnostic pop

WRAPPER ssize_t write(int fd, const void *buf, size_t n)
{
	return VWRITE(NEXT(write, "write")(fd, (void *)buf, n));
}

WRAPPER ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
	return VREAD(NEXT(pread, "pread")(fd, buf, n, off));
}

WRAPPER ssize_t pread64(int fd, void *buf, size_t n, off_t off)
{
	return VREAD(NEXT(pread64, "pread64")(fd, buf, n, off));
}

WRAPPER ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
	return VWRITE(NEXT(pwrite, "pwrite")(fd, (void *)buf, n, off));
}

WRAPPER ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off)
{
	return VWRITE(NEXT(pwrite64, "pwrite64")(fd, (void *)buf, n, off));
}

WRAPPER ssize_t readv(int fd, const struct iovec *iov, int n)
{
	return VREADV(NEXT(readv, "readv")(fd, iov, n));
}

WRAPPER ssize_t writev(int fd, const struct iovec *iov, int n)
{
	return VWRITEV(NEXT(writev, "writev")(fd, iov, n));
}

WRAPPER ssize_t preadv(int fd, const struct iovec *iov, int n, off_t off)
{
	return VREADV(NEXT(preadv, "preadv")(fd, iov, n, off));
}

WRAPPER ssize_t preadv64(int fd, const struct iovec *iov, int n, off_t off)
{
	return VREADV(NEXT(preadv64, "preadv64")(fd, iov, n, off));
}

WRAPPER ssize_t pwritev(int fd, const struct iovec *iov, int n, off_t off)
{
	return VWRITEV(NEXT(pwritev, "pwritev")(fd, iov, n, off));
}

WRAPPER ssize_t pwritev64(int fd, const struct iovec *iov, int n, off_t off)
{
	return VWRITEV(NEXT(pwritev64, "pwritev64")(fd, iov, n, off));
}

WRAPPER ssize_t recv(int fd, void *buf, size_t n, int flags)
{
	return READ(NEXT(recv, "recv")(fd, buf, n, flags));
}

WRAPPER ssize_t recvfrom(int fd, void *buf, size_t n, int flags,
			 struct sockaddr *addr, socklen_t *len)
{
	return READ(NEXT(recvfrom, "recvfrom")(fd, buf, n, flags, addr,
						   len));
}

WRAPPER ssize_t recvmsg(int fd, struct msghdr *msg, int flags)
{
	return READ(NEXT(recvmsg, "recvmsg")(fd, msg, flags));
}

WRAPPER ssize_t send(int fd, const void *buf, size_t n, int flags)
{
	return WRITE(NEXT(send, "send")(fd, (void *)buf, n, flags));
}

WRAPPER ssize_t sendto(int fd, const void *buf, size_t n, int flags,
		       const struct sockaddr *addr, socklen_t len)
{
	return WRITE(NEXT(sendto, "sendto")(fd, buf, n, flags, addr, len));
}

WRAPPER ssize_t sendmsg(int fd, const struct msghdr *msg, int flags)
{
	return WRITE(NEXT(sendmsg, "sendmsg")(fd, (struct msghdr *)msg,
					      flags));
}

WRAPPER ssize_t __read_chk(int fd, void *buf, size_t n, size_t size)
{
	return VREAD(NEXT(read_chk, "__read_chk")(fd, buf, n, size));
}

WRAPPER ssize_t __pread_chk(int fd, void *buf, size_t n, off_t off,
			    size_t size)
{
	return VREAD(NEXT(pread_chk, "__pread_chk")(fd, buf, n, off, size));
}

WRAPPER ssize_t __pread64_chk(int fd, void *buf, size_t n, off_t off,
			      size_t size)
{
	return VREAD(NEXT(pread64_chk, "__pread64_chk")(fd, buf, n, off, size));
}

WRAPPER ssize_t __recv_chk(int fd, void *buf, size_t n, size_t size,
			   int flags)
{
	return READ(NEXT(recv_chk, "__recv_chk")(fd, buf, n, size, flags));
}

WRAPPER ssize_t __recvfrom_chk(int fd, void *buf, size_t n, size_t size,
			       int flags, struct sockaddr *addr,
			       socklen_t *len)
{
	return READ(NEXT(recvfrom_chk, "__recvfrom_chk")(fd, buf, n, size,
							     flags, addr,
							     len));
}
