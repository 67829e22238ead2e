//===- AmdgpuRetarget.h - NVPTX IR to AMDGCN IR, the steps --------*- C++ -*-===//
#ifndef GEVO_HARNESS_LOWER_AMDGPURETARGET_H
#define GEVO_HARNESS_LOWER_AMDGPURETARGET_H

#include "llvm/Support/Error.h"

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace gevo {

/// Special registers, barriers, fences, warp shuffles and votes (CUDA's
/// 32-thread warps emulated on either half of a 64-lane wavefront),
/// atomics and ldg, as AMDGCN intrinsics and plain IR. An intrinsic without
/// a sensible mapping is an Error naming it.
llvm::Error lowerNvvmForAmdgcn(llvm::Module &M);

/// Defines every __nv_* function M calls from gevo's AMDGCN library
/// (amdgpu/*.c); a function it lacks is an Error naming it.
llvm::Error linkNvMath(llvm::Module &M);

/// Retargets M (NVPTX IR) to TM's AMDGCN triple and data layout: kernels
/// become amdgpu_kernel functions, allocas move to the private address
/// space, NVPTX attributes and metadata go; then the intrinsics and the
/// math library as above.
llvm::Error retargetToAmdgcn(llvm::Module &M, llvm::TargetMachine &TM);

} // namespace gevo

#endif // GEVO_HARNESS_LOWER_AMDGPURETARGET_H
