//===- BlockLoop.cpp - One function per block for barrier-free kernels ----===//
//
// A kernel that reaches no barrier and no warp operation needs no fiber per
// thread. Its block function runs every thread of a block: it loads the
// arguments and the block-wide special registers once, loops over z, y and
// x (innermost) with the kernel inlined into the body, and gives the
// inlined code the loop variables as its thread indices. The optimiser then
// sees across threads (invariant work leaves the loop, the instrumentation
// keeps its counter and check caches in registers), instead of one call
// per thread through the runtime.
//
// The loops count no cost and need no step-budget check (they are bounded by
// the block size; their latches carry ThreadLoopMD); a ThreadStartMarker call
// at the top of each thread gives it its own budget. Functions the kernel
// calls still read the thread indices from the context, so when any call
// remains, each thread stores them there first.
//
//===----------------------------------------------------------------------===//

#include "Retarget.h"
#include "Runtime.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace gevo::cpu {
namespace {

constexpr unsigned WarpWidth = 32;

/// A loop over [0, Count) of the block function, built as a do-while (no
/// block dimension is 0): the header gets the induction variable, the latch
/// branches back.
struct ThreadLoop {
  BasicBlock *Header, *Latch;
  PHINode *Index;
};

ThreadLoop openLoop(IRBuilder<> &B, const Twine &Name) {
  Function *F = B.GetInsertBlock()->getParent();
  BasicBlock *Preheader = B.GetInsertBlock();
  ThreadLoop L;
  L.Header = BasicBlock::Create(F->getContext(), Name, F);
  B.CreateBr(L.Header);
  B.SetInsertPoint(L.Header);
  L.Index = B.CreatePHI(B.getInt32Ty(), 2, Name);
  L.Index->addIncoming(B.getInt32(0), Preheader);
  return L;
}

/// Ends \p L at the builder's position: next index, back edge while below
/// \p Count. The builder continues after the loop.
void closeLoop(IRBuilder<> &B, ThreadLoop &L, Value *Count) {
  Function *F = B.GetInsertBlock()->getParent();
  Value *Next = B.CreateNUWAdd(L.Index, B.getInt32(1));
  BasicBlock *Exit =
      BasicBlock::Create(F->getContext(), L.Header->getName() + ".done", F);
  L.Latch = B.GetInsertBlock();
  BranchInst *Back = B.CreateCondBr(B.CreateICmpULT(Next, Count), L.Header,
                                    Exit);
  Back->setMetadata(ThreadLoopMD, MDNode::get(F->getContext(), {}));
  L.Index->addIncoming(Next, L.Latch);
  B.SetInsertPoint(Exit);
}

/// Whether \p F still calls a function of the module (or an unknown one).
bool callsModuleCode(Function &F) {
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I)) {
      Function *Callee = Call->getCalledFunction();
      if (!Callee || !Callee->isDeclaration())
        return true;
    }
  return false;
}

/// Points what the inlined kernel read from its own context at the block
/// function's: special registers become \p Sregs, everything else \p Ctx.
void replaceInlinedContexts(Function &F, Value *Ctx, ArrayRef<Value *> Sregs) {
  const DataLayout &DL = F.getDataLayout();
  SmallVector<Instruction *> Dead;
  for (Instruction &I : instructions(F)) {
    if (isContextCall(&I) && &I != Ctx) {
      Dead.push_back(&I);
      continue;
    }
    auto *L = dyn_cast<LoadInst>(&I);
    if (!L)
      continue;
    APInt Offset(64, 0);
    const Value *Base =
        L->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Offset,
                                                                  true);
    uint64_t Byte = Offset.getZExtValue();
    if (Base != Ctx && isContextCall(Base) && Byte < NumSregs * 4) {
      L->replaceAllUsesWith(Sregs[Byte / 4]);
      Dead.push_back(L);
    }
  }
  for (Instruction *I : llvm::reverse(Dead)) {
    if (isContextCall(I))
      I->replaceAllUsesWith(Ctx);
    I->eraseFromParent();
  }
}

} // namespace

