//===- Instrument.cpp - Never trust a mutant ------------------------------===//
//
// Runs before the optimiser, on the retargeted IR. Per basic block, the
// block's modeled cost is added to the thread's counter; function entries
// and loop headers compare the counter with the thread's limit (the step
// budget). With checks on: every memory access that is not provably inside
// a local, global or the static shared arena is compared with the last
// range the runtime accepted and, on a miss, checked by the runtime against
// the thread's stack, the block's arena and the live allocations; integer
// divisions test for zero and INT_MIN / -1; function entries and dynamic
// allocas test the stack limit. A failed check stores its Status and UID in
// the context, sets Aborted and returns.
//
//===----------------------------------------------------------------------===//

#include "Retarget.h"
#include "Runtime.h"

#include "gevo/harness/Status.h"
#include "gevo/passes/Uid.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

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

bool isContext(const Value *V) {
  auto *Call = dyn_cast<CallInst>(V);
  return Call && Call->getCalledFunction() &&
         Call->getCalledFunction()->getName() == GEVO_RT_CTX;
}

bool isSharedBase(const Value *V) {
  auto *L = dyn_cast<LoadInst>(V);
  return L && L->getMetadata(SharedBaseMD);
}

uint64_t memoryCost(const Value *Ptr) {
  const Value *Base = getUnderlyingObject(Ptr);
  if (isa<AllocaInst>(Base) || isContext(Base))
    return AluCost;
  return isSharedBase(Base) ? SharedMemoryCost : GlobalMemoryCost;
}

