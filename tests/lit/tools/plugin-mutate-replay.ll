; gevo-mutate<op=...;seed=...;out=...> writes the edit it made; replaying
; that edit with gevo-apply on the same input gives the identical module.
; RUN: for op in copy delete move replace operand swap; do \
; RUN:   %opt -load-pass-plugin=%plugin -passes="gevo-mutate<op=$op;seed=5;out=%t.$op.edit>" -S %s -o %t.$op.mut.ll && \
; RUN:   %opt -load-pass-plugin=%plugin -passes="gevo-name,gevo-apply<edits=%t.$op.edit>" -S %s -o %t.$op.rep.ll && \
; RUN:   diff %t.$op.mut.ll %t.$op.rep.ll || exit 1; \
; RUN: done
; RUN: cat %t.copy.edit %t.delete.edit %t.move.edit %t.replace.edit %t.operand.edit %t.swap.edit | FileCheck %s
; Without out=, the edit goes to stderr.
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-mutate<op=delete;seed=5>' -S %s -o /dev/null 2>&1 | FileCheck --check-prefix=STDERR %s
; CHECK: copy U
; CHECK-NEXT: delete U
; CHECK-NEXT: move U
; CHECK-NEXT: replace U
; CHECK-NEXT: operand U
; CHECK-NEXT: swap U
; STDERR: delete U

define void @k(ptr %p, float %x, i32 %n) {
entry:
  %v = load float, ptr %p
  %b = fadd float %v, %x
  %c = fmul float %b, %x
  %i = add i32 %n, 1
  %f = sitofp i32 %i to float
  %d = fsub float %c, %f
  store float %d, ptr %p
  ret void
}
