; Operand replacement: operand 1 of U2 becomes U0; a value that does not
; dominate the slot, or a constant-only slot, is refused.
; RUN: echo 'operand U2:1 U0' > %t.edits
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-name,gevo-apply<edits=%t.edits>' -S %s | FileCheck %s
; RUN: echo 'operand U1:0 U2' > %t.late
; RUN: not %gevo-mutate --edits %t.late %s -o /dev/null 2>&1 | FileCheck --check-prefix=LATE %s

define void @k(ptr %p, float %x) {
; CHECK-LABEL: define void @k(
; CHECK:        %c = fadd float %b, %v
entry:
  %v = load float, ptr %p
  %b = fadd float %v, %x
  %c = fadd float %b, %x
  store float %c, ptr %p
  ret void
}
; LATE: edit 1 is not applicable: U2 cannot stand in operand 0 of U1