SmallVector<Value *> loadKernelArgs(IRBuilder<> &B, Value *Args,
                                    Function &Kernel) {
  SmallVector<Value *> Values;
  MDNode *Trusted = MDNode::get(B.getContext(), {});
  for (Argument &A : Kernel.args()) {
    Value *Slot = B.CreateConstGEP1_64(B.getPtrTy(), Args, A.getArgNo());
    LoadInst *Ptr = B.CreateLoad(B.getPtrTy(), Slot);
    LoadInst *Value = B.CreateLoad(A.getType(), Ptr);
    // The launcher's memory: not the kernel's to check.
    for (LoadInst *L : {Ptr, Value})
      L->setMetadata(LLVMContext::MD_nosanitize, Trusted);
    Value->setMetadata(KernelArgMD,
                       MDNode::get(B.getContext(),
                                   ConstantAsMetadata::get(
                                       B.getInt32(A.getArgNo()))));
    Values.push_back(Value);
  }
  return Values;
}

Function *buildBlockFunction(Function &Kernel, ContextAccess &Ctx,
                             bool StoreTid) {
  Module &M = *Kernel.getParent();
  LLVMContext &C = M.getContext();
  Kernel.setCallingConv(CallingConv::C);
  auto *F = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {PointerType::get(C, 0)}, false),
      GlobalValue::ExternalLinkage, "gevo.block." + Kernel.getName(), M);
  BasicBlock *Entry = BasicBlock::Create(C, "", F);
  IRBuilder<> B(ReturnInst::Create(C, Entry));
  Value *Context = Ctx.ctx(*F);
  SmallVector<Value *, NumSregs> Sregs;
  for (unsigned I = 0; I < NumSregs; ++I)
    Sregs.push_back(Ctx.loadField(B, I * 4, B.getInt32Ty(), true));
  SmallVector<Value *> Args = loadKernelArgs(B, F->getArg(0), Kernel);
  Entry->getTerminator()->eraseFromParent();
  B.SetInsertPoint(Entry);

  ThreadLoop Z = openLoop(B, "tid.z");
  ThreadLoop Y = openLoop(B, "tid.y");
  ThreadLoop X = openLoop(B, "tid.x");
  Sregs[TidX] = X.Index;
  Sregs[TidY] = Y.Index;
  Sregs[TidZ] = Z.Index;
  Value *Linear = B.CreateAdd(
      X.Index, B.CreateMul(Sregs[NtidX],
                           B.CreateAdd(Y.Index,
                                       B.CreateMul(Sregs[NtidY], Z.Index))));
  Sregs[LaneId] = B.CreateURem(Linear, B.getInt32(WarpWidth));
  if (StoreTid) // before the marker, which may read it
    B.CreateStore(Linear, Ctx.fieldPtr(B, CtxTidOffset));
  CallInst *Start = B.CreateCall(
      M.getOrInsertFunction(ThreadStartMarker, Type::getVoidTy(C)));
  CallInst *Call = B.CreateCall(&Kernel, Args);
  closeLoop(B, X, Sregs[NtidX]);
  closeLoop(B, Y, Sregs[NtidY]);
  closeLoop(B, Z, Sregs[NtidZ]);
  B.CreateRetVoid();

  InlineFunctionInfo Info;
  if (!InlineFunction(*Call, Info).isSuccess()) {
    F->eraseFromParent();
    return nullptr;
  }
  replaceInlinedContexts(*F, Context, Sregs);
  if (callsModuleCode(*F)) {
    B.SetInsertPoint(Start);
    for (unsigned I : {TidX, TidY, TidZ, LaneId})
      B.CreateStore(Sregs[I], Ctx.fieldPtr(B, I * 4));
  }
  return F;
}

} // namespace gevo::cpu
