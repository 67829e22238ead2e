//===- ThreadLoopChecks.cpp - Checks hoisted out of a block's x loop ------===//
//
// In a block function, an access whose address is an affine function of
// tid.x (with everything else fixed while x runs) touches, over the x loop,
// addresses between the two ends of that function. When both ends of every
// such access lie in the range its site last accepted, a copy of the x loop
// without those checks runs (loop versioning), which the optimiser can
// vectorise; otherwise the checked loop runs and refills the caches. A loop
// that calls functions is left alone: its threads do enough per check that
// compiling it twice would not pay.
//
// The addresses are modelled by scalar evolution, so the model must be what
// the code computes: the function's poison-generating flags are dropped
// first (a mutant's overflow then wraps, as the model has it, instead of
// being poison the model may assume away), and each no-wrap assumption the
// model needs is tested at run time in the same guard.
//
//===----------------------------------------------------------------------===//

#include "Instrument.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace gevo::cpu {
namespace {

/// The innermost loop over threads (the x loop), if any.
Loop *findXLoop(LoopInfo &LI) {
  for (Loop *L : LI.getLoopsInPreorder()) {
    const BasicBlock *Latch = L->getLoopLatch();
    if (Latch && Latch->getTerminator()->getMetadata(ThreadLoopMD) &&
        none_of(L->getSubLoops(), [](const Loop *Sub) {
          const BasicBlock *SubLatch = Sub->getLoopLatch();
          return SubLatch && SubLatch->getTerminator()->getMetadata(ThreadLoopMD);
        }))
      return L;
  }
  return nullptr;
}

/// Whether \p L calls a function (a special function, module code): its
/// threads then do enough work per check that a second copy is not worth
/// its compile time (the loop could not be vectorised either).
bool callsFunctions(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (auto *Call = dyn_cast<CallBase>(&I)) {
        const Function *Callee = Call->getCalledFunction();
        if (!Callee || !(Callee->isIntrinsic() ||
                         Callee->getName() == CostMarker ||
                         Callee->getName() == ThreadStartMarker))
          return true;
      }
  return false;
}

/// Whether a value of \p L is used outside it (the copy would need LCSSA).
bool escapes(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      for (const User *U : I.users())
        if (!L.contains(cast<Instruction>(U)))
          return true;
  return false;
}

/// The lowest and highest address an access of \p Ptr in \p L makes (as
/// i64), under the predicates \p PSE collects; null when not affine in x.
std::pair<const SCEV *, const SCEV *> addressBounds(PredicatedScalarEvolution &PSE,
                                                    Loop &L, Value *Ptr,
                                                    const SCEV *Trips) {
  ScalarEvolution &SE = *PSE.getSE();
  Type *I64 = Type::getInt64Ty(Ptr->getContext());
  auto AsInt = [&](const SCEV *S) -> const SCEV * {
    const SCEV *Int = SE.getPtrToIntExpr(S, I64);
    return isa<SCEVCouldNotCompute>(Int) ? nullptr : Int;
  };
  const SCEV *Whole = SE.getSCEV(Ptr);
  if (SE.isLoopInvariant(Whole, &L)) {
    const SCEV *At = AsInt(Whole);
    return {At, At};
  }
  const SCEVAddRecExpr *AR = PSE.getAsAddRec(Ptr);
  if (!AR || AR->getLoop() != &L || !AR->isAffine() ||
      !SE.isLoopInvariant(AR->getStart(), &L) ||
      !SE.isLoopInvariant(AR->getStepRecurrence(SE), &L))
    return {nullptr, nullptr};
  if (!PSE.hasNoOverflow(Ptr, SCEVWrapPredicate::IncrementNUSW))
    PSE.setNoOverflow(Ptr, SCEVWrapPredicate::IncrementNUSW);
  const SCEV *First = AsInt(AR->getStart());
  const SCEV *Last = AsInt(AR->evaluateAtIteration(Trips, SE));
  if (!First || !Last)
    return {nullptr, nullptr};
  return {SE.getUMinExpr(First, Last), SE.getUMaxExpr(First, Last)};
}

/// A copy of \p L's blocks (\p VMap maps into it), entered from the
/// preheader when \p Enter holds.
void cloneLoop(Loop &L, Value *Enter, ValueToValueMapTy &VMap) {
  Function &F = *L.getHeader()->getParent();
  SmallVector<BasicBlock *> Copies;
  for (BasicBlock *BB : L.blocks()) {
    BasicBlock *Copy = CloneBasicBlock(BB, VMap, ".unchecked", &F);
    VMap[BB] = Copy;
    Copies.push_back(Copy);
  }
  remapInstructionsInBlocks(Copies, VMap);
  SmallVector<BasicBlock *> Exits;
  L.getUniqueExitBlocks(Exits);
  for (BasicBlock *Exit : Exits)
    for (PHINode &Phi : Exit->phis())
      for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I)
        if (L.contains(Phi.getIncomingBlock(I))) {
          Value *In = Phi.getIncomingValue(I);
          Phi.addIncoming(VMap.count(In) ? static_cast<Value *>(VMap[In]) : In,
                          cast<BasicBlock>(VMap[Phi.getIncomingBlock(I)]));
        }
  BasicBlock *Preheader = L.getLoopPreheader();
  Instruction *Old = Preheader->getTerminator();
  BranchInst::Create(cast<BasicBlock>(VMap[L.getHeader()]), L.getHeader(),
                     Enter, Old);
  Old->eraseFromParent();
}

} // namespace

