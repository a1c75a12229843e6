/* froyd.c - the program of Froyd, Mellor-Crummey & Fowler (2005), figure
 * 1 (as test/e2e/exclude-charges-callers-froyd.c).  a makes 2 calls of
 * c(1), b makes 4 calls of c(2): the same work, so with c's time charged
 * to whoever called it, a and b get half each.  gprof's call graph divides
 * c's time by call counts and gives b two thirds.  Profiled with c
 * excluded (ccprof's exclude=c; at -O2 also d, which -O2 inlines into c,
 * so that the loop is not decided store by store).  The metric is a's
 * share of a + b; the truth is 50%.  (At -O2 without ccprof, the loop
 * calls an empty inlined function and is deleted: nothing to measure.) */
#define HUGE (1 << 20)
void d() {}
void c(int n) { int i, m = HUGE/n; for(i=0; i<m; ++i) d(); }
void b(void (*f)(int)) { f(2); f(2); f(2); f(2); }
void a(void (*f)(int)) { f(1); f(1); }
#include "work.h"
/* The paper's main, repeated argv[1] times to collect enough samples:
 * many short rounds rather than a few long ones (HUGE is 2^20, not the
 * paper's 2^26), so that a slow stretch of a shared machine falls on a and
 * b alike instead of on one long phase of one of them; c divides once
 * (at -O0 the paper's loop divides on every iteration, and a divide's
 * latency depends on its operands on some cores).  The laps measure
 * the truth (work.h). */
int main(int argc, char **argv) {
  TRUTH_LAP(0);
  for (int r = 0; r < (argc > 1 ? atoi(argv[1]) : 1); r++) {
    a(c); TRUTH_LAP("a");
    b(c); TRUTH_LAP("b");
  }
  return 0;
}
