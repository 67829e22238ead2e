; %t feeds a phi from %body. Deleting it repairs the phi's incoming value
; with a value that dominates the end of %body (A1, %n); the phi itself is
; never an edit target.
; RUN: echo 'delete U2 fix=U4:1=A1' > %t.edits
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-name,gevo-apply<edits=%t.edits>' -S %s | FileCheck %s
; RUN: echo 'delete U4' > %t.phi
; RUN: not %gevo-mutate --edits %t.phi %s -o /dev/null 2>&1 | FileCheck --check-prefix=PHI %s

define i32 @k(i1 %c, i32 %n) {
; CHECK-LABEL: define i32 @k(
; CHECK:       exit:
; CHECK-NEXT:   %r = phi i32 [ 0, %entry ], [ %n, %body ]
entry:
  %a = add i32 %n, 1
  br i1 %c, label %body, label %exit
body:
  %t = mul i32 %a, 3
  br label %exit
exit:
  %r = phi i32 [ 0, %entry ], [ %t, %body ]
  ret i32 %r
}
; PHI: gevo-mutate: error: {{.*}}edit 1 is not applicable: U4 cannot be deleted
