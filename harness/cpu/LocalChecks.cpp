//===- LocalChecks.cpp - Reads of local memory no one wrote ---------------===//
//
// A GPU thread's local memory starts undefined; on the cpu target it is a
// fiber's stack, which holds whatever the previous thread left there, so a
// variant that reads a local element it never wrote can give the right
// answer by luck. Each of a function's own static allocas whose every use
// (through GEPs and casts) is a load's or store's address, a memset's or
// memcpy's operand or a lifetime marker gets a shadow: one byte per byte,
// all-ones once written, zeroed where the local's life starts: the entry,
// each llvm.lifetime.start and, in a block function (whose threads share
// the frame), each thread's start. A store or memset sets its bytes; a load whose
// bytes are not all set is Status::Uninitialized with its UID. A memcpy into
// the local sets its bytes (copying undefined bytes is no read), and a
// memcpy out of it is not checked. Out-of-range offsets (the memory checks
// judge those) use a scratch tail that always reads as written, so the
// shadow is never touched out of bounds. Locals with other uses (their
// address escapes, is selected or stored) are not shadowed.
//
//===----------------------------------------------------------------------===//

#include "Instrument.h"

#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace gevo::cpu {
namespace {

/// The largest access shadowed byte by byte; also the scratch tail's size.
constexpr uint64_t MaxAccessBytes = 64;

/// Every load, store, memset, memcpy or lifetime marker using \p AI's
/// address (through GEPs and casts); a memcpy with the local on both sides
/// is there twice. Any other use makes it false when \p Strict (the
/// kernel's own code), else it is skipped (the checks that other
/// instrumentation added since: they read addresses, never write).
bool collectUses(AllocaInst &AI, SmallVectorImpl<LocalUse> &Out,
                 bool Strict) {
  SmallVector<Value *> Work{&AI};
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (User *U : V->users()) {
      auto *I = cast<Instruction>(U);
      if (isa<GetElementPtrInst>(I) || isa<BitCastInst>(I) ||
          isa<AddrSpaceCastInst>(I)) {
        Work.push_back(I);
        continue;
      }
      if (auto *L = dyn_cast<LoadInst>(I); L && L->getPointerOperand() == V)
        Out.push_back({I, V});
      else if (auto *S = dyn_cast<StoreInst>(I);
               S && S->getPointerOperand() == V && S->getValueOperand() != V)
        Out.push_back({I, V});
      else if (isa<MemIntrinsic>(I) || I->isLifetimeStartOrEnd())
        Out.push_back({I, V});
      else if (Strict)
        return false;
    }
  }
  return true;
}

/// The bytes \p I touches at its address, when they are known and small.
std::optional<uint64_t> accessBytes(const Instruction &I,
                                    const DataLayout &DL) {
  Type *T = nullptr;
  if (auto *L = dyn_cast<LoadInst>(&I))
    T = L->getType();
  else if (auto *S = dyn_cast<StoreInst>(&I))
    T = S->getValueOperand()->getType();
  if (!T)
    return std::nullopt;
  uint64_t Bytes = DL.getTypeStoreSize(T).getKnownMinValue();
  if (Bytes == 0 || Bytes > MaxAccessBytes || DL.getTypeStoreSize(T).isScalable())
    return std::nullopt;
  return Bytes;
}

} // namespace

SmallVector<AllocaInst *> FunctionInstrumenter::shadowableLocals() {
  SmallVector<AllocaInst *> Out;
  for (Instruction &I : F.getEntryBlock()) {
    auto *AI = dyn_cast<AllocaInst>(&I);
    std::optional<TypeSize> Size =
        AI && AI->isStaticAlloca() ? AI->getAllocationSize(DL) : std::nullopt;
    SmallVector<LocalUse> Uses;
    if (!Size || Size->isScalable() || !collectUses(*AI, Uses, true))
      continue;
    uint64_t N = Size->getFixedValue();
    // Every access must have a size the shadow can follow: a memory
    // intrinsic of unknown length, or a load or store of an odd size or
    // past the local, leaves the local unshadowed.
    if (any_of(Uses, [&](const LocalUse &U) {
          Instruction *I = U.I;
          if (auto *MI = dyn_cast<MemIntrinsic>(I))
            return !isa<ConstantInt>(MI->getLength());
          if (I->isLifetimeStartOrEnd())
            return false;
          std::optional<uint64_t> Len = accessBytes(*I, DL);
          return !Len || *Len > N;
        }))
      continue;
    Out.push_back(AI);
  }
  return Out;
}

