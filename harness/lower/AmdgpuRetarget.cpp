//===- AmdgpuRetarget.cpp - NVPTX IR to AMDGCN IR -------------------------===//
//
// NVPTX's address spaces already have AMDGPU's numbers (generic 0 = flat,
// global 1, shared 3 = LDS, constant 4, local 5 = private), so pointers and
// globals stay as they are; what changes is the triple and data layout,
// allocas (AMDGPU wants them in address space 5), kernels (the
// amdgpu_kernel calling convention instead of ptx_kernel or
// !nvvm.annotations), NVPTX function attributes and metadata, the NVVM
// intrinsics and the libdevice calls. Inline PTX becomes the IR it means
// first (the cpu target's translator, cpu/InlinePtx.cpp: special registers
// and warp operations as NVVM intrinsics, lowered like any others); what it
// cannot translate, or translates to what has no AMD equivalent, is an
// Error naming it.
//
//===----------------------------------------------------------------------===//

#include "AmdgpuRetarget.h"
#include "Backend.h"
#include "Retarget.h"

#include "gevo/harness/Lower.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace gevo {

namespace {
constexpr unsigned PrivateAddressSpace = 5;

/// Each alloca in the generic address space becomes one in the private
/// space, cast back to generic for its users (InferAddressSpaces folds the
/// casts away when optimising).
void moveAllocasToPrivate(Function &F) {
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    auto *AI = dyn_cast<AllocaInst>(&I);
    if (!AI || AI->getAddressSpace() == PrivateAddressSpace)
      continue;
    auto *Private = new AllocaInst(AI->getAllocatedType(), PrivateAddressSpace,
                                   AI->getArraySize(), AI->getAlign(), "",
                                   AI->getIterator());
    Private->takeName(AI);
    auto *Cast = new AddrSpaceCastInst(Private, AI->getType(), "",
                                       AI->getNextNode()->getIterator());
    AI->replaceAllUsesWith(Cast);
    AI->eraseFromParent();
  }
}

/// A kernel becomes an amdgpu_kernel for blocks of up to 1024 threads, as
/// in CUDA; its symbol (like every visible global) is protected, as
/// hip-clang makes them, so the code object needs no dynamic relocations.
Error makeKernel(Function &F) {
  for (const Argument &A : F.args())
    if (A.hasByValAttr())
      return lowerFailure("kernel '" + F.getName() + "' takes argument " +
                          Twine(A.getArgNo()) +
                          " by value as an aggregate (byval), which the "
                          "amdgpu target does not support");
  if (any_of(F.users(), [](const User *U) { return isa<CallBase>(U); }))
    return lowerFailure("kernel '" + F.getName() +
                        "' is called from device code, which the amdgpu "
                        "target does not support");
  F.setCallingConv(CallingConv::AMDGPU_KERNEL);
  F.addFnAttr("amdgpu-flat-work-group-size", "1,1024");
  return Error::success();
}

void dropNvptxAttributes(Function &F) {
  for (StringRef Kind : {"target-cpu", "target-features", "tune-cpu"})
    F.removeFnAttr(Kind);
}
} // namespace

Error retargetToAmdgcn(Module &M, TargetMachine &TM) {
  SmallVector<Function *> Kernels;
  for (Function &F : M)
    if (!F.isDeclaration() && isKernel(F))
      Kernels.push_back(&F);
  if (Error E = cpu::translateInlinePtx(M, "amdgpu"))
    return E;
  if (Error E = lowerNvvmForAmdgcn(M))
    return E;
  M.setTargetTriple(TM.getTargetTriple().str());
  M.setDataLayout(TM.createDataLayout());
  for (StringRef Name : {"nvvm.annotations", "nvvmir.version"})
    if (NamedMDNode *Node = M.getNamedMetadata(Name))
      M.eraseNamedMetadata(Node);
  for (Function &F : M) {
    dropNvptxAttributes(F);
    moveAllocasToPrivate(F);
  }
  for (Function *F : Kernels)
    if (Error E = makeKernel(*F))
      return E;
  for (GlobalValue &GV : M.global_values())
    if (!GV.isDeclaration() && !GV.hasLocalLinkage())
      GV.setVisibility(GlobalValue::ProtectedVisibility);
  return linkNvMath(M);
}

} // namespace gevo
