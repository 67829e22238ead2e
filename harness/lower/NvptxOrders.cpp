//===- NvptxOrders.cpp - Memory orders LLVM 19's NVPTX cannot select ------===//
//
// LLVM 19's NVPTX back end selects no `fence`, no atomic load or store
// stronger than monotonic (an LLVM ERROR: "Cannot select: AtomicLoad (load
// acquire)"), and emits read-modify-writes of any order as relaxed `atom`,
// dropping the order. Headers that use the __atomic builtins (libcu++'s
// fallbacks, gevo's own atomic_ref) produce all three. Before code
// generation each becomes the monotonic operation with `membar` calls
// around it, as the PTX ISA's fence-based mapping does: a release is a
// membar before, an acquire one after, seq_cst both; a fence is a membar.
// The membar's scope is the order's: cta for a block's, sys for the
// system's, gl otherwise; a single thread's needs none.
//
//===----------------------------------------------------------------------===//

#include "Nvvm.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gevo {
namespace {

/// The membar of \p Scope, or none for a single thread's.
std::optional<Intrinsic::ID> membarOf(LLVMContext &Ctx, SyncScope::ID Scope) {
  switch (scopeSpan(Ctx, Scope)) {
  case ScopeSpan::Thread:
    return std::nullopt;
  case ScopeSpan::System:
    return Intrinsic::nvvm_membar_sys;
  case ScopeSpan::Block:
    return Intrinsic::nvvm_membar_cta;
  default: // a warp's and the device's
    return Intrinsic::nvvm_membar_gl;
  }
}

void membar(Instruction *Before, SyncScope::ID Scope) {
  if (std::optional<Intrinsic::ID> Id = membarOf(Before->getContext(), Scope))
    IRBuilder<>(Before).CreateIntrinsic(*Id, {}, {});
}

/// Membars around \p I for \p Order; whether \p Order needed any.
bool fenceAround(Instruction &I, AtomicOrdering Order, SyncScope::ID Scope) {
  bool Release = isReleaseOrStronger(Order);
  bool Acquire = isAcquireOrStronger(Order);
  if (Release)
    membar(&I, Scope);
  if (Acquire)
    membar(I.getNextNode(), Scope);
  return Release || Acquire;
}

} // namespace

void orderAtomicsForNvptx(Module &M) {
  SmallVector<Instruction *> Work;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (I.isAtomic())
        Work.push_back(&I);
  for (Instruction *I : Work) {
    if (auto *Fence = dyn_cast<FenceInst>(I)) {
      membar(Fence, Fence->getSyncScopeID());
      Fence->eraseFromParent();
    } else if (auto *L = dyn_cast<LoadInst>(I)) {
      if (fenceAround(*L, L->getOrdering(), L->getSyncScopeID()))
        L->setOrdering(AtomicOrdering::Monotonic);
    } else if (auto *S = dyn_cast<StoreInst>(I)) {
      if (fenceAround(*S, S->getOrdering(), S->getSyncScopeID()))
        S->setOrdering(AtomicOrdering::Monotonic);
    } else if (auto *Rmw = dyn_cast<AtomicRMWInst>(I)) {
      if (fenceAround(*Rmw, Rmw->getOrdering(), Rmw->getSyncScopeID()))
        Rmw->setOrdering(AtomicOrdering::Monotonic);
    } else if (auto *Cas = dyn_cast<AtomicCmpXchgInst>(I)) {
      AtomicOrdering Order = Cas->getSuccessOrdering();
      if (isStrongerThan(Cas->getFailureOrdering(), Order))
        Order = Cas->getFailureOrdering();
      if (fenceAround(*Cas, Order, Cas->getSyncScopeID())) {
        Cas->setSuccessOrdering(AtomicOrdering::Monotonic);
        Cas->setFailureOrdering(AtomicOrdering::Monotonic);
      }
    }
  }
}

} // namespace gevo