void FunctionInstrumenter::checkLocalInits(ArrayRef<AllocaInst *> Locals) {
  for (AllocaInst *AI : Locals) {
    SmallVector<LocalUse> Uses;
    collectUses(*AI, Uses, false);
    shadowLocal(*AI, AI->getAllocationSize(DL)->getFixedValue(), Uses);
  }
}

void FunctionInstrumenter::shadowLocal(AllocaInst &AI, uint64_t N,
                                       ArrayRef<LocalUse> Uses) {
  IRBuilder<> Entry(AI.getNextNode());
  Type *Bytes = ArrayType::get(Entry.getInt8Ty(), N + MaxAccessBytes);
  auto *Shadow = Entry.CreateAlloca(Bytes, nullptr, AI.getName() + ".init");
  auto Reset = [&](IRBuilder<> &B) {
    B.CreateMemSet(Shadow, B.getInt8(0), N, MaybeAlign(1));
    B.CreateMemSet(B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Shadow, N),
                   B.getInt8(0xFF), MaxAccessBytes, MaybeAlign(1));
  };
  IRBuilder<> AtBody(&*Body->getFirstInsertionPt());
  Reset(AtBody);
  for (Instruction *Start : ThreadStarts) {
    IRBuilder<> B(Start->getNextNode());
    Reset(B);
  }
  // The shadow of [Ptr, Ptr + Len): in range, or the scratch tail.
  auto ShadowOf = [&](IRBuilder<> &B, Value *Ptr, uint64_t Len) {
    Value *Off = B.CreatePtrDiff(B.getInt8Ty(), Ptr, &AI);
    Value *In = B.CreateICmpULE(Off, B.getInt64(N - std::min(N, Len)));
    Value *At = B.CreateSelect(In, Off, B.getInt64(N));
    return B.CreateInBoundsGEP(B.getInt8Ty(), Shadow, At);
  };
  auto Written = [&](IRBuilder<> &B, Value *Ptr, uint64_t Len) {
    B.CreateMemSet(ShadowOf(B, Ptr, Len), B.getInt8(0xFF), Len, MaybeAlign(1));
  };
  for (auto [I, Ptr] : Uses) {
    IRBuilder<> B(I);
    if (I->isLifetimeStartOrEnd()) {
      if (cast<IntrinsicInst>(I)->getIntrinsicID() == Intrinsic::lifetime_start)
        Reset(B);
    } else if (isa<StoreInst>(I)) {
      Written(B, Ptr, *accessBytes(*I, DL));
    } else if (auto *MI = dyn_cast<MemIntrinsic>(I)) {
      // A memcpy's source is not a read; its destination (or a memset's)
      // is written: byte by byte when small, else the whole local.
      uint64_t Len = cast<ConstantInt>(MI->getLength())->getZExtValue();
      if (MI->getRawDest() != Ptr)
        continue;
      if (Len <= MaxAccessBytes)
        Written(B, Ptr, Len);
      else
        B.CreateMemSet(Shadow, B.getInt8(0xFF), N, MaybeAlign(1));
    } else if (isa<LoadInst>(I)) {
      uint64_t Len = *accessBytes(*I, DL);
      Type *Bits = B.getIntNTy(unsigned(Len * 8));
      Value *Got =
          B.CreateAlignedLoad(Bits, ShadowOf(B, Ptr, Len), MaybeAlign(1));
      exitIf(B.CreateICmpNE(Got, Constant::getAllOnesValue(Bits)), I,
             Status::Uninitialized, uidString(*I));
    }
  }
}

} // namespace gevo::cpu