void FunctionInstrumenter::versionThreadLoop(
    SmallVectorImpl<Access> &Accesses, SmallVectorImpl<RaceAccess> &Races) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  Loop *L = findXLoop(LI);
  if (!L || !L->getLoopPreheader() || escapes(*L) || callsFunctions(*L))
    return;
  SmallVector<unsigned> InLoop;
  for (unsigned I = 0; I < Accesses.size(); ++I)
    if (LI.getLoopFor(Accesses[I].At->getParent()) == L)
      InLoop.push_back(I);
  if (InLoop.empty())
    return;
  for (Instruction &I : instructions(F))
    I.dropPoisonGeneratingAnnotations();
  TargetLibraryInfoImpl TLII(Triple(F.getParent()->getTargetTriple()));
  TargetLibraryInfo TLI(TLII, &F);
  AssumptionCache AC(F);
  ScalarEvolution SE(F, TLI, AC, DT, LI);
  PredicatedScalarEvolution PSE(SE, *L);
  const SCEV *Trips = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(Trips))
    return;
  Instruction *Guard = L->getLoopPreheader()->getTerminator();
  SCEVExpander Expander(SE, DL, "gevo.bounds");
  IRBuilder<> B(Guard);
  Value *Enter = B.getTrue();
  DenseSet<unsigned> Covered;
  for (unsigned I : InLoop) {
    auto [Low, High] = addressBounds(PSE, *L, Accesses[I].Ptr, Trips);
    if (!Low || !Expander.isSafeToExpandAt(Low, Guard) ||
        !Expander.isSafeToExpandAt(High, Guard))
      continue;
    auto [LoPtr, SpanPtr] = cacheFields(B, Accesses[I].Site);
    Value *Lo = B.CreateLoad(B.getInt64Ty(), LoPtr);
    Value *Span = B.CreateLoad(B.getInt64Ty(), SpanPtr);
    for (const SCEV *End : {Low, High}) {
      Value *At = Expander.expandCodeFor(End, B.getInt64Ty(), Guard);
      Enter = B.CreateAnd(Enter, B.CreateICmpULT(B.CreateSub(At, Lo), Span));
    }
    Covered.insert(I);
  }
  if (Covered.empty())
    return;
  if (!PSE.getPredicate().isAlwaysTrue())
    Enter = B.CreateAnd(
        Enter, B.CreateNot(Expander.expandCodeForPredicate(&PSE.getPredicate(),
                                                           Guard)));
  ValueToValueMapTy VMap;
  cloneLoop(*L, Enter, VMap);
  auto Mapped = [&](Value *V) {
    return VMap.count(V) ? static_cast<Value *>(VMap[V]) : V;
  };
  for (unsigned I : InLoop) {
    if (Covered.count(I))
      continue;
    Access Copy = Accesses[I];
    Copy.At = cast<Instruction>(VMap[Copy.At]);
    Copy.Ptr = Mapped(Copy.Ptr);
    Accesses.push_back(Copy);
  }
  for (unsigned I = 0, E = Races.size(); I != E; ++I) {
    if (!L->contains(Races[I].At))
      continue;
    RaceAccess Copy = Races[I];
    Copy.At = cast<Instruction>(VMap[Copy.At]);
    Copy.Ptr = Mapped(Copy.Ptr);
    Copy.Bytes = Mapped(Copy.Bytes);
    Races.push_back(Copy);
  }
}

} // namespace gevo::cpu
