; Ordered atomics and fences as libcu++'s fallbacks and gevo's atomic_ref
; write them (the __atomic builtins).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @orders(ptr %p, ptr %q) {
  %a = load atomic i32, ptr %p syncscope("block") acquire, align 4
  %b = atomicrmw add ptr %p, i32 %a acq_rel, align 4
  fence seq_cst
  %c = cmpxchg ptr %q, i32 %b, i32 1 syncscope("singlethread") seq_cst seq_cst, align 4
  store atomic i32 %a, ptr %q release, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @orders, !"kernel", i32 1}
