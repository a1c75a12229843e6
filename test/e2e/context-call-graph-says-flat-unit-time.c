// The reports of contexts of a program whose units are partly in flat
// mode: the flat-mode functions' samples land on their own records, in
// no context.  They are shown at the root, called from unknown callers,
// so that every report holds all of the run's time: the call graph as
// entries called from <spontaneous>, with a line above it that says how
// many ticks and whose, folded stacks as frames of their own.  Before,
// flat_burn's time (most of the run here) was missing from the call
// graph, the folded stacks, pprof, callgrind and the flame graph.  With
// every unit in context mode there is no such line.
//
// REQUIRES: context-mode
// RUN: %cc -O1 -c %S/Inputs/context-call-graph-flat-unit.c -o %t-flat.o
// RUN: %cc -O1 %ctxflags %s %t-flat.o -o %t %libs
// RUN: rm -f %t.db && env CCPROF_OUT=%t.out %t
// RUN: %report --db %t.db %t.out > /dev/null
// RUN: %report --db %t.db --no-import --call-graph | FileCheck %s
// CHECK: each sample counts as
// CHECK: {{[0-9]+}} ticks ({{[4-9][0-9]\.[0-9]|100\.0}}%) are in functions built in flat mode, whose callers are not known: entries called from <spontaneous> (flat_burn)
// CHECK: index % time
// CHECK: <spontaneous>
// CHECK-NEXT: [1] {{ *[4-9][0-9]\.[0-9]|100\.0}} {{.*}} flat_burn [1]
// RUN: %report --db %t.db --no-import --format folded | FileCheck %s --check-prefix=FOLDED
// FOLDED: {{^}}flat_burn {{[1-9][0-9]*$}}
//
// RUN: %cc -O1 %ctxflags -c %S/Inputs/context-call-graph-flat-unit.c -o %t-ctx.o
// RUN: %cc -O1 %ctxflags %s %t-ctx.o -o %t.all %libs
// RUN: rm -f %t.all.db && env CCPROF_OUT=%t.all.out %t.all
// RUN: %report --db %t.all.db %t.all.out > /dev/null
// RUN: %report --db %t.all.db --no-import --call-graph > %t.all.txt
// RUN: not grep "flat mode" %t.all.txt
// RUN: FileCheck --check-prefix=ALL %s < %t.all.txt
// ALL: flat_burn
void flat_burn(void);

__attribute__((noinline)) void step(int i)
{
	if (i == 0)
		flat_burn();
}

int main(void)
{
	for (int i = 0; i < 3; i++)
		step(i);
	return 0;
}
