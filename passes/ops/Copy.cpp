//===- Copy.cpp - Duplicate an instruction elsewhere in its function --------===//
//
// The copy goes before another instruction; operands that do not dominate
// the new place are repaired, and one later operand slot of the copy's type
// is rewired to the copy so that it has an effect.
//
//===----------------------------------------------------------------------===//

#include "../EditSession.h"
#include "../Legality.h"

using namespace llvm;

namespace gevo {

bool sampleCopy(EditSession &S, Rng &R, Edit &E) {
  Instruction *Src = pickOne(R, S.collect(isMovable));
  if (!Src)
    return false;
  Instruction *Pos =
      pickOne(R, S.collect(isInsertionPoint, Src->getFunction()));
  return choosePair(E, *Src, *Pos);
}

Error applyCopy(EditSession &S, const Edit &E) {
  Instruction *Src, *Pos;
  if (Error Why = lookupPair(S, E, OtherRole::InsertionPoint, Src, Pos))
    return Why;
  Instruction *Copy = S.cloneBefore(*Src, *Pos);
  S.repairOperands(*Copy);
  S.giveUser(*Copy);
  return Error::success();
}

} // namespace gevo
