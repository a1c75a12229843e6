; -ccprof-mode takes flat or context; current=off has no meaning in
; context mode (a context is what `current` holds): both are errors that
; name the option.
; RUN: not %opt -passes=ccprof -ccprof-mode=tree -S < %s 2>&1 | FileCheck %s --check-prefix=VALUE
; VALUE: bad value 'tree' for option -ccprof-mode (expected flat or context)
; RUN: not %opt -passes=ccprof -ccprof-mode=context -ccprof-current=off -S < %s 2>&1 | FileCheck %s --check-prefix=OFF
; OFF: option -ccprof-current=off does not apply to -ccprof-mode=context
define void @f() {
  ret void
}
