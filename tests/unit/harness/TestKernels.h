//===- TestKernels.h - Small NVPTX kernels for the harness tests -*- C++ -*-===//

#ifndef GEVO_TESTS_UNIT_HARNESS_TESTKERNELS_H
#define GEVO_TESTS_UNIT_HARNESS_TESTKERNELS_H

#include "gevo/harness/Cuda.h"

#include "ParseIR.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <memory>
#include <optional>

namespace gevo::test {

/// A kernel marked the way clang 19 marks __global__ functions (an
/// !nvvm.annotations entry) that reverses a block's elements through shared
/// memory after expf, a ptx_kernel-convention kernel, and a device helper.
inline constexpr const char *ReverseExp = R"IR(
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [128 x float] undef, align 4
@scale = addrspace(1) externally_initialized global float 1.0, align 4

define void @reverse_exp(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %src, align 4
  %e = call float @__nv_expf(float %v)
  %slot = getelementptr inbounds [128 x float], ptr addrspace(3) @tile, i64 0, i64 %idx
  store float %e, ptr addrspace(3) %slot, align 4
  call void @llvm.nvvm.barrier0()
  %rev = sub i64 127, %idx
  %other = getelementptr inbounds [128 x float], ptr addrspace(3) @tile, i64 0, i64 %rev
  %w = load float, ptr addrspace(3) %other, align 4
  %s = call float @times_scale(float %w)
  %dst = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %s, ptr addrspace(1) %dst, align 4
  ret void
}

define ptx_kernel void @fill(ptr addrspace(1) %out, i32 %value) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %value, ptr addrspace(1) %dst, align 4
  ret void
}

define float @times_scale(float %x) noinline {
  %k = load float, ptr addrspace(1) @scale, align 4
  %r = fmul float %x, %k
  ret float %r
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare float @__nv_expf(float)

!nvvm.annotations = !{!0}
!0 = !{ptr @reverse_exp, !"kernel", i32 1}
)IR";

/// Declares \p Cuda, the CUDA toolkit found, or skips the current test with a
/// visible reason when there is none or it lacks \p Field (Ptxas, Libdevice).
#define GEVO_REQUIRE_CUDA(Cuda, Field)                                         \
  std::optional<CudaToolkit> Cuda = findCudaToolkit();                         \
  if (!Cuda || Cuda->Field.empty())                                            \
  GTEST_SKIP() << "CUDA toolkit not found (set CUDA_PATH)"

} // namespace gevo::test

#endif // GEVO_TESTS_UNIT_HARNESS_TESTKERNELS_H
