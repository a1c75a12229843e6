// CCPROF_EVENTS=io counts stdio's own reads and writes (glibc's fprintf,
// fgets, fread, fwrite, printf, puts, putchar reach read(2) and write(2)
// through libc-internal calls no library can interpose): each function's
// read and write calls and bytes are exactly strace's for the files it
// uses.  produce writes a file with fprintf, consume reads it with fgets,
// copy copies it with fread/fwrite in blocks larger than stdio's buffer
// (direct reads and writes), report prints to stdout (a file) with
// printf, puts and putchar; what stdout still holds when main returns is
// written by libc after the profile, and charged to main then (one write
// of the bytes pending).  -O0 and -O2.
//
// REQUIRES: strace
// UNSUPPORTED: sanitizer
// (compiled with the plugin, which the sanitizer build does not build)
// RUN: %cc -O0 %s -o %t0 %libs
// RUN: env CCPROF_OUT=%t0.out CCPROF_EVENTS=io strace -qq -y -e trace=read,write,pread64,pwrite64,readv,writev -e signal=none -o %t0.trace %t0 %t0.data %t0.copy > %t0.stdout
// RUN: %metrics %t0.out --events > %t0.check
// RUN: %strace_io %t0.trace %t0.data %t0.copy %t0.stdout >> %t0.check
// RUN: FileCheck %s < %t0.check
// RUN: %cc -O2 %s -o %t2 %libs
// RUN: env CCPROF_OUT=%t2.out CCPROF_EVENTS=io strace -qq -y -e trace=read,write,pread64,pwrite64,readv,writev -e signal=none -o %t2.trace %t2 %t2.data %t2.copy > %t2.stdout
// RUN: %metrics %t2.out --events > %t2.check
// RUN: %strace_io %t2.trace %t2.data %t2.copy %t2.stdout >> %t2.check
// RUN: FileCheck %s < %t2.check
//
// CHECK: events io
// CHECK-NEXT: consume read_bytes [[#CONSUME_RB:]]
// CHECK-NEXT: consume read_calls [[#CONSUME_RC:]]
// CHECK-NEXT: copy read_bytes [[#COPY_RB:]]
// CHECK-NEXT: copy read_calls [[#COPY_RC:]]
// CHECK-NEXT: copy write_bytes [[#COPY_WB:]]
// CHECK-NEXT: copy write_calls [[#COPY_WC:]]
// CHECK-NEXT: main write_bytes [[#MAIN_WB:]]
// CHECK-NEXT: main write_calls 1
// CHECK-NEXT: produce write_bytes 300000
// CHECK-NEXT: produce write_calls [[#PRODUCE_WC:]]
// CHECK-NEXT: report write_bytes [[#REPORT_WB:]]
// CHECK-NEXT: report write_calls [[#REPORT_WC:]]
// CHECK-NOT: {{^[a-z(]+ (read|write)_}}
// CHECK: read {{.*}}.data [[#CONSUME_RC+COPY_RC]] [[#CONSUME_RB+COPY_RB]]
// CHECK-NEXT: write {{.*}}.data [[#PRODUCE_WC]] 300000
// CHECK-NEXT: read {{.*}}.copy 0 0
// CHECK-NEXT: write {{.*}}.copy [[#COPY_WC]] [[#COPY_WB]]
// CHECK-NEXT: read {{.*}}.stdout 0 0
// CHECK-NEXT: write {{.*}}.stdout [[#REPORT_WC+1]] [[#REPORT_WB+MAIN_WB]]
#include <stdio.h>
#include <string.h>

#define LINES 3000	/* of 100 bytes: 300000 */

__attribute__((noinline)) static void produce(const char *path)
{
	FILE *f = fopen(path, "w");

	for (int i = 0; i < LINES; i++)
		fprintf(f, "%06d %092d\n", i, i);
	fclose(f);
}

__attribute__((noinline)) static long consume(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[256];
	long n = 0;

	while (fgets(line, sizeof line, f))
		n += (long)strlen(line);
	fclose(f);
	return n;
}

__attribute__((noinline)) static void copy(const char *from, const char *to)
{
	static char block[20000];	/* more than stdio's buffer */
	FILE *in = fopen(from, "r"), *out = fopen(to, "w");
	size_t n;

	while ((n = fread(block, 1, sizeof block, in)) > 0)
		fwrite(block, 1, n, out);
	fclose(in);
	fclose(out);
}

__attribute__((noinline)) static void report(long n)
{
	for (int i = 0; i < 1000; i++)
		printf("%ld %d\n", n, i);
	puts("done");
	for (int i = 0; i < 5000; i++)
		putchar('a' + i % 26);
	putchar('\n');
}

int main(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	produce(argv[1]);
	copy(argv[1], argv[2]);
	report(consume(argv[1]));
	printf("end\n");	/* pending at exit: libc writes it then */
	return 0;
}
