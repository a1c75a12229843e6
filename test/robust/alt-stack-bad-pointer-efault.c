// sigaltstack with a pointer it cannot read or write fails with EFAULT,
// as without ccprof: libccprof's sigaltstack (which reads the runtime's
// stack as none) once copied *ss and cleared *old itself, and the
// program died of SIGSEGV instead.  The stack set through a pointer
// that aliases the answer (ss == old) is still the program's own.  Both
// modes; the output is the plain build's.
//
// RUN: %plain_cc -O1 %s -o %t.plain
// RUN: %t.plain > %t.plain.log
// RUN: FileCheck %s < %t.plain.log
// RUN: %cc -O1 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t > %t.log
// RUN: diff %t.plain.log %t.log
// RUN: %cc -O1 %ctxflags %s -o %tc %libs
// RUN: env CCPROF_OUT=%tc.out %tc > %tc.log
// RUN: diff %t.plain.log %tc.log
//
// CHECK:      bad ss: -1 EFAULT 1
// CHECK-NEXT: bad old: -1 EFAULT 1
// CHECK-NEXT: bad flags: -1 EINVAL 1
// CHECK-NEXT: still none 1
// CHECK-NEXT: aliased: 0, old none 1, own installed 1
// CHECK-NEXT: bad ss with own: -1 EFAULT 1

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#define BAD ((void *)8)

static int none(void)
{
	stack_t cur;

	return sigaltstack(NULL, &cur) == 0 && (cur.ss_flags & SS_DISABLE);
}

__attribute__((noinline)) static void try_bad(const char *what, stack_t *ss,
					      stack_t *old)
{
	int r;

	errno = 0;
	r = sigaltstack(ss, old);
	printf("%s: %d %s %d\n", what, r, errno == EFAULT ? "EFAULT" :
	       errno == EINVAL ? "EINVAL" : "other", errno != 0);
}

int main(void)
{
	stack_t ss;
	void *mem = malloc(1 << 16);
	int r, was_none, own;

	try_bad("bad ss", BAD, NULL);
	try_bad("bad old", NULL, BAD);
	ss.ss_sp = mem;
	ss.ss_size = 1 << 16;
	ss.ss_flags = 12345;
	try_bad("bad flags", &ss, NULL);
	printf("still none %d\n", none());

	ss.ss_flags = 0;
	r = sigaltstack(&ss, &ss);	/* ss is also old */
	was_none = (ss.ss_flags & SS_DISABLE) != 0;
	own = sigaltstack(NULL, &ss) == 0 && ss.ss_sp == mem &&
	      !(ss.ss_flags & SS_DISABLE);
	printf("aliased: %d, old none %d, own installed %d\n", r, was_none,
	       own);
	try_bad("bad ss with own", BAD, NULL);
	return 0;
}
