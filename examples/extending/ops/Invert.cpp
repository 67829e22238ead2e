//===- Invert.cpp - Invert a comparison (an example op) ---------------------===//
//
// examples/extending: an op written as passes/README.md says. Copied to
// passes/ops/Invert.cpp with the line
//
//   GEVO_OP(Invert, "invert", OneUid, "inverted the comparison {T}",
//           "invert the predicate of an integer or floating-point comparison")
//
// in passes/include/gevo/passes/Ops.def, it is an op like the six: `invert
// U12` in edit lists, gevo-mutate --op invert, GEVO's mutations. The
// extend.op tests build the passes library that way and run the passes
// tests over it.
//
// `icmp slt` becomes `icmp sge`, `fcmp olt` becomes `fcmp uge`: the
// instruction keeps its UID and its users, so no SSA repair is needed.
//
//===----------------------------------------------------------------------===//

#include "../EditSession.h"

#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace gevo {

bool sampleInvert(EditSession &S, Rng &R, Edit &E) {
  Instruction *I = pickOne(R, S.collect([](const Instruction &I) { return isa<CmpInst>(I); }));
  if (!I)
    return false;
  E.Target = getUid(*I).str();
  return true;
}

Error applyInvert(EditSession &S, const Edit &E) {
  auto *Cmp = dyn_cast_or_null<CmpInst>(S.lookup(E.Target));
  if (!Cmp)
    return notApplicable("no comparison " + E.Target);
  Cmp->setPredicate(Cmp->getInversePredicate());
  EditSession::loosen(*Cmp); // fast-math flags were proven for the old test
  return Error::success();
}

} // namespace gevo
