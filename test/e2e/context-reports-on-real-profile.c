// ccprof-report's context reports on a real context-mode profile: a
// calls c 20 times cheaply, b calls c 10 times dearly (four times the
// work per call), so b's calls take two thirds of c's time where gprof,
// dividing by calls, would give b one third.  --format folded --metric
// calls gives each path's exact calls; --call-graph each arc's exact
// calls; the call_arcs view puts b->c's share of c's ticks near 2/3
// (within 0.55 to 0.78: sampling noise on a loaded machine); --callers
// and --format folded (ticks) name the same paths.
//
// REQUIRES: context-mode
// RUN: rm -f %t.db
// RUN: %cc -O2 -falign-loops=32 %ctxflags %s -o %t %libs
// RUN: env CCPROF_OUT=%t.out %t 4
// RUN: %report --db %t.db --format folded --metric calls %t.out | FileCheck %s --check-prefix=CALLS --match-full-lines
// RUN: %report --db %t.db --no-import --call-graph > %t.graph
// RUN: FileCheck %s --check-prefix=MAIN < %t.graph
// RUN: FileCheck %s --check-prefix=C < %t.graph
// RUN: %report --db %t.db --no-import --sql "SELECT CASE WHEN b * 1.0 / (a + b) BETWEEN 0.55 AND 0.78 THEN 'share ok' ELSE 'share ' || a || ' ' || b END FROM (SELECT sum(CASE WHEN caller = 'a' THEN self_ticks END) AS a, sum(CASE WHEN caller = 'b' THEN self_ticks END) AS b FROM call_arcs WHERE run = :run AND callee = 'c')" --format csv | FileCheck %s --check-prefix=SHARE
// RUN: %report --db %t.db --no-import --callers c | FileCheck %s --check-prefix=CALLERS
// RUN: %report --db %t.db --no-import --format folded | FileCheck %s --check-prefix=TICKS
//
//      CALLS:main 1
// CALLS-NEXT:main;a 4
// CALLS-NEXT:main;a;c 80
// CALLS-NEXT:main;b 4
// CALLS-NEXT:main;b;c 40
// CALLS-NOT:{{.}}
//
// MAIN:      {{ 1/1 +}}<spontaneous>
// MAIN-NEXT: {{^\[1\] +100.0 .* 1 +}}main [1]
// MAIN-NEXT: {{ 4/4 +}}b {{\[[0-9]+\]$}}
// MAIN-NEXT: {{ 4/4 +}}a {{\[[0-9]+\]$}}
//
// C:      {{ 80/120 +}}a {{\[[0-9]+\]$}}
// C-NEXT: {{ 40/120 +}}b {{\[[0-9]+\]$}}
// C-NEXT: {{^\[[0-9]+\] .* 120 +}}c {{\[[0-9]+\]$}}
//
// SHARE: share ok
//
// CALLERS:       callers of c in run 1:
// CALLERS:  {{ 40 +}}b
// CALLERS-NEXT: {{ 40 +}}main
// CALLERS-NEXT: {{ 80 +}}a
// CALLERS-NEXT: {{ 80 +}}main
//
// TICKS-DAG: {{^}}main;a;c [[#]]
// TICKS-DAG: {{^}}main;b;c [[#]]
#include "e2e_work.h"
void c(int work) { SPIN(UNIT / 4 * work); }
void a(void) { for (int i = 0; i < 20; i++) c(1); }
void b(void) { for (int i = 0; i < 10; i++) c(4); }
int main(int argc, char **argv) {
  for (int r = 0; r < ROUNDS(argc, argv); r++) {
    a();
    b();
  }
  return 0;
}
