//===- Instrument.cpp - Never trust a mutant ------------------------------===//
//
// Runs before the optimiser, on the retargeted IR. Each basic block's
// modeled cost (its CostMarker) is added to the thread's counter; function
// entries and loop headers compare the counter with a limit, except the loops
// of a block function over its threads (a ThreadStartMarker starts each
// thread with the context's Grant). Past the limit the runtime
// (gevo_rt_budget) adds the cost to the launch's and grants more, or stops
// the launch with Timeout when the thread's step budget or the launch's is
// spent. With checks on:
// memory accesses (MemoryChecks.cpp), integer divisions (zero, INT_MIN / -1),
// the stack limit at function entries and dynamic allocas. A failed check
// stores its Status and UID in the context, sets Aborted and returns.
//
//===----------------------------------------------------------------------===//

#include "Instrument.h"
#include "Runtime.h"

#include "gevo/passes/Uid.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace gevo::cpu {
namespace {

/// Static allocas above this size are checked like dynamic ones.
constexpr uint64_t BigAllocaBytes = 4096;

bool isMarker(const Instruction &I, StringRef Name) {
  auto *Call = dyn_cast<CallInst>(&I);
  return Call && Call->getCalledFunction() &&
         Call->getCalledFunction()->getName() == Name;
}

/// Whether \p I calls code that is instrumented too (a function of the
/// module, or an unknown one), which reads and writes the context's cost.
bool callsInstrumentedCode(const Instruction &I) {
  auto *Call = dyn_cast<CallInst>(&I);
  if (!Call || Call->isInlineAsm())
    return false;
  const Function *Callee = Call->getCalledFunction();
  return !Callee || !Callee->isDeclaration();
}

/// Whether the loop of \p L runs over a block function's threads.
bool isThreadLoop(const Loop &L) {
  const BasicBlock *Latch = L.getLoopLatch();
  return Latch && Latch->getTerminator()->getMetadata(ThreadLoopMD);
}

} // namespace

FunctionInstrumenter::FunctionInstrumenter(Function &F, ContextAccess &Ctx,
                                           InstrumentState &S)
    : F(F), DL(F.getDataLayout()), Ctx(Ctx), S(S) {}

void FunctionInstrumenter::run() {
  bool Checks = S.Opts.Checks;
  SmallVector<ReturnInst *> Returns;
  for (BasicBlock &BB : F)
    if (auto *R = dyn_cast<ReturnInst>(BB.getTerminator()))
      Returns.push_back(R);
  SmallVector<AllocaInst *> Big = placeAllocas();
  SmallVector<AllocaInst *> Locals;
  if (S.Opts.Locals)
    for (AllocaInst *AI : shadowableLocals())
      if (!is_contained(Big, AI)) // moved into the body below
        Locals.push_back(AI);
  auto *Context = cast<Instruction>(Ctx.ctx(F));
  Body = F.getEntryBlock().splitBasicBlock(Context->getNextNode(), "body");
  // The entry block's marker counts once the locals are set up.
  for (Instruction &I : make_early_inc_range(F.getEntryBlock()))
    if (isMarker(I, CostMarker))
      I.moveBefore(&*Body->getFirstInsertionPt());
  // Big allocas after the entry checks: allocated and checked at run time.
  for (AllocaInst *AI : llvm::reverse(Big))
    AI->moveBefore(&*Body->getFirstInsertionPt());
  SmallVector<Access> Accesses;
  SmallVector<RaceAccess> Races;
  if (S.Opts.Races)
    traceArguments();
  for (Instruction &I : instructions(F)) {
    if (Checks)
      collectAccesses(I, Accesses);
    if (S.Opts.Races || S.Opts.Gpu)
      collectRaceAccesses(I, Races);
  }
  for (Access &A : Accesses)
    A.Site = S.Sites++;
  IRBuilder<> Init(F.getEntryBlock().getTerminator());
  createLocals(Init, Checks);
  if (Checks)
    versionThreadLoop(Accesses, Races);
  // Traps and unreachable code: a GPU stops the kernel with an error, so
  // does this (the host would run into whatever code follows).
  SmallVector<Instruction *> Traps;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<IntrinsicInst>(&I);
    if (isa<UnreachableInst>(I) ||
        (Call && (Call->getIntrinsicID() == Intrinsic::trap ||
                  Call->getIntrinsicID() == Intrinsic::debugtrap ||
                  Call->getIntrinsicID() == Intrinsic::ubsantrap)))
      Traps.push_back(&I);
  }
  SmallVector<Instruction *> Work;
  if (Checks)
    for (Instruction &I : instructions(F)) {
      auto *AI = dyn_cast<AllocaInst>(&I);
      if (isa<BinaryOperator>(I) || (AI && !AI->isStaticAlloca()))
        Work.push_back(&I);
    }
  DominatorTree DT(F);
  LoopInfo LI(DT);
  SmallVector<BasicBlock *> Headers;
  for (Loop *L : LI.getLoopsInPreorder())
    if (!isThreadLoop(*L))
      Headers.push_back(L->getHeader());
  lowerMarkers();
  spillAroundCalls();
  for (BasicBlock *H : Headers)
    checkBudget(&*H->getFirstInsertionPt());
  if (Checks)
    checkStackAtEntry();
  checkBudget(&*Body->getFirstInsertionPt());
  for (Instruction *I : Work) {
    if (auto *Div = dyn_cast<BinaryOperator>(I))
      checkDivision(*Div);
    else if (auto *AI = dyn_cast<AllocaInst>(I); AI && !AI->isStaticAlloca())
      checkDynamicAlloca(*AI);
  }
  for (Instruction *I : Traps)
    exitIf(ConstantInt::getTrue(F.getContext()), I, Status(TrapFault),
           uidString(*I));
  for (const Access &A : Accesses)
    checkAccess(A);
  for (const RaceAccess &A : Races)
    checkRace(A);
  if (S.Opts.Locals)
    checkLocalInits(Locals);
  storeAtReturns(Returns);
}

