; -ccprof-mode takes flat or context, -ccprof-transitions call-site or
; entry; current=off has no meaning in context mode (a context is what
; `current` holds): each is an error that names the option.
; RUN: not %opt -passes=ccprof -ccprof-mode=tree -S < %s 2>&1 | FileCheck %s --check-prefix=VALUE
; VALUE: bad value 'tree' for option -ccprof-mode (expected flat or context)
; RUN: not %opt -passes=ccprof -ccprof-mode=context -ccprof-current=off -S < %s 2>&1 | FileCheck %s --check-prefix=OFF
; OFF: option -ccprof-current=off does not apply to -ccprof-mode=context
; RUN: not %opt -passes=ccprof -ccprof-mode=context -ccprof-transitions=callee -S < %s 2>&1 | FileCheck %s --check-prefix=TRANS
; TRANS: bad value 'callee' for option -ccprof-transitions (expected call-site or entry)
define void @f() {
  ret void
}
