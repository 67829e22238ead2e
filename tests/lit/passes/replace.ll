; Replacing U2 (%c = fadd %b, %x) by a copy of U3 (%m = fmul %x, 2.0): the
; copy takes %c's place and users; its UID is U3@U2.
; RUN: echo 'replace U2 U3' > %t.edits
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-name,gevo-apply<edits=%t.edits>' -S %s | FileCheck %s
; RUN: echo 'replace U2 U5' > %t.bad
; RUN: not %gevo-mutate --edits %t.bad %s -o /dev/null 2>&1 | FileCheck --check-prefix=TYPE %s

define void @k(ptr %p, float %x) {
; CHECK-LABEL: define void @k(
; CHECK:        %b = fadd float %v, %x
; CHECK-NEXT:   %m1 = fmul float %x, 2.000000e+00, !gevo.uid ![[R:[0-9]+]]
; CHECK-NEXT:   %m = fmul float %x, 2.000000e+00
; CHECK-NEXT:   %a = fadd float %m1, %m
; CHECK: ![[R]] = !{!"U3@U2"}
entry:
  %v = load float, ptr %p
  %b = fadd float %v, %x
  %c = fadd float %b, %x
  %m = fmul float %x, 2.0
  %a = fadd float %c, %m
  store float %a, ptr %p
  ret void
}
; TYPE: gevo-mutate: error: {{.*}}edit 1 is not applicable: U2 and U5 differ in type