/// Moves the entry block's small static allocas to its start, so that
/// splitting the entry keeps them static; returns the big ones, which the
/// entry's stack check could not protect (the frame is allocated before it).
SmallVector<AllocaInst *> FunctionInstrumenter::placeAllocas() {
  BasicBlock &Entry = F.getEntryBlock();
  SmallVector<AllocaInst *> Big;
  for (Instruction &I : make_early_inc_range(Entry)) {
    auto *AI = dyn_cast<AllocaInst>(&I);
    if (!AI || !AI->isStaticAlloca())
      continue;
    std::optional<TypeSize> Size = AI->getAllocationSize(DL);
    if (Size && Size->getFixedValue() <= BigAllocaBytes)
      AI->moveBefore(&*Entry.getFirstInsertionPt());
    else
      Big.push_back(AI);
  }
  return Big;
}

/// The cost, the limit and the thread's start, set up from the context by
/// \p Init (in the entry block, before anything can return); with checks,
/// the cache array.
void FunctionInstrumenter::createLocals(IRBuilder<> &Init, bool Checks) {
  Type *I64 = Init.getInt64Ty();
  auto Local = [&](unsigned Offset, const Twine &Name) {
    auto *A = new AllocaInst(I64, 0, Name, F.getEntryBlock().begin());
    Init.CreateStore(Ctx.loadField(Init, Offset, I64, false), A);
    return A;
  };
  Cost = Local(CtxCostOffset, "gevo.cost");
  Limit = Local(CtxCostLimitOffset, "gevo.limit");
  if (S.Opts.Gpu) {
    Counts = new AllocaInst(Init.getPtrTy(), 0, "gevo.counts",
                            F.getEntryBlock().begin());
    Init.CreateStore(
        Ctx.loadField(Init, CtxPerfCountsOffset, Init.getPtrTy(), false),
        Counts);
  }
  Start = Local(CtxThreadStartOffset, "gevo.start");
  if (Checks)
    Caches = Ctx.loadField(Init, CtxChecksOffset, Init.getPtrTy(), true);
}

