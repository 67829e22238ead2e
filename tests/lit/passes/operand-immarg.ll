; Constant-only operands are never replaced: an immarg intrinsic argument,
; a GEP struct index, a callee.
; RUN: echo 'operand U0:1 A1' > %t.immarg
; RUN: not %gevo-mutate --edits %t.immarg %s -o /dev/null 2>&1 | FileCheck --check-prefix=IMM %s
; RUN: echo 'operand U0:2 A1' > %t.callee
; RUN: not %gevo-mutate --edits %t.callee %s -o /dev/null 2>&1 | FileCheck --check-prefix=CALLEE %s
; RUN: echo 'operand U1:2 A1' > %t.struct
; RUN: not %gevo-mutate --edits %t.struct %s -o /dev/null 2>&1 | FileCheck --check-prefix=STRUCT %s
; RUN: echo 'operand U1:1 A1' > %t.array
; RUN: %gevo-mutate --edits %t.array %s -o - | FileCheck --check-prefix=ARRAY %s
; Random operand edits never pick those slots either.
; RUN: for s in 0 1 2 3 4 5 6 7 8 9 10 11; do %gevo-mutate --op operand --seed $s %s -o /dev/null; done | FileCheck --check-prefix=RANDOM %s

%pair = type { i32, float }
define i32 @k(i32 %x, i32 %n, ptr %p) {
entry:
  %lz = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
  %f = getelementptr %pair, ptr %p, i32 0, i32 1
  store float 1.0, ptr %f
  %r = add i32 %lz, %n
  ret i32 %r
}
declare i32 @llvm.ctlz.i32(i32, i1 immarg)
; IMM: operand 1 of U0 cannot be replaced
; CALLEE: operand 2 of U0 cannot be replaced
; STRUCT: operand 2 of U1 cannot be replaced
; ARRAY: getelementptr %pair, ptr %p, i32 %n, i32 1
; RANDOM-NOT: operand U0:1
; RANDOM-NOT: operand U1:2
