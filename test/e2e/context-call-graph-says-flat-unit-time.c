// --call-graph of a program whose units are partly in flat mode: the
// flat-mode functions' samples land on their own records, in no context,
// so the call graph cannot place them.  A line above it says how many
// ticks, what share of the run, and which functions, so that its
// percentages are not read as all of the program.  Before, flat_burn's
// time (most of the run here) was simply missing and the entries' shares
// added up to far less than 100%.  With every unit in context mode
// there is no such line.
//
// REQUIRES: context-mode
// RUN: %cc -O1 -c %S/Inputs/context-call-graph-flat-unit.c -o %t-flat.o
// RUN: %cc -O1 %ctxflags %s %t-flat.o -o %t %libs
// RUN: rm -f %t.db && env CCPROF_OUT=%t.out %t
// RUN: %report --db %t.db %t.out > /dev/null
// RUN: %report --db %t.db --no-import --call-graph | FileCheck %s
// CHECK: each sample counts as
// CHECK: {{[0-9]+}} ticks ({{[4-9][0-9]\.[0-9]|100\.0}}%) are in no context, and not below: functions built in flat mode (flat_burn); the flat profile has them
// CHECK: index % time
//
// RUN: %cc -O1 %ctxflags -c %S/Inputs/context-call-graph-flat-unit.c -o %t-ctx.o
// RUN: %cc -O1 %ctxflags %s %t-ctx.o -o %t.all %libs
// RUN: rm -f %t.all.db && env CCPROF_OUT=%t.all.out %t.all
// RUN: %report --db %t.all.db %t.all.out > /dev/null
// RUN: %report --db %t.all.db --no-import --call-graph > %t.all.txt
// RUN: not grep "no context" %t.all.txt
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