/// CostMarker: add to the cost (and, with the model, count the block);
/// ThreadStartMarker: a new thread starts.
void FunctionInstrumenter::lowerMarkers() {
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    bool AddsCost = isMarker(I, CostMarker);
    if (!AddsCost && !isMarker(I, ThreadStartMarker))
      continue;
    IRBuilder<> B(&I);
    Value *Now = B.CreateLoad(B.getInt64Ty(), Cost);
    if (AddsCost) {
      B.CreateStore(B.CreateNUWAdd(Now, I.getOperand(0)), Cost);
      if (Counts) {
        Value *Slot = B.CreateGEP(B.getInt32Ty(),
                                  B.CreateLoad(B.getPtrTy(), Counts),
                                  I.getOperand(1));
        Value *Count = B.CreateLoad(B.getInt32Ty(), Slot);
        B.CreateStore(B.CreateAdd(Count, B.getInt32(1)), Slot);
      }
    } else {
      ThreadStarts.push_back(B.CreateStore(Now, Start));
      B.CreateStore(B.CreateNUWAdd(Now, Ctx.loadField(B, CtxGrantOffset,
                                                      B.getInt64Ty(), true)),
                    Limit);
      if (Counts) { // the thread's row: PerfBase + Tid rows
        Value *Row = B.CreateMul(
            B.CreateZExt(Ctx.loadField(B, CtxTidOffset, B.getInt32Ty(), false),
                         B.getInt64Ty()),
            B.getInt64(S.NumShapes));
        Value *Mine = B.CreateGEP(
            B.getInt32Ty(),
            Ctx.loadField(B, CtxPerfBaseOffset, B.getPtrTy(), true), Row);
        B.CreateStore(Mine, Counts);
        B.CreateStore(Mine, Ctx.fieldPtr(B, CtxPerfCountsOffset));
      }
    }
    I.eraseFromParent();
  }
}

/// The callee reads the cost, limit and start from the context, adds to the
/// cost and may be granted a new limit.
void FunctionInstrumenter::spillAroundCalls() {
  SmallVector<Instruction *> Calls;
  for (Instruction &I : instructions(F))
    if (callsInstrumentedCode(I))
      Calls.push_back(&I);
  Type *I64 = Type::getInt64Ty(F.getContext());
  for (Instruction *Call : Calls) {
    IRBuilder<> B(Call);
    B.CreateStore(B.CreateLoad(I64, Cost), Ctx.fieldPtr(B, CtxCostOffset));
    B.CreateStore(B.CreateLoad(I64, Limit),
                  Ctx.fieldPtr(B, CtxCostLimitOffset));
    B.CreateStore(B.CreateLoad(I64, Start),
                  Ctx.fieldPtr(B, CtxThreadStartOffset));
    B.SetInsertPoint(Call->getNextNode());
    B.CreateStore(Ctx.loadField(B, CtxCostOffset, I64, false), Cost);
    B.CreateStore(Ctx.loadField(B, CtxCostLimitOffset, I64, false), Limit);
  }
}

void FunctionInstrumenter::checkBudget(Instruction *Before) {
  IRBuilder<> B(Before);
  Type *I64 = B.getInt64Ty();
  Value *Now = B.CreateLoad(I64, Cost);
  Value *Past = B.CreateICmpUGT(Now, B.CreateLoad(I64, Limit));
  MDNode *Unlikely = MDBuilder(F.getContext()).createUnlikelyBranchWeights();
  Instruction *Ask = SplitBlockAndInsertIfThen(Past, Before, false, Unlikely);
  B.SetInsertPoint(Ask);
  Value *Granted = B.CreateCall(Ctx.runtime(GEVO_RT_BUDGET),
                                {Now, B.CreateLoad(I64, Start)});
  exitIf(B.CreateICmpEQ(Granted, B.getInt64(0)), Ask, std::nullopt, nullptr);
  B.SetInsertPoint(Ask);
  B.CreateStore(Granted, Limit);
}

void FunctionInstrumenter::checkStackAtEntry() {
  Instruction *Before = &*Body->getFirstInsertionPt();
  IRBuilder<> B(Before);
  Value *Sp = B.CreateStackSave();
  Value *Lowest = Ctx.loadField(B, CtxStackLimitOffset, B.getPtrTy(), true);
  exitIf(B.CreateICmpULT(Sp, Lowest), Before, Status::Crash, nullptr);
}

void FunctionInstrumenter::checkDynamicAlloca(AllocaInst &AI) {
  IRBuilder<> B(&AI);
  Value *Count = B.CreateZExtOrTrunc(AI.getArraySize(), B.getInt64Ty());
  Value *Bytes = B.CreateMul(
      Count, B.getInt64(DL.getTypeAllocSize(AI.getAllocatedType())));
  Value *Sp = B.CreatePtrToInt(B.CreateStackSave(), B.getInt64Ty());
  Value *Lowest = B.CreatePtrToInt(
      Ctx.loadField(B, CtxStackLimitOffset, B.getPtrTy(), true),
      B.getInt64Ty());
  Value *Room = B.CreateSub(Sp, Lowest);
  Value *Bad = B.CreateOr(B.CreateICmpULT(Sp, Lowest),
                          B.CreateICmpUGT(Bytes, Room));
  exitIf(Bad, &AI, Status::Crash, uidString(AI));
}

