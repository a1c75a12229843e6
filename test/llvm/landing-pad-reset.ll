; At the start of every landing pad `current` is set to the function's
; counters: the exception may come from any callee's frame.
; RUN: %opt -passes=ccprof -S < %s | FileCheck %s

declare void @may_throw()
declare i32 @__gxx_personality_v0(...)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()

; CHECK-LABEL: define void @catcher(
; CHECK:      lpad:
; CHECK-NEXT:   %lp = landingpad { ptr, i32 }
; CHECK-NEXT:     catch ptr null
; CHECK-NOT:    {{extractvalue|__cxa}}
; CHECK:        store volatile ptr @__ccprof_cnt.catcher, ptr {{%.*|@__ccprof_current}}
; CHECK-NEXT:   %e = extractvalue
define void @catcher() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %done unwind label %lpad
lpad:
  %lp = landingpad { ptr, i32 }
    catch ptr null
  %e = extractvalue { ptr, i32 } %lp, 0
  %x = call ptr @__cxa_begin_catch(ptr %e)
  call void @__cxa_end_catch()
  br label %done
done:
  ret void
}
