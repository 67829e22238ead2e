; Copying U1 (%b = fadd %v, %x) before U0 (the load that defines %v): %v
; does not dominate the copy, so operand 0 is repaired with the recorded
; choice A1 (%x); the copy then feeds the later fadd (use=U2:0).
; RUN: echo 'copy U1 U0 fix=U1@U0:0=A1 use=U2:0' > %t.edits
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-name,gevo-apply<edits=%t.edits>' -S %s | FileCheck %s

define void @k(ptr %p, float %x) {
; CHECK-LABEL: define void @k(
; CHECK-NEXT:  entry:
; CHECK-NEXT:   %b1 = fadd float %x, %x
; CHECK-NEXT:   %v = load float, ptr %p
; CHECK-NEXT:   %b = fadd float %v, %x
; CHECK-NEXT:   %c = fadd float %b1, %x
entry:
  %v = load float, ptr %p
  %b = fadd float %v, %x
  %c = fadd float %b, %x
  store float %c, ptr %p
  ret void
}
