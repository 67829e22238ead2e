; Copy U3 (the fmul) before U5 (the store); its operands dominate the new
; place and are kept, and the store's value operand is rewired to the copy
; (use=), so the copy has an effect.
; RUN: echo 'copy U3 U5 use=U5:0' > %t.edits
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-name,gevo-apply<edits=%t.edits>' -S %s | FileCheck %s

define void @k(ptr %p, float %x) {
; CHECK-LABEL: define void @k(
; CHECK:        %a = fadd float %m, %m
; CHECK-NEXT:   %m1 = fmul float %x, 2.000000e+00, !gevo.uid ![[COPY:[0-9]+]]
; CHECK-NEXT:   store float %m1, ptr %p
; CHECK: ![[COPY]] = !{!"U3@U5"}
entry:
  %v = load float, ptr %p
  %b = fadd float %v, %x
  %c = fadd float %b, %x
  %m = fmul float %x, 2.0
  %a = fadd float %m, %m
  store float %a, ptr %p
  ret void
}
