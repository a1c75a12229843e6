// A file reached by differently spelled paths ("part.h", "./part.h",
// "sub/../part.h"; clang names a .c file another includes "./u.c" there
// and "u.c" in its own unit) is recorded under one name, its "." and
// ".." resolved, so a function of it is one row of the flat profile, not
// one per spelling (lz4hc.c includes lz4.c: clang's profile had
// LZ4_count twice, 5,870,753 calls in one row, 0 in the other).
//
// RUN: %cc -O1 -g -I%S/Inputs/one-name -DPART='"part.h"' -DMAIN -c %s -o %t-a.o
// RUN: %cc -O1 -g -I%S/Inputs/one-name -DPART='"./part.h"' -DUNIT_B -c %s -o %t-b.o
// RUN: %cc -O1 -g -I%S/Inputs/one-name -DPART='"sub/../part.h"' -DUNIT_C -c %s -o %t-c.o
// RUN: %cc %t-a.o %t-b.o %t-c.o -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t
// RUN: grep -P '^cc\t.*\ttwice\t' %t.out | cut -f 8 | sort -u | FileCheck %s
// CHECK:     {{^}}{{.*}}one-name/part.h{{$}}
// CHECK-NOT: {{.}}
// RUN: %report --db %t.db %t.out | FileCheck %s --check-prefix=REPORT
// REPORT: {{^ *[0-9.]+ +[0-9.]+ +3 .* twice$}}
// REPORT-NOT: twice

#include PART

#ifdef MAIN
int in_b(int);
int in_c(int);

int main(void)
{
	return twice(1) + in_b(1) + in_c(1) == 6 ? 0 : 1;
}
#elif defined(UNIT_B)
int in_b(int x)
{
	return twice(x);
}
#else
int in_c(int x)
{
	return twice(x);
}
#endif
