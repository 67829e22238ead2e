//===- RaceChecks.cpp - Every shared and global access, for the judge -----===//
//
// Every load, store, atomic and memory intrinsic that may reach shared or
// global memory (not provably a local or a read-only global, nor the
// launcher's own loads of the arguments) calls the runtime (gevo_rt_race,
// through a preserve_most thunk) with its address, size, RaceFlags, site
// and UID, after its memory check. The runtime records the access in the
// shadow (Race.h); on a race or an uninitialized read it records the fault
// in the context and answers non-zero, and the function returns. Accesses
// to a thread's own stack through a pointer the code could not tell apart
// are let through by the runtime.
//
//===----------------------------------------------------------------------===//

#include "Instrument.h"
#include "Race.h"
#include "Runtime.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gevo::cpu {

bool FunctionInstrumenter::privateOrReadOnly(const Value *Ptr) const {
  const Value *Base = getUnderlyingObject(Ptr, 0);
  if (isa<AllocaInst>(Base) || isContextCall(Base))
    return true;
  auto *G = dyn_cast<GlobalVariable>(Base);
  return G && (G->isConstant() || S.ReadOnly->contains(G->getName()));
}

void FunctionInstrumenter::collectRaceAccesses(
    Instruction &I, SmallVectorImpl<RaceAccess> &Out) {
  if (I.getMetadata(LLVMContext::MD_nosanitize))
    return;
  Type *I64 = Type::getInt64Ty(I.getContext());
  auto Add = [&](Value *Ptr, Value *Bytes, uint32_t Flags) {
    if (!privateOrReadOnly(Ptr))
      Out.push_back({&I, Ptr, Bytes, Flags, 0});
  };
  auto Size = [&](Type *T) {
    return ConstantInt::get(I64, DL.getTypeStoreSize(T).getFixedValue());
  };
  if (auto *L = dyn_cast<LoadInst>(&I))
    return Add(L->getPointerOperand(), Size(L->getType()),
               RaceRead | (L->isAtomic() ? RaceAtomic : 0u));
  if (auto *St = dyn_cast<StoreInst>(&I))
    return Add(St->getPointerOperand(), Size(St->getValueOperand()->getType()),
               RaceWrite | (St->isAtomic() ? RaceAtomic : 0u));
  uint32_t Rmw = RaceRead | RaceWrite | RaceAtomic;
  if (auto *A = dyn_cast<AtomicRMWInst>(&I))
    return Add(A->getPointerOperand(), Size(A->getType()), Rmw);
  if (auto *A = dyn_cast<AtomicCmpXchgInst>(&I))
    return Add(A->getPointerOperand(),
               Size(A->getNewValOperand()->getType()), Rmw);
  auto *MI = dyn_cast<MemIntrinsic>(&I);
  if (!MI)
    return;
  Add(MI->getDest(), MI->getLength(), RaceWrite);
  if (auto *Transfer = dyn_cast<MemTransferInst>(MI))
    Add(Transfer->getSource(), MI->getLength(), RaceRead | RaceCopy);
}

void FunctionInstrumenter::checkRace(const RaceAccess &A) {
  IRBuilder<> B(A.At);
  Module &M = *F.getParent();
  CallInst *Fault = B.CreateCall(
      runtimeThunk(M, Ctx, GEVO_RT_RACE),
      {A.Ptr, B.CreateZExtOrTrunc(A.Bytes, B.getInt64Ty()),
       B.getInt32(A.Flags), B.getInt32(S.RaceSites++), uidOf(*A.At)});
  Fault->setCallingConv(thunkConv(M));
  exitIf(B.CreateICmpNE(Fault, B.getInt32(0)), A.At, std::nullopt, nullptr);
}

} // namespace gevo::cpu
