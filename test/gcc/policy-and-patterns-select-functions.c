// REQUIRES: gcc
// Which functions get a cost centre (plugin-common/selection.h): every
// one (policy=all), those with external linkage (exported: the static
// one is excluded, saving and restoring `current`), one per unit named
// after the source file (file: every function charges it), only the
// annotations (annotated); include=/exclude= by name, -file= by source
// file; and GCC's own -finstrument-functions-exclude-function-list= and
// -file-list= (substrings, as GCC applies them).
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-current=address -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=ALL
// ALL-DAG: &__ccprof_cnt.pub;
// ALL-DAG: &__ccprof_cnt.priv;
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-current=address -fplugin-arg-ccprof-policy=exported -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=EXPORTED
// EXPORTED-LABEL: priv ()
// EXPORTED: [[SAVED:_[0-9]+]] ={v} __ccprof_current;
// EXPORTED: __ccprof_current ={v} [[SAVED]];
// EXPORTED-LABEL: pub ()
// EXPORTED: __ccprof_current ={v} &__ccprof_cnt.pub;
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-current=address -fplugin-arg-ccprof-policy=file -O0 -fdump-tree-optimized=stdout -S %s -o - | FileCheck %s --check-prefix=FILE
// FILE-LABEL: priv ()
// FILE: __ccprof_current ={v} &__ccprof_scc.{{.*}}policy_2dand_2dpatterns_2dselect_2dfunctions_2ec;
// FILE-LABEL: pub ()
// FILE: __ccprof_current ={v} &__ccprof_scc.{{.*}}policy_2dand_2dpatterns_2dselect_2dfunctions_2ec;
// FILE-NOT: __ccprof_cnt.
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-policy=annotated -O0 -S %s -o - | FileCheck %s --check-prefix=NONE
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-include=pub -fplugin-arg-ccprof-current=address -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=PUBONLY
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-exclude=pri* -fplugin-arg-ccprof-current=address -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=PUBONLY
// RUN: %gcc -fplugin=%gcc_plugin -finstrument-functions-exclude-function-list=riv -fplugin-arg-ccprof-current=address -O0 -fdump-tree-optimized=stdout -S %s -o /dev/null | FileCheck %s --check-prefix=PUBONLY
// PUBONLY-NOT: __ccprof_cnt.priv
// PUBONLY: &__ccprof_cnt.pub;
// PUBONLY-NOT: __ccprof_cnt.priv
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-exclude-file=*select-functions.c -O0 -S %s -o - | FileCheck %s --check-prefix=NONE
// RUN: %gcc -fplugin=%gcc_plugin -finstrument-functions-exclude-file-list=select-fun -O0 -S %s -o - | FileCheck %s --check-prefix=NONE
// NONE-NOT: __ccprof_cnt.
// NONE-NOT: __ccprof_module

void g(void);

static void priv(void)
{
	g();
	g();
}

void pub(void)
{
	priv();
	g();
}
