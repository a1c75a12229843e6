// A CCPROF_OUT too long for the system (4,200 bytes) cannot be written;
// the diagnostic still ends with the reason.  The path is shown with
// its middle left out, first and last 190 bytes.  Before, the line
// was cut at 1024 bytes, inside the path, and the reason was lost.
//
// RUN: %cc -O1 %s -o %t %libs
// RUN: env CCPROF_OUT=%t.d/$(printf 'a/%%.0s' $(seq 2100))x %t 2> %t.err
// RUN: FileCheck %s --match-full-lines < %t.err
// CHECK: ccprof: cannot write profile '{{.*}}a/a{{.*}}...{{.*}}a/a{{.*}}': File name too long
// RUN: awk '{ if (length($0) > 1023) print "too long:", length($0) }' %t.err | count 0

__attribute__((noinline)) int step(int i)
{
	return i + 1;
}

int main(void)
{
	volatile int s = 0;

	for (int i = 0; i < 3; i++)
		s += step(i);
	return 0;
}
