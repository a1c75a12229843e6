; Which functions get a cost centre (plugin-common/selection.h): every
; one (policy=all), those with external linkage (exported: the internal
; one is excluded, saving and restoring `current`), one per module named
; after its source file (file), only the annotations (annotated);
; include=/exclude= by linkage name, include-file=/exclude-file= by
; source file (here the module's, without debug info); a pattern that
; matched no function is a note.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s --check-prefix=ALL
; ALL-DAG: @__ccprof_cnt.pub = private global
; ALL-DAG: @__ccprof_cnt.priv = private global
; RUN: %opt -passes=ccprof -ccprof-policy=exported -S < %s | FileCheck %s --check-prefix=EXPORTED
; EXPORTED-NOT: @__ccprof_cnt.priv =
; EXPORTED: @__ccprof_cnt.pub = private global
; EXPORTED-LABEL: define internal void @priv(
; EXPORTED:       [[SAVED:%.*]] = load volatile ptr, ptr {{%.*|@__ccprof_current}}
; EXPORTED:       store volatile ptr [[SAVED]], ptr {{%.*|@__ccprof_current}}
; RUN: %opt -passes=ccprof -ccprof-policy=file -S < %s | FileCheck %s --check-prefix=FILE
; FILE-NOT: @__ccprof_cnt.
; FILE: @__ccprof_scc.dir_2fsel_2ec = linkonce_odr hidden global
; FILE-LABEL: define internal void @priv(
; FILE: store volatile ptr @__ccprof_scc.dir_2fsel_2ec
; FILE-LABEL: define void @pub(
; FILE: store volatile ptr @__ccprof_scc.dir_2fsel_2ec
; RUN: %opt -passes=ccprof -ccprof-policy=annotated -S < %s | FileCheck %s --check-prefix=NONE
; RUN: %opt -passes=ccprof -ccprof-exclude-file=*/sel.c -S < %s | FileCheck %s --check-prefix=NONE
; NONE-NOT: @__ccprof_cnt.
; NONE-NOT: @__ccprof_module
; RUN: %opt -passes=ccprof -ccprof-include=pub -S < %s | FileCheck %s --check-prefix=PUBONLY
; RUN: %opt -passes=ccprof -ccprof-exclude=pri* -ccprof-include-file=dir/* -S < %s | FileCheck %s --check-prefix=PUBONLY
; PUBONLY-NOT: @__ccprof_cnt.priv =
; PUBONLY: @__ccprof_cnt.pub = private global
; PUBONLY-NOT: @__ccprof_cnt.priv =
; RUN: %opt -passes=ccprof -ccprof-exclude=nothing_like_this -S < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
; WARN: note: ccprof: exclude=nothing_like_this matched no function in dir/sel.c
; WARN-NOT: {{warning|note}}
; RUN: not %opt -passes=ccprof -ccprof-policy=some -S < %s 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: ccprof: bad value 'some' for option -ccprof-policy (expected all, exported, file or annotated)
source_filename = "dir/sel.c"

declare void @g()

define internal void @priv() {
  call void @g()
  call void @g()
  ret void
}

define void @pub() {
  call void @priv()
  call void @g()
  ret void
}
