//===- PtxBranch.cpp - Labels and branches in inline PTX ------------------===//
//
// An asm string with labels and `bra` (spin loops on an mbarrier or a flag,
// early exits) is translated into blocks of its own between the code before
// the call and the code after it. Its registers (and outputs) then live in
// allocas, which are promoted to SSA values once the call is gone: the
// straight-line translation's register map cannot follow a loop.
//
// Each block under construction ends in a placeholder `unreachable` that
// code is inserted before (the translator's anchor); a label ends it with a
// branch to the label's block (falling through), `bra` with a branch there,
// `@p bra` with a conditional one. Code after an unconditional `bra` and
// before the next label is dead and dropped.
//
//===----------------------------------------------------------------------===//

#include "InlinePtx.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace gevo::cpu {

bool PtxTranslator::branches(ArrayRef<StringRef> Statements) {
  for (StringRef S : Statements) {
    S = S.ltrim(" \t\n\r{}");
    StringRef Head = S.take_until([](char C) { return isSpace(C); });
    if (Head.starts_with("@")) // @p bra L
      Head = S.drop_front(Head.size()).ltrim().take_until(
          [](char C) { return isSpace(C); });
    if (Head.ends_with(":") || Head == "bra" || Head.starts_with("bra."))
      return true;
  }
  return false;
}

void PtxTranslator::startBlocks(ArrayRef<StringRef> Statements) {
  Function &F = *Call.getFunction();
  for (StringRef S : Statements) {
    StringRef Head = S.ltrim(" \t\n\r{}").take_until(
        [](char C) { return isSpace(C); });
    if (Head.ends_with(":"))
      Labels[Head.drop_back()] =
          BasicBlock::Create(Call.getContext(), "ptx." + Head.drop_back(), &F);
  }
  Blocks = true;
  Tail = Call.getParent()->splitBasicBlock(&Call, "ptx.after");
  Instruction *Split = Tail->getSinglePredecessor()->getTerminator();
  Anchor = new UnreachableInst(Call.getContext(), Split);
  Split->eraseFromParent();
  B.SetInsertPoint(Anchor);
  // Outputs live in slots of their final width.
  Type *T = Call.getType();
  for (unsigned K = 0; K < NumOutputs; ++K) {
    Type *Out = isa<StructType>(T) ? cast<StructType>(T)->getElementType(K) : T;
    unsigned W = Out->isPointerTy() ? 64 : Out->getPrimitiveSizeInBits();
    std::string Name = "$" + std::to_string(K);
    Value *Tied = Regs.lookup(Name);
    slot(Name, W);
    if (Tied)
      B.CreateStore(bits(Tied, W), Slots[Name]);
  }
}

AllocaInst *PtxTranslator::slot(StringRef Name, unsigned Width) {
  AllocaInst *&A = Slots[Name];
  if (!A) {
    BasicBlock &Entry = Call.getFunction()->getEntryBlock();
    A = new AllocaInst(B.getIntNTy(Width), 0, "ptx." + Name,
                       &*Entry.getFirstInsertionPt());
  }
  Regs[Name] = A;
  RegWidths[Name] = Width;
  return A;
}

/// Ends the block under construction with \p Term and continues in \p Next
/// (a new block when null: code no branch reaches until the next label).
void PtxTranslator::endBlock(Instruction *Term, BasicBlock *Next) {
  ReplaceInstWithInst(Anchor, Term);
  if (!Next) {
    Next = BasicBlock::Create(Call.getContext(), "ptx.dead",
                              Call.getFunction());
    Dead.push_back(Next);
  }
  Anchor = new UnreachableInst(Call.getContext(), Next);
  B.SetInsertPoint(Anchor);
}

Error PtxTranslator::label(StringRef Name) {
  BasicBlock *L = Labels.lookup(Name);
  if (!L || !L->empty())
    return unsupportedPtx("label '" + Name + "' declared twice");
  endBlock(BranchInst::Create(L), L);
  return Error::success();
}

Error PtxTranslator::branch(StringRef Target, Value *Cond) {
  Target = Target.trim();
  BasicBlock *L = Labels.lookup(Target);
  if (!L)
    return unsupportedPtx("a branch to '" + Target + "', no label here");
  if (!Cond) {
    endBlock(BranchInst::Create(L), nullptr);
    return Error::success();
  }
  BasicBlock *Next = BasicBlock::Create(Call.getContext(), "ptx.next",
                                        Call.getFunction());
  endBlock(BranchInst::Create(L, Next, Cond), Next);
  return Error::success();
}

void PtxTranslator::finishBlocks() {
  ReplaceInstWithInst(Anchor, BranchInst::Create(Tail));
  B.SetInsertPoint(&Call);
  for (auto &[Name, A] : Slots)
    Regs[Name] = B.CreateLoad(A->getAllocatedType(), A);
}

void PtxTranslator::promoteSlots(Function &F) {
  for (BasicBlock *D : Dead)
    if (pred_empty(D))
      DeleteDeadBlock(D);
  SmallVector<AllocaInst *> Allocas;
  for (auto &Entry : Slots)
    Allocas.push_back(Entry.second);
  DominatorTree DT(F);
  if (!Allocas.empty())
    PromoteMemToReg(Allocas, DT);
}

} // namespace gevo::cpu
