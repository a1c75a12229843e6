// CCPROF_EVENTS=io: bytes read and written through read, write, pread,
// pwrite, readv and writev are charged exactly to the function that calls
// them, with their calls (a read that returns 0 at the end of the file is
// a call).  make_input writes 100000 bytes in 25 writes of 4000; copy
// reads them 4096 at a time (24 full reads, one of 1696, one of 0) and
// writes what it read; scatter writes 3 x 10 bytes with one writev and
// reads them back with one readv; at_offsets does a pwrite of 7 and a
// pread of 7.  -O0 and -O2.
//
// RUN: %cc -O0 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out CCPROF_EVENTS=io %t0 %t0.data
// RUN: %metrics %t0.out --events | FileCheck %s
// RUN: %cc -O2 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out CCPROF_EVENTS=io %t2 %t2.data
// RUN: %metrics %t2.out --events | FileCheck %s
//
// CHECK: events io
// CHECK-NEXT: at_offsets read_bytes 7
// CHECK-NEXT: at_offsets read_calls 1
// CHECK-NEXT: at_offsets write_bytes 7
// CHECK-NEXT: at_offsets write_calls 1
// CHECK-NEXT: copy read_bytes 100000
// CHECK-NEXT: copy read_calls 26
// CHECK-NEXT: copy write_bytes 100000
// CHECK-NEXT: copy write_calls 25
// CHECK-NEXT: make_input write_bytes 100000
// CHECK-NEXT: make_input write_calls 25
// CHECK-NEXT: scatter read_bytes 30
// CHECK-NEXT: scatter read_calls 1
// CHECK-NEXT: scatter write_bytes 30
// CHECK-NEXT: scatter write_calls 1
// CHECK-NOT: {{.}}
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

static char path_in[4096], path_out[4096];

__attribute__((noinline)) void make_input(void)
{
	char block[4000];
	int fd = open(path_in, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	memset(block, 'x', sizeof(block));
	for (int i = 0; i < 25; i++)
		if (write(fd, block, sizeof(block)) != (ssize_t)sizeof(block))
			_exit(2);
	close(fd);
}

__attribute__((noinline)) void copy(void)
{
	char buf[4096];
	int in = open(path_in, O_RDONLY);
	int out = open(path_out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;

	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n)
			_exit(2);
	close(in);
	close(out);
}

__attribute__((noinline)) void scatter(void)
{
	char a[10] = "0123456789", b[10] = "abcdefghij", c[10] = "ABCDEFGHIJ";
	struct iovec iov[3] = { { a, 10 }, { b, 10 }, { c, 10 } };
	int fd = open(path_out, O_RDWR | O_TRUNC);

	if (writev(fd, iov, 3) != 30 || lseek(fd, 0, SEEK_SET) != 0 ||
	    readv(fd, iov, 3) != 30)
		_exit(2);
	close(fd);
}

__attribute__((noinline)) void at_offsets(void)
{
	char buf[7];
	int fd = open(path_out, O_RDWR);

	if (pwrite(fd, "1234567", 7, 100) != 7 || pread(fd, buf, 7, 100) != 7)
		_exit(2);
	close(fd);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	snprintf(path_in, sizeof(path_in), "%s.in", argv[1]);
	snprintf(path_out, sizeof(path_out), "%s.out", argv[1]);
	make_input();
	copy();
	scatter();
	at_offsets();
	return 0;
}
