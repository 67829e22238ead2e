//===- Retarget.h - NVPTX IR to host IR that calls the runtime ----*- C++ -*-===//
//
// The rewrite that makes an NVPTX module runnable on the host, in steps that
// each own one file: NVVM intrinsics become runtime calls or plain IR
// (Intrinsics.cpp), address spaces collapse into the generic one and shared
// variables become offsets into the block's arena (AddressSpaces.cpp), and
// every kernel gets a host entry point (Retarget.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_RETARGET_H
#define GEVO_HARNESS_CPU_RETARGET_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class DataLayout;
class Function;
class Module;
} // namespace llvm

namespace gevo::cpu {

struct KernelInfo {
  std::string EntryName; ///< void(void **Args), what the launcher calls.
  unsigned NumParams = 0;
  bool Synchronises = false; ///< Reaches a barrier or warp operation.
};

struct RetargetOptions {
  bool Checks = true; ///< Memory, division and stack checks.
};

struct RetargetInfo {
  llvm::StringMap<KernelInfo> Kernels;
  unsigned StaticSharedBytes = 0;
  /// Size of each module-scope variable the host can reach by name.
  llvm::StringMap<uint64_t> GlobalBytes;
  llvm::StringSet<> ReadOnlyGlobals; ///< The __constant__ variables.
};

/// Rewrites \p M (an NVPTX module, in its own context) in place for the host
/// described by \p Triple and \p DL.
llvm::Expected<RetargetInfo> retarget(llvm::Module &M, llvm::StringRef Triple,
                                      const llvm::DataLayout &DL,
                                      const RetargetOptions &Opts);

/// The calling thread's ThreadContext in the IR: one gevo_rt_ctx call at the
/// entry of each function, reused by every rewrite.
class ContextAccess {
public:
  explicit ContextAccess(llvm::Module &M);
  llvm::Value *ctx(llvm::Function &F);
  /// Address of byte \p Offset of the context.
  llvm::Value *fieldPtr(llvm::IRBuilder<> &B, unsigned Offset);
  /// Loads the field at byte \p Offset of the context.
  llvm::Value *loadField(llvm::IRBuilder<> &B, unsigned Offset,
                         llvm::Type *Ty, bool Invariant);
  llvm::FunctionCallee runtime(llvm::StringRef Name);

private:
  llvm::Module &M;
  llvm::DenseMap<llvm::Function *, llvm::Value *> Cache;
};

/// Replaces every call of an llvm.nvvm.* intrinsic; an unknown one is an
/// Error naming it.
llvm::Error replaceNvvmIntrinsics(llvm::Module &M, ContextAccess &Ctx);

/// Metadata kind marking the load of the shared arena's base.
inline constexpr const char *SharedBaseMD = "gevo.shared.base";

/// Instruments every defined function of \p M before optimisation: the
/// modeled cost per basic block, the step budget at function entries and
/// loop headers and, with \p Checks, memory accesses against the live
/// ranges, integer division and the stack limit. A failed check records
/// its status and the instruction's UID in the context and returns.
void instrument(llvm::Module &M, ContextAccess &Ctx, bool Checks,
                unsigned StaticSharedBytes);

/// Moves every global to address space 0 (shared variables into the arena),
/// retypes every pointer value and drops the address-space casts. Returns the
/// static shared-memory size; names the former __constant__ variables in
/// \p ReadOnly.
llvm::Expected<unsigned> lowerAddressSpaces(llvm::Module &M, ContextAccess &Ctx,
                                            llvm::StringSet<> &ReadOnly);

} // namespace gevo::cpu

#endif // GEVO_HARNESS_CPU_RETARGET_H
