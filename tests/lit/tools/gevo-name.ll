; gevo-name gives every instruction a UID in program order, and is
; idempotent: naming a named module changes nothing.
; RUN: %opt -load-pass-plugin=%plugin -passes=gevo-name -S < %s -o %t.once.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=gevo-name -S < %t.once.ll -o %t.twice.ll
; RUN: diff %t.once.ll %t.twice.ll
; RUN: FileCheck %s < %t.once.ll

define i32 @f(i32 %x) {
; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:  %a = add i32 %x, 1, !gevo.uid ![[A:[0-9]+]]
; CHECK-NEXT:  ret i32 %a, !gevo.uid ![[R:[0-9]+]]
  %a = add i32 %x, 1
  ret i32 %a
}
define i32 @g(i32 %x) {
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT:  %b = mul i32 %x, 3, !gevo.uid ![[B:[0-9]+]]
  %b = mul i32 %x, 3
  ret i32 %b
}
; CHECK: ![[A]] = !{!"U0"}
; CHECK: ![[R]] = !{!"U1"}
; CHECK: ![[B]] = !{!"U2"}