uint64_t callCost(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  StringRef Name = Callee ? Callee->getName() : "";
  if (Name == GEVO_RT_BARRIER)
    return BarrierCost;
  if (Name == GEVO_RT_SHFL || Name == GEVO_RT_VOTE || Name == GEVO_RT_SYNCWARP)
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

/// Static allocas above this size are checked like dynamic ones.
constexpr uint64_t BigAllocaBytes = 4096;

/// A memory access to check: pointer, bytes, write or read.
struct Access {
  Value *Ptr;
  uint64_t Bytes;
  bool IsWrite;
};

SmallVector<Access, 2> accessesOf(Instruction &I, const DataLayout &DL) {
  auto Size = [&](Type *T) { return DL.getTypeStoreSize(T).getFixedValue(); };
  if (auto *L = dyn_cast<LoadInst>(&I))
    return {{L->getPointerOperand(), Size(L->getType()), false}};
  if (auto *S = dyn_cast<StoreInst>(&I))
    return {{S->getPointerOperand(), Size(S->getValueOperand()->getType()),
             true}};
  if (auto *A = dyn_cast<AtomicRMWInst>(&I))
    return {{A->getPointerOperand(), Size(A->getType()), true}};
  if (auto *A = dyn_cast<AtomicCmpXchgInst>(&I))
    return {{A->getPointerOperand(),
             Size(A->getNewValOperand()->getType()), true}};
  return {};
}

class Instrumenter {
public:
  Instrumenter(Module &M, ContextAccess &Ctx, unsigned StaticSharedBytes)
      : M(M), DL(M.getDataLayout()), Ctx(Ctx),
        StaticSharedBytes(StaticSharedBytes) {}
  void run(Function &F, bool Checks);

private:
  SmallVector<AllocaInst *> placeAllocas(BasicBlock &Entry);
  Instruction *firstPoint(BasicBlock &BB);
  void addCost(BasicBlock &BB, uint64_t Cost);
  void checkBudget(Instruction *Before);
  void checkStackAtEntry(Function &F);
  void checkDynamicAlloca(AllocaInst &AI);
  void checkDivision(BinaryOperator &Div);
  void checkMemory(Instruction &I);
  void checkMemory(Instruction &I, const Access &A);
  bool staticallySafe(const Access &A);
  Value *uidOf(Instruction &I);
  void exitIf(Value *Cond, Instruction *Before, std::optional<Status> Fault,
              Value *Uid);

  Module &M;
  const DataLayout &DL;
  ContextAccess &Ctx;
  unsigned StaticSharedBytes;
  DenseMap<StringRef, Value *> Uids;
};

void Instrumenter::run(Function &F, bool Checks) {
  BasicBlock &Entry = F.getEntryBlock();
  SmallVector<AllocaInst *> Big = placeAllocas(Entry);
  Instruction *AfterCtx = cast<Instruction>(Ctx.ctx(F))->getNextNode();
  // Big allocas after the entry checks: allocated and checked at run time.
  for (AllocaInst *AI : Big)
    AI->moveBefore(AfterCtx);
  DominatorTree DT(F);
  LoopInfo LI(DT);
  SmallVector<BasicBlock *> Headers;
  for (Loop *L : LI.getLoopsInPreorder())
    Headers.push_back(L->getHeader());
  SmallVector<std::pair<BasicBlock *, uint64_t>> Costs;
  SmallVector<Instruction *> Work;
  for (BasicBlock &BB : F) {
    uint64_t Cost = 0;
    for (Instruction &I : BB) {
      Cost += instructionCost(I);
      Work.push_back(&I);
    }
    Costs.push_back({&BB, Cost});
  }
  for (auto [BB, Cost] : Costs)
    addCost(*BB, Cost);
  for (BasicBlock *H : Headers)
    checkBudget(&*H->getFirstInsertionPt());
  if (Checks)
    checkStackAtEntry(F);
  checkBudget(firstPoint(Entry));
  if (!Checks)
    return;
  for (Instruction *I : Work) {
    if (auto *Div = dyn_cast<BinaryOperator>(I))
      checkDivision(*Div);
    else if (auto *AI = dyn_cast<AllocaInst>(I); AI && !AI->isStaticAlloca())
      checkDynamicAlloca(*AI);
    else
      checkMemory(*I);
  }
}

/// Moves the entry block's small static allocas to its start, so that
/// splitting the entry keeps them static; returns the big ones, which the
/// entry's stack check could not protect (the frame is allocated before it).
SmallVector<AllocaInst *> Instrumenter::placeAllocas(BasicBlock &Entry) {
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

/// Where a block's instrumentation goes: after the PHIs, and in the entry
/// block after the allocas and the context.
Instruction *Instrumenter::firstPoint(BasicBlock &BB) {
  if (BB.isEntryBlock())
    return cast<Instruction>(Ctx.ctx(*BB.getParent()))->getNextNode();
  return &*BB.getFirstInsertionPt();
}

void Instrumenter::addCost(BasicBlock &BB, uint64_t Cost) {
  if (Cost == 0)
    return;
  IRBuilder<> B(firstPoint(BB));
  Value *Ptr = Ctx.fieldPtr(B, CtxCostOffset);
  B.CreateStore(B.CreateAdd(B.CreateLoad(B.getInt64Ty(), Ptr), B.getInt64(Cost)),
                Ptr);
}

void Instrumenter::checkBudget(Instruction *Before) {
  IRBuilder<> B(Before);
  Value *Cost = Ctx.loadField(B, CtxCostOffset, B.getInt64Ty(), false);
  Value *Limit = Ctx.loadField(B, CtxCostLimitOffset, B.getInt64Ty(), false);
  exitIf(B.CreateICmpUGT(Cost, Limit), Before, Status::Timeout, nullptr);
}

void Instrumenter::checkStackAtEntry(Function &F) {
  Instruction *Before = firstPoint(F.getEntryBlock());
  IRBuilder<> B(Before);
  Value *Sp = B.CreateStackSave();
  Value *Limit = Ctx.loadField(B, CtxStackLimitOffset, B.getPtrTy(), true);
  exitIf(B.CreateICmpULT(Sp, Limit), Before, Status::Crash, nullptr);
}

void Instrumenter::checkDynamicAlloca(AllocaInst &AI) {
  IRBuilder<> B(&AI);
  Value *Count = B.CreateZExtOrTrunc(AI.getArraySize(), B.getInt64Ty());
  Value *Bytes = B.CreateMul(
      Count, B.getInt64(DL.getTypeAllocSize(AI.getAllocatedType())));
  Value *Sp = B.CreatePtrToInt(B.CreateStackSave(), B.getInt64Ty());
  Value *Limit = B.CreatePtrToInt(
      Ctx.loadField(B, CtxStackLimitOffset, B.getPtrTy(), true),
      B.getInt64Ty());
  Value *Room = B.CreateSub(Sp, Limit);
  Value *Bad = B.CreateOr(B.CreateICmpULT(Sp, Limit),
                          B.CreateICmpUGT(Bytes, Room));
  exitIf(Bad, &AI, Status::Crash, uidOf(AI));
}

void Instrumenter::checkDivision(BinaryOperator &Div) {
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
  exitIf(Bad, &Div, Status::ArithTrap, uidOf(Div));
}

void Instrumenter::checkMemory(Instruction &I) {
  if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
    auto *Len = dyn_cast<ConstantInt>(MI->getLength());
    IRBuilder<> B(&I);
    // A variable length is checked as one byte at each end.
    uint64_t Bytes = Len ? Len->getZExtValue() : 1;
    if (Bytes == 0)
      return;
    checkMemory(I, {MI->getDest(), Bytes, true});
    if (auto *T = dyn_cast<MemTransferInst>(MI))
      checkMemory(I, {T->getSource(), Bytes, false});
    if (!Len) {
      Value *Last = B.CreateSub(MI->getLength(),
                                ConstantInt::get(MI->getLength()->getType(), 1));
      checkMemory(I, {B.CreateGEP(B.getInt8Ty(), MI->getDest(), Last), 1, true});
      if (auto *T = dyn_cast<MemTransferInst>(MI))
        checkMemory(I, {B.CreateGEP(B.getInt8Ty(), T->getSource(), Last), 1,
                        false});
    }
    return;
  }
  for (const Access &A : accessesOf(I, DL))
    checkMemory(I, A);
}

/// Whether [Ptr, Ptr + Bytes) lies in the context's AccessRange at \p Offset.
Value *insideRange(IRBuilder<> &B, ContextAccess &Ctx, unsigned Offset,
                   Value *Addr, uint64_t Bytes) {
  Value *Lo = Ctx.loadField(B, Offset, B.getInt64Ty(), false);
  Value *Len = Ctx.loadField(B, Offset + 8, B.getInt64Ty(), false);
  Value *Off = B.CreateSub(Addr, Lo);
  return B.CreateAnd(B.CreateICmpULE(Off, Len),
                     B.CreateICmpULE(B.getInt64(Bytes), B.CreateSub(Len, Off)));
}

/// Fast path: inside a range last accepted for this kind of access (two for
/// reads, one for writes); otherwise the runtime decides and remembers.
void Instrumenter::checkMemory(Instruction &I, const Access &A) {
  if (staticallySafe(A))
    return;
  IRBuilder<> B(&I);
  Value *Addr = B.CreatePtrToInt(A.Ptr, B.getInt64Ty());
  Value *Inside =
      A.IsWrite
          ? insideRange(B, Ctx, CtxWriteOffset, Addr, A.Bytes)
          : B.CreateOr(insideRange(B, Ctx, CtxReadOffset, Addr, A.Bytes),
                       insideRange(B, Ctx, CtxReadOffset + sizeof(AccessRange),
                                   Addr, A.Bytes));
  Instruction *Slow = SplitBlockAndInsertIfThen(B.CreateNot(Inside), &I, false);
  B.SetInsertPoint(Slow);
  Value *Failed = B.CreateCall(
      Ctx.runtime(GEVO_RT_CHECK),
      {A.Ptr, B.getInt64(A.Bytes), B.getInt32(A.IsWrite), uidOf(I)});
  exitIf(B.CreateIsNotNull(Failed), Slow, std::nullopt, nullptr);
}

/// A constant offset inside a local, a writable global or the static shared
/// arena.
bool Instrumenter::staticallySafe(const Access &A) {
  APInt Offset(64, 0);
  const Value *Base =
      A.Ptr->stripAndAccumulateConstantOffsets(DL, Offset, true);
  uint64_t Extent = 0;
  if (isContext(Base))
    return true;
  if (auto *AI = dyn_cast<AllocaInst>(Base)) {
    std::optional<TypeSize> Size = AI->getAllocationSize(DL);
    Extent = Size && !Size->isScalable() ? Size->getFixedValue() : 0;
  } else if (isSharedBase(Base)) {
    Extent = StaticSharedBytes;
  } else if (auto *G = dyn_cast<GlobalVariable>(Base);
             G && !G->isDeclaration() && !A.IsWrite) {
    Extent = DL.getTypeAllocSize(G->getValueType());
  }
  return !Offset.isNegative() && Offset.getZExtValue() + A.Bytes <= Extent;
}

/// The UID string of \p I as a constant in the module (null when unnamed).
Value *Instrumenter::uidOf(Instruction &I) {
  StringRef Uid = getUid(I);
  if (Uid.empty())
    return ConstantPointerNull::get(PointerType::get(M.getContext(), 0));
  Value *&G = Uids[Uid];
  if (!G) {
    IRBuilder<> B(M.getContext());
    G = B.CreateGlobalString(Uid, "gevo.uid." + Uid, 0, &M);
  }
  return G;
}

/// Before \p Before: if \p Cond, record \p Fault (when given) and return.
void Instrumenter::exitIf(Value *Cond, Instruction *Before,
                          std::optional<Status> Fault, Value *Uid) {
  Instruction *Then = SplitBlockAndInsertIfThen(Cond, Before, true);
  IRBuilder<> B(Then);
  if (Fault) {
    B.CreateStore(B.getInt32(unsigned(*Fault)),
                  Ctx.fieldPtr(B, CtxFaultCodeOffset));
    B.CreateStore(Uid ? Uid : ConstantPointerNull::get(B.getPtrTy()),
                  Ctx.fieldPtr(B, CtxFaultUidOffset));
  }
  B.CreateStore(B.getInt32(1), Ctx.fieldPtr(B, CtxAbortedOffset));
  Type *Ret = Before->getFunction()->getReturnType();
  if (Ret->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(PoisonValue::get(Ret));
  Then->eraseFromParent();
}

} // namespace

void instrument(Module &M, ContextAccess &Ctx, bool Checks,
                unsigned StaticSharedBytes) {
  Instrumenter I(M, Ctx, StaticSharedBytes);
  for (Function &F : M)
    if (!F.isDeclaration())
      I.run(F, Checks);
}

} // namespace gevo::cpu
