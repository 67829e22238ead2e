; Moving %s (which uses %t from %then) into %else: %t does not dominate
; %else, so the operand is repaired with the recorded A1 (%n); %s's user
; in %then is no longer dominated either and gets the constant.
; RUN: echo 'move U3 U6 fix=U3:0=A1' > %t.edits
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-name,gevo-apply<edits=%t.edits>' -S %s | FileCheck %s

define i32 @k(i1 %c, i32 %n) {
; CHECK-LABEL: define i32 @k(
; CHECK:       then:
; CHECK-NEXT:   %t = mul i32 %a, 3
; CHECK-NEXT:   %v = add i32 1, %n
; CHECK:       else:
; CHECK-NEXT:   %s = shl i32 %n, 1
; CHECK-NEXT:   br label %join
entry:
  %a = add i32 %n, 1
  br i1 %c, label %then, label %else
then:
  %t = mul i32 %a, 3
  %s = shl i32 %t, 1
  %v = add i32 %s, %n
  br label %join
else:
  br label %join
join:
  %r = phi i32 [ %v, %then ], [ 0, %else ]
  ret i32 %r
}
