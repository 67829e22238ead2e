; Deleting U1 (%b) rewires its users: the fadd gets the recorded U0 (%v) and
; the store, with no recorded choice, the constant 1.0.
; RUN: echo 'delete U1 fix=U2:0=U0' > %t.edits
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-name,gevo-apply<edits=%t.edits>' -S %s | FileCheck %s

define void @k(ptr %p, float %x) {
; CHECK-LABEL: define void @k(
; CHECK-NEXT:  entry:
; CHECK-NEXT:   %v = load float, ptr %p
; CHECK-NEXT:   %c = fadd float %v, %x
; CHECK-NEXT:   store float 1.000000e+00, ptr %p
; CHECK-NEXT:   store float %c, ptr %p
entry:
  %v = load float, ptr %p
  %b = fadd float %v, %x
  %c = fadd float %b, %x
  store float %b, ptr %p
  store float %c, ptr %p
  ret void
}
