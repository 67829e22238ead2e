; Deleting the switch condition's definition repairs the condition only:
; the case values (constant-only operands) stay as they were, and an
; operand edit on a case value is refused.
; RUN: echo 'delete U0 fix=U1:0=A1' > %t.edits
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-name,gevo-apply<edits=%t.edits>' -S %s | FileCheck %s
; RUN: echo 'operand U1:2 A0' > %t.case
; RUN: not %gevo-mutate --edits %t.case %s -o /dev/null 2>&1 | FileCheck --check-prefix=CASE %s

define i32 @k(i32 %x, i32 %y) {
; CHECK-LABEL: define i32 @k(
; CHECK:        switch i32 %y, label %d [
; CHECK-NEXT:     i32 0, label %a
; CHECK-NEXT:     i32 7, label %b
entry:
  %s = and i32 %x, 15
  switch i32 %s, label %d [ i32 0, label %a
                            i32 7, label %b ]
a:
  ret i32 1
b:
  ret i32 2
d:
  ret i32 3
}
; CASE: operand 2 of U1 cannot be replaced
