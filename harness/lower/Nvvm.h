//===- Nvvm.h - Replacing NVVM intrinsics, for every target -------*- C++ -*-===//
//
// The cpu target and the AMDGPU lowering both replace each call to an
// llvm.nvvm.* intrinsic with IR of their own; the walk over the calls and
// the replacements that are plain IR everywhere (NVVM atomics, ldg) are
// shared here.
//
//===----------------------------------------------------------------------===//

#ifndef GEVO_HARNESS_LOWER_NVVM_H
#define GEVO_HARNESS_LOWER_NVVM_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/Error.h"

namespace gevo {

/// What replaces one call: the call and the intrinsic's name without its
/// "llvm.nvvm." prefix; returns the replacing value (nullptr when the call
/// has no result) or an Error.
using NvvmLowerFn =
    llvm::function_ref<llvm::Expected<llvm::Value *>(llvm::CallInst &,
                                                     llvm::StringRef)>;

/// Replaces every call to an llvm.nvvm.* intrinsic of M by Lower's value
/// (built before the call) and erases the calls and the declarations. A use
/// that is not a call, or Lower's first Error, is an Error.
llvm::Error replaceNvvmCalls(llvm::Module &M, NvvmLowerFn Lower);

/// "the <Target> target does not support intrinsic <Name>".
llvm::Error unsupportedIntrinsic(llvm::StringRef Target, llvm::StringRef Name);

/// atomic.load.{inc,dec}.32.* and atomic.<op>.gen.<i|f>.<scope>.* (Form is
/// the name after "atomic.") as a monotonic atomicrmw or cmpxchg at system
/// scope, which is at least as strong as any NVVM scope.
llvm::Expected<llvm::Value *> lowerNvvmAtomic(llvm::IRBuilder<> &B,
                                              llvm::CallInst &CI,
                                              llvm::StringRef Form,
                                              llvm::StringRef Target);

/// ldg.global.*: a plain load with the call's alignment.
llvm::Value *lowerLdg(llvm::IRBuilder<> &B, llvm::CallInst &CI);

/// The threads a sync scope spans, by LLVM's names and the targets' (a
/// block: block, cta, workgroup; a warp: warp, wavefront; any other name:
/// the device).
enum class ScopeSpan { Thread, Warp, Block, Device, System };
ScopeSpan scopeSpan(llvm::LLVMContext &Ctx, llvm::SyncScope::ID Id);

/// Fences and ordered atomics as monotonic ones between membars, which
/// LLVM 19's NVPTX back end selects (NvptxOrders.cpp).
void orderAtomicsForNvptx(llvm::Module &M);

} // namespace gevo

#endif // GEVO_HARNESS_LOWER_NVVM_H
