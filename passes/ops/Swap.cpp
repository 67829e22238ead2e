//===- Swap.cpp - Swap the positions of two instructions --------------------===//
//
// Both keep their UIDs; operands and uses whose dominance broke are
// repaired.
//
//===----------------------------------------------------------------------===//

#include "../EditSession.h"
#include "../Legality.h"

using namespace llvm;

namespace gevo {

bool sampleSwap(EditSession &S, Rng &R, Edit &E) {
  return samplePair(R, E, S.collect(isMovable), [&](Instruction &A) {
    return pickOne(R, S.collect(
                          [&A](const Instruction &I) {
                            return &I != &A && isMovable(I) &&
                                   !I.isIdenticalTo(&A);
                          },
                          A.getFunction()));
  });
}

Error applySwap(EditSession &S, const Edit &E) {
  Instruction *A, *B;
  if (Error Why = lookupPair(S, E, OtherRole::Movable, A, B))
    return Why;
  if (A->getNextNode() == B) {
    A->moveAfter(B);
  } else if (B->getNextNode() == A) {
    B->moveAfter(A);
  } else {
    Instruction *AfterA = A->getNextNode();
    A->moveBefore(B);
    B->moveBefore(AfterA);
  }
  EditSession::loosen(*A);
  EditSession::loosen(*B);
  S.repairOperands(*A);
  S.repairOperands(*B);
  S.repairUses(*A);
  S.repairUses(*B);
  return Error::success();
}

} // namespace gevo
