; No float value dominates the entry block's start, so copying the fmul
; there repairs both operands with the constant 1.0 (GEVO's Figure 4).
; RUN: echo 'copy U2 U0 fix=U2@U0:0=C fix=U2@U0:1=C' > %t.edits
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-name,gevo-apply<edits=%t.edits>' -S %s | FileCheck %s

define void @k(ptr %p, ptr %q) {
; CHECK-LABEL: define void @k(
; CHECK-NEXT:  entry:
; CHECK-NEXT:   %m1 = fmul float 1.000000e+00, 1.000000e+00
; CHECK-NEXT:   %v = load float, ptr %p
entry:
  %v = load float, ptr %p
  %w = load float, ptr %q
  %m = fmul float %v, %w
  store float %m, ptr %p
  ret void
}
