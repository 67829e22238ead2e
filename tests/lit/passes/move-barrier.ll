; A barrier call moves like any instruction: here out of the guarded block
; into the entry block, before the branch.
; RUN: echo 'move U5 U2' > %t.edits
; RUN: %opt -load-pass-plugin=%plugin -passes='gevo-name,gevo-apply<edits=%t.edits>' -S %s | FileCheck %s
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr addrspace(1) %a, i32 %n) {
; CHECK-LABEL: define void @k(
; CHECK:        %c = icmp slt i32 %tid, %n
; CHECK-NEXT:   call void @llvm.nvvm.barrier0()
; CHECK-NEXT:   br i1 %c, label %body, label %exit
; CHECK:       body:
; CHECK-NEXT:   getelementptr
; CHECK-NEXT:   store float
; CHECK-NEXT:   br label %exit
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %tid, %n
  br i1 %c, label %body, label %exit
body:
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i32 %tid
  store float 0.0, ptr addrspace(1) %p
  call void @llvm.nvvm.barrier0()
  br label %exit
exit:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