void FunctionInstrumenter::checkDivision(BinaryOperator &Div) {
  unsigned Op = Div.getOpcode();
  bool Signed = Op == Instruction::SDiv || Op == Instruction::SRem;
  if (!Signed && Op != Instruction::UDiv && Op != Instruction::URem)
    return;
  auto *Ty = dyn_cast<IntegerType>(Div.getType());
  Value *D = Div.getOperand(1);
  auto *C = dyn_cast<ConstantInt>(D);
  if (!Ty || (C && !C->isZero() && !(Signed && C->isMinusOne())))
    return;
  IRBuilder<> B(&Div);
  Value *Bad = B.CreateICmpEQ(D, ConstantInt::get(Ty, 0));
  if (Signed)
    Bad = B.CreateOr(
        Bad, B.CreateAnd(B.CreateICmpEQ(D, ConstantInt::getAllOnesValue(Ty)),
                         B.CreateICmpEQ(Div.getOperand(0),
                                        ConstantInt::get(Ty, APInt::getSignedMinValue(
                                                                 Ty->getBitWidth())))));
  exitIf(Bad, &Div, Status::ArithTrap, uidString(Div));
}

/// At the function's own returns, the cost and limit for the caller (or
/// the scheduler); a check's exit stores the cost itself.
void FunctionInstrumenter::storeAtReturns(ArrayRef<ReturnInst *> Returns) {
  for (ReturnInst *R : Returns) {
    IRBuilder<> B(R);
    B.CreateStore(B.CreateLoad(B.getInt64Ty(), Cost),
                  Ctx.fieldPtr(B, CtxCostOffset));
    B.CreateStore(B.CreateLoad(B.getInt64Ty(), Limit),
                  Ctx.fieldPtr(B, CtxCostLimitOffset));
  }
}


/// Before \p Before: if \p Cond (unlikely), record \p Fault (when given)
/// and return.
void FunctionInstrumenter::exitIf(Value *Cond, Instruction *Before,
                                  std::optional<Status> Fault, Value *Uid) {
  MDNode *Unlikely = MDBuilder(F.getContext()).createUnlikelyBranchWeights();
  Instruction *Then = SplitBlockAndInsertIfThen(Cond, Before, true, Unlikely);
  IRBuilder<> B(Then);
  B.CreateStore(B.CreateLoad(B.getInt64Ty(), Cost),
                Ctx.fieldPtr(B, CtxCostOffset));
  if (Fault) {
    B.CreateStore(B.getInt32(unsigned(*Fault)),
                  Ctx.fieldPtr(B, CtxFaultCodeOffset));
    B.CreateStore(Uid ? Uid : ConstantPointerNull::get(B.getPtrTy()),
                  Ctx.fieldPtr(B, CtxFaultUidOffset));
  }
  B.CreateStore(B.getInt32(1), Ctx.fieldPtr(B, CtxAbortedOffset));
  Type *Ret = F.getReturnType();
  if (Ret->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(PoisonValue::get(Ret));
  Then->eraseFromParent();
}

unsigned instrument(Module &M, ContextAccess &Ctx, const RetargetOptions &Opts,
                    unsigned StaticSharedBytes, const StringSet<> &ReadOnly,
                    const DenseMap<Function *, KernelInfo *> &Entries,
                    unsigned NumShapes) {
  InstrumentState S;
  S.NumShapes = NumShapes;
  S.Opts = Opts;
  S.StaticSharedBytes = StaticSharedBytes;
  S.ReadOnly = &ReadOnly;
  S.Entries = &Entries;
  for (Function &F : M)
    if (!F.isDeclaration())
      FunctionInstrumenter(F, Ctx, S).run();
  for (const char *Marker : {CostMarker, ThreadStartMarker})
    if (Function *Decl = M.getFunction(Marker))
      Decl->eraseFromParent();
  return S.Sites;
}

} // namespace gevo::cpu
