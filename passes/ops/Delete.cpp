//===- Delete.cpp - Remove an instruction -----------------------------------===//
//
// Each user of the removed value gets another value of its type that
// dominates it, or the type's constant.
//
//===----------------------------------------------------------------------===//

#include "../EditSession.h"
#include "../Legality.h"

using namespace llvm;

namespace gevo {

bool sampleDelete(EditSession &S, Rng &R, Edit &E) {
  Instruction *I = pickOne(R, S.collect(isDeletable));
  if (!I)
    return false;
  E.Target = getUid(*I).str();
  return true;
}

Error applyDelete(EditSession &S, const Edit &E) {
  Instruction *I = S.lookup(E.Target);
  if (!I)
    return notApplicable("no instruction " + E.Target);
  if (!isDeletable(*I))
    return notApplicable(E.Target + " cannot be deleted");
  S.deleteWithRepair(*I);
  return Error::success();
}

} // namespace gevo
