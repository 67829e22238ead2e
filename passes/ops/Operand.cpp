//===- Operand.cpp - Replace one operand by another value -------------------===//
//
// The new value has the operand's type and is valid in its slot: an
// argument, a global, a dominating instruction, or the type's constant when
// there is no such value.
//
//===----------------------------------------------------------------------===//

#include "../EditSession.h"
#include "../Legality.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constants.h"

using namespace llvm;

namespace gevo {

/// Tokens of the values operand U could change to (not its current one).
static std::vector<std::string> alternatives(EditSession &S, const Use &U,
                                             std::vector<Value *> *Values) {
  std::vector<std::string> Tokens;
  for (Value *V : S.valuesFor(U, nullptr))
    if (V != U.get()) {
      Tokens.push_back(EditSession::token(*V));
      if (Values)
        Values->push_back(V);
    }
  if (Tokens.empty() && U.get() != fallbackConstant(U->getType()))
    Tokens.push_back("C");
  return Tokens;
}

bool sampleOperand(EditSession &S, Rng &R, Edit &E) {
  std::vector<Use *> Slots;
  for (Instruction *I : S.collect([](const Instruction &) { return true; }))
    for (Use &U : I->operands())
      if (isReplaceableOperand(U))
        Slots.push_back(&U);
  for (unsigned Try = 0; Try < 32 && !Slots.empty(); ++Try) {
    Use &U = *Slots[R.below(Slots.size())];
    std::vector<std::string> Tokens = alternatives(S, U, nullptr);
    if (Tokens.empty())
      continue;
    E.Target = getUid(*cast<Instruction>(U.getUser())).str();
    E.OperandIndex = U.getOperandNo();
    E.Other = Tokens[R.below(Tokens.size())];
    return true;
  }
  return false;
}

Error applyOperand(EditSession &S, const Edit &E) {
  Instruction *I = S.lookup(E.Target);
  if (!I)
    return notApplicable("no instruction " + E.Target);
  if (E.OperandIndex >= I->getNumOperands() ||
      !isReplaceableOperand(I->getOperandUse(E.OperandIndex)))
    return notApplicable("operand " + std::to_string(E.OperandIndex) +
                         " of " + E.Target + " cannot be replaced");
  Use &U = I->getOperandUse(E.OperandIndex);
  std::vector<Value *> Values;
  std::vector<std::string> Tokens = alternatives(S, U, &Values);
  auto It = find(Tokens, E.Other);
  if (It == Tokens.end())
    return notApplicable(E.Other + " cannot stand in operand " +
                         std::to_string(E.OperandIndex) + " of " + E.Target);
  U.set(E.Other == "C" ? fallbackConstant(U->getType())
                       : Values[It - Tokens.begin()]);
  EditSession::loosen(*I);
  return Error::success();
}

} // namespace gevo
