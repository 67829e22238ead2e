//===- Replace.cpp - Replace an instruction by a copy of another ------------===//
//
// A copy of the donor (same result type, same function) takes the target's
// place and its users; the copy's operands are repaired at that place.
//
//===----------------------------------------------------------------------===//

#include "../EditSession.h"
#include "../Legality.h"

#include "llvm/ADT/DenseMap.h"

using namespace llvm;

namespace gevo {

bool sampleReplace(EditSession &S, Rng &R, Edit &E) {
  // Instructions grouped by (function, type): donors come from the group.
  DenseMap<std::pair<Function *, Type *>, std::vector<Instruction *>> Groups;
  std::vector<Instruction *> Movable = S.collect(isMovable);
  for (Instruction *I : Movable)
    Groups[{I->getFunction(), I->getType()}].push_back(I);
  std::vector<Instruction *> Targets;
  for (Instruction *I : Movable)
    if (Groups[{I->getFunction(), I->getType()}].size() > 1)
      Targets.push_back(I);
  return samplePair(R, E, Targets, [&](Instruction &T) {
    std::vector<Instruction *> Donors;
    for (Instruction *D : Groups[{T.getFunction(), T.getType()}])
      if (D != &T && !D->isIdenticalTo(&T))
        Donors.push_back(D);
    return pickOne(R, Donors);
  });
}

Error applyReplace(EditSession &S, const Edit &E) {
  Instruction *Target, *Donor;
  if (Error Why = lookupPair(S, E, OtherRole::Movable, Target, Donor))
    return Why;
  if (Target->getType() != Donor->getType())
    return notApplicable(E.Target + " and " + E.Other + " differ in type");
  Instruction *Copy = S.cloneBefore(*Donor, *Target);
  S.repairOperands(*Copy);
  for (User *U : Target->users())
    EditSession::loosen(*cast<Instruction>(U));
  Target->replaceAllUsesWith(Copy);
  S.erase(*Target);
  return Error::success();
}

} // namespace gevo
