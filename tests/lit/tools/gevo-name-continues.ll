; Instructions that already have a UID keep it; new ones are numbered after
; the largest one in use.
; RUN: %opt -load-pass-plugin=%plugin -passes=gevo-name -S %s | FileCheck %s

define i32 @f(i32 %x) {
; CHECK:  %a = add i32 %x, 1, !gevo.uid ![[A:[0-9]+]]
; CHECK:  %b = add i32 %a, 2, !gevo.uid ![[B:[0-9]+]]
; CHECK:  ret i32 %b, !gevo.uid ![[R:[0-9]+]]
  %a = add i32 %x, 1, !gevo.uid !0
  %b = add i32 %a, 2
  ret i32 %b
}
!0 = !{!"U41"}
; CHECK-DAG: ![[A]] = !{!"U41"}
; CHECK-DAG: ![[B]] = !{!"U42"}
; CHECK-DAG: ![[R]] = !{!"U43"}
