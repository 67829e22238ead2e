//===- Cost.cpp - The modeled cost and shape of each basic block ----------===//
//
// Runs before anything restructures the retargeted IR: every instruction is
// weighted by its class (global and shared memory, atomics, barriers, warp
// operations, special functions, ALU) and each basic block's sum becomes a
// CostMarker call at its start, which instrument() turns into an add to the
// thread's counter (the instruction count, --objective count). The marker
// also numbers the block's BlockShape (Shapes.cpp), which the warp-level
// model counts by. Block functions (BlockLoop.cpp) inline kernels into loops they
// build; the markers travel with the kernel's blocks and the loops add
// none, so neither depends on how threads run.
//
//===----------------------------------------------------------------------===//

#include "Retarget.h"
#include "Runtime.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gevo::cpu {
namespace {

/// Weights of the modeled cost, per instruction class.
enum CostWeight : uint64_t {
  AluCost = 1,
  SharedMemoryCost = 2,
  GlobalMemoryCost = 8,
  WarpCost = 8,
  SpecialFunctionCost = 16,
  AtomicCost = 16,
  BarrierCost = 32,
};

uint64_t memoryCost(const Value *Ptr) {
  const Value *Base = getUnderlyingObject(Ptr);
  if (isa<AllocaInst>(Base) || isContextCall(Base))
    return AluCost;
  return isSharedBase(Base) ? SharedMemoryCost : GlobalMemoryCost;
}

uint64_t callCost(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  StringRef Name = Callee ? Callee->getName() : "";
  if (Name == GEVO_RT_BARRIER)
    return BarrierCost;
  if (Name == GEVO_RT_SHFL || Name == GEVO_RT_VOTE ||
      Name == GEVO_RT_SYNCWARP || Name == GEVO_RT_YIELD ||
      Name == GEVO_RT_MATRIX)
    return WarpCost;
  if (Name.starts_with("__nv_"))
    return SpecialFunctionCost;
  if (isa<MemIntrinsic>(Call))
    return GlobalMemoryCost;
  return AluCost;
}

uint64_t instructionCost(const Instruction &I) {
  if (isa<PHINode>(I) || isa<DbgInfoIntrinsic>(I))
    return 0;
  if (auto *L = dyn_cast<LoadInst>(&I))
    return memoryCost(L->getPointerOperand());
  if (auto *S = dyn_cast<StoreInst>(&I))
    return memoryCost(S->getPointerOperand());
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return AtomicCost;
  if (auto *Call = dyn_cast<CallBase>(&I))
    return callCost(*Call);
  if (I.getOpcode() == Instruction::FDiv || I.getOpcode() == Instruction::FRem)
    return SpecialFunctionCost;
  return AluCost;
}

} // namespace

std::vector<BlockShape> annotateCost(Module &M, const BlockShapes &Shapes) {
  LLVMContext &C = M.getContext();
  FunctionCallee Marker =
      M.getOrInsertFunction(CostMarker, Type::getVoidTy(C),
                            Type::getInt64Ty(C), Type::getInt32Ty(C));
  std::vector<BlockShape> Numbered;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (BasicBlock &BB : F) {
      uint64_t Cost = 0;
      for (Instruction &I : BB)
        Cost += instructionCost(I);
      BlockShape Shape = Shapes.lookup(&BB);
      if (!Cost && !Shape.Instructions)
        continue;
      IRBuilder<>(&*BB.getFirstInsertionPt())
          .CreateCall(Marker, {ConstantInt::get(Type::getInt64Ty(C), Cost),
                               ConstantInt::get(Type::getInt32Ty(C),
                                                Numbered.size())});
      Numbered.push_back(Shape);
    }
  }
  return Numbered;
}

} // namespace gevo::cpu
