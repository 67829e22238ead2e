; Moving U0 (%v) after its user: the user loses dominance and is repaired
; (fix=U1:0=A1); the moved load, now unused, gets a later user (use=U3:0).
; RUN: echo 'move U0 U3 fix=U1:0=A1 use=U3:0' > %t.edits
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-name,gevo-apply<edits=%t.edits>' -S %s | FileCheck %s

define void @k(ptr %p, float %x) {
; CHECK-LABEL: define void @k(
; CHECK-NEXT:  entry:
; CHECK-NEXT:   %b = fadd float %x, %x
; CHECK-NEXT:   %c = fadd float %b, %x
; CHECK-NEXT:   %v = load float, ptr %p
; CHECK-NEXT:   store float %v, ptr %p
entry:
  %v = load float, ptr %p
  %b = fadd float %v, %x
  %c = fadd float %b, %x
  store float %c, ptr %p
  ret void
}
