//===- Move.cpp - Move an instruction elsewhere in its function -------------===//
//
// The moved instruction keeps its UID. Its operands and its uses are
// repaired where dominance broke; if no use is left, one later operand slot
// of its type is rewired to it.
//
//===----------------------------------------------------------------------===//

#include "../EditSession.h"
#include "../Legality.h"

using namespace llvm;

namespace gevo {

/// Moving I before Pos changes nothing when Pos is I or follows it directly.
static bool isNoOpMove(const Instruction &I, const Instruction &Pos) {
  return &Pos == &I || &Pos == I.getNextNode();
}

bool sampleMove(EditSession &S, Rng &R, Edit &E) {
  Instruction *I = pickOne(R, S.collect(isMovable));
  if (!I)
    return false;
  Instruction *Pos = pickOne(
      R, S.collect(
             [I](const Instruction &P) {
               return isInsertionPoint(P) && !isNoOpMove(*I, P);
             },
             I->getFunction()));
  if (!Pos)
    return false;
  return choosePair(E, *I, *Pos);
}

Error applyMove(EditSession &S, const Edit &E) {
  Instruction *I, *Pos;
  if (Error Why = lookupPair(S, E, OtherRole::InsertionPoint, I, Pos))
    return Why;
  if (isNoOpMove(*I, *Pos))
    return notApplicable("moving " + E.Target + " before " + E.Other +
                         " changes nothing");
  I->moveBefore(Pos);
  EditSession::loosen(*I);
  S.repairOperands(*I);
  S.repairUses(*I);
  if (I->use_empty())
    S.giveUser(*I);
  return Error::success();
}

} // namespace gevo
