; Swapping U1 and U3: both keep their UIDs; %c (U2) loses %b's dominance
; and takes the recorded U0.
; RUN: echo 'swap U1 U3 fix=U2:0=U0' > %t.edits
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-name,gevo-apply<edits=%t.edits>' -S %s | FileCheck %s

define void @k(ptr %p, float %x) {
; CHECK-LABEL: define void @k(
; CHECK-NEXT:  entry:
; CHECK-NEXT:   %v = load float, ptr %p{{.*}} !gevo.uid ![[U0:[0-9]+]]
; CHECK-NEXT:   %m = fmul float %x, 2.000000e+00{{.*}} !gevo.uid ![[U3:[0-9]+]]
; CHECK-NEXT:   %c = fadd float %v, %x
; CHECK-NEXT:   %b = fadd float %v, %x{{.*}} !gevo.uid ![[U1:[0-9]+]]
; CHECK: ![[U0]] = !{!"U0"}
; CHECK: ![[U3]] = !{!"U3"}
; CHECK: ![[U1]] = !{!"U1"}
entry:
  %v = load float, ptr %p
  %b = fadd float %v, %x
  %c = fadd float %b, %x
  %m = fmul float %x, 2.0
  %a = fadd float %c, %m
  store float %a, ptr %p
  ret void
}
