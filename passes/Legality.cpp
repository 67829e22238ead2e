//===- Legality.cpp - What an op may touch ----------------------------------===//

#include "Legality.h"

#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace gevo {

namespace {
/// Intrinsics that describe the program rather than compute: debug info,
/// lifetimes, assumptions. Mutating them gains nothing and some of them
/// constrain their operands beyond their types.
bool isMarker(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  return II && (II->isAssumeLikeIntrinsic() || isa<DbgInfoIntrinsic>(II) ||
                II->isLifetimeStartOrEnd());
}

bool hasTokenOperand(const Instruction &I) {
  for (const Use &U : I.operands())
    if (U->getType()->isTokenTy())
      return true;
  return false;
}

bool isInlineAsmCall(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  return CB && CB->isInlineAsm();
}

bool isGepStructIndex(const GetElementPtrInst &GEP, unsigned OpNo) {
  // The type iterator walks the indices, which start at operand 1.
  unsigned Idx = 1;
  for (auto GTI = gep_type_begin(GEP), E = gep_type_end(GEP); GTI != E;
       ++GTI, ++Idx)
    if (Idx == OpNo)
      return GTI.isStruct();
  return false;
}
} // namespace

bool isRepairableType(const Type *T) {
  return T->isFirstClassType() && !T->isLabelTy() && !T->isMetadataTy() &&
         !T->isTokenTy();
}

bool isMovable(const Instruction &I) {
  return !I.isTerminator() && !isa<PHINode>(I) && !I.isEHPad() &&
         !isa<AllocaInst>(I) && !I.getType()->isTokenTy() &&
         !hasTokenOperand(I) && !isMarker(I);
}

bool isDeletable(const Instruction &I) {
  return !I.isTerminator() && !isa<PHINode>(I) && !I.isEHPad() &&
         !I.getType()->isTokenTy() && !isMarker(I);
}

bool isInsertionPoint(const Instruction &I) {
  return !isa<PHINode>(I) && !I.isEHPad();
}

bool isReplaceableOperand(const Use &U) {
  const auto *I = cast<Instruction>(U.getUser());
  unsigned OpNo = U.getOperandNo();
  if (!isRepairableType(U->getType()) || isa<PHINode>(I) || isMarker(*I) ||
      isInlineAsmCall(*I) || isa<AllocaInst>(I))
    return false;
  if (const auto *CB = dyn_cast<CallBase>(I))
    return !CB->isCallee(&U) && !CB->isBundleOperand(OpNo) &&
           (!CB->isArgOperand(&U) ||
            !CB->paramHasAttr(CB->getArgOperandNo(&U), Attribute::ImmArg));
  if (const auto *GEP = dyn_cast<GetElementPtrInst>(I))
    return !isGepStructIndex(*GEP, OpNo);
  if (isa<SwitchInst>(I))
    return OpNo == 0; // the condition; the rest are case values and labels
  return true;
}

} // namespace gevo
