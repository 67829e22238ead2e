//===- EditSession.cpp - SSA repair shared by the ops -----------------------===//

#include "EditSession.h"
#include "Legality.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gevo {

std::string RandomChooser::pickFix(const OperandRef &Where,
                                   ArrayRef<std::string> Tokens) {
  std::string V = Tokens.empty() ? "C" : Tokens[R.below(Tokens.size())];
  E.Fixes.push_back({Where, V});
  return V;
}

std::optional<size_t> RandomChooser::pickUse(ArrayRef<OperandRef> Slots) {
  if (Slots.empty())
    return std::nullopt;
  size_t I = R.below(Slots.size());
  E.Use = Slots[I];
  return I;
}

std::string ReplayChooser::pickFix(const OperandRef &Where,
                                   ArrayRef<std::string> Tokens) {
  for (const Fix &F : E.Fixes)
    if (F.Where == Where)
      return is_contained(Tokens, F.Value) ? F.Value : "C";
  return "C";
}

std::optional<size_t> ReplayChooser::pickUse(ArrayRef<OperandRef> Slots) {
  if (!E.Use)
    return std::nullopt;
  const auto *It = find(Slots, *E.Use);
  if (It == Slots.end())
    return std::nullopt;
  return It - Slots.begin();
}

Constant *fallbackConstant(Type *T) {
  if (T->isIntOrIntVectorTy())
    return ConstantInt::get(T, 1);
  if (T->isFPOrFPVectorTy())
    return ConstantFP::get(T, 1.0);
  return Constant::getNullValue(T);
}

EditSession::EditSession(Module &M) : M(M), Uids(M) {}

DominatorTree &EditSession::domTree(Function &F) {
  std::unique_ptr<DominatorTree> &DT = Trees[&F];
  if (!DT)
    DT = std::make_unique<DominatorTree>(F);
  return *DT;
}

std::string EditSession::token(const Value &V) {
  if (const auto *I = dyn_cast<Instruction>(&V))
    return getUid(*I).str();
  if (const auto *A = dyn_cast<Argument>(&V))
    return "A" + std::to_string(A->getArgNo());
  return "@" + V.getName().str();
}

/// Globals that may stand in for a pointer: named variables of the program.
static bool isCandidateGlobal(const GlobalVariable &G) {
  StringRef N = G.getName();
  return !N.empty() && !N.starts_with("llvm.") &&
         N.find_first_of(" \t\n:=") == StringRef::npos;
}

bool EditSession::isValidUse(const Use &U) {
  const auto *Def = dyn_cast<Instruction>(U.get());
  if (!Def)
    return true;
  auto *User = cast<Instruction>(U.getUser());
  if (Def->getFunction() != User->getFunction())
    return false;
  if (Def == User && !isa<PHINode>(User))
    return false;
  return domTree(*User->getFunction()).dominates(Def, U);
}

std::vector<Value *> EditSession::valuesFor(const Use &U,
                                            const Instruction *Exclude) {
  auto *User = cast<Instruction>(U.getUser());
  Function &F = *User->getFunction();
  Type *T = U->getType();
  std::vector<Value *> Values;
  for (Argument &A : F.args())
    if (A.getType() == T)
      Values.push_back(&A);
  for (GlobalVariable &G : M.globals())
    if (G.getType() == T && isCandidateGlobal(G))
      Values.push_back(&G);
  DominatorTree &DT = domTree(F);
  for (Instruction &I : instructions(F))
    if (I.getType() == T && &I != User && &I != Exclude &&
        !getUid(I).empty() && DT.dominates(&I, U))
      Values.push_back(&I);
  return Values;
}

void EditSession::fixUse(Use &U, const Instruction *Exclude) {
  auto *User = cast<Instruction>(U.getUser());
  std::vector<Value *> Values = valuesFor(U, Exclude);
  std::vector<std::string> Tokens;
  Tokens.reserve(Values.size());
  for (Value *V : Values)
    Tokens.push_back(token(*V));
  OperandRef Where{getUid(*User).str(), U.getOperandNo()};
  std::string Choice = Choose->pickFix(Where, Tokens);
  U.set(Choice == "C" ? fallbackConstant(U->getType())
                      : Values[find(Tokens, Choice) - Tokens.begin()]);
  loosen(*User);
}

void EditSession::loosen(Instruction &I) { I.dropPoisonGeneratingAnnotations(); }

std::string EditSession::deriveUid(StringRef Source, StringRef Place) const {
  std::string Base = (Source + "@" + Place).str();
  if (!Uids.contains(Base))
    return Base;
  for (unsigned N = 2;; ++N) {
    std::string Uid = Base + "~" + std::to_string(N);
    if (!Uids.contains(Uid))
      return Uid;
  }
}

Instruction *EditSession::cloneBefore(Instruction &Src, Instruction &Pos) {
  Instruction *C = Src.clone();
  C->insertBefore(&Pos);
  if (Src.hasName())
    C->setName(Src.getName());
  setUid(*C, deriveUid(getUid(Src), getUid(Pos)));
  Uids.insert(*C);
  loosen(*C);
  return C;
}

void EditSession::repairOperands(Instruction &I) {
  for (Use &U : I.operands())
    if (!isValidUse(U))
      fixUse(U, nullptr);
}

void EditSession::repairUses(Instruction &I) {
  SmallVector<Use *, 8> Broken;
  for (Use &U : I.uses())
    if (!isValidUse(U))
      Broken.push_back(&U);
  // Use lists are in reverse insertion order; fix in program order instead,
  // so the recorded fixes read naturally.
  for (Use *U : reverse(Broken))
    fixUse(*U, &I);
}

void EditSession::deleteWithRepair(Instruction &I) {
  SmallVector<Use *, 8> Uses;
  for (Use &U : I.uses())
    Uses.push_back(&U);
  for (Use *U : reverse(Uses))
    fixUse(*U, &I);
  erase(I);
}

void EditSession::giveUser(Instruction &I) {
  if (I.getType()->isVoidTy())
    return;
  DominatorTree &DT = domTree(*I.getFunction());
  std::vector<Use *> Slots;
  std::vector<OperandRef> Refs;
  for (Instruction &J : instructions(*I.getFunction())) {
    if (&J == &I || getUid(J).empty())
      continue;
    for (Use &U : J.operands())
      if (U->getType() == I.getType() && U.get() != &I &&
          isReplaceableOperand(U) && DT.dominates(&I, U)) {
        Slots.push_back(&U);
        Refs.push_back({getUid(J).str(), U.getOperandNo()});
      }
  }
  if (std::optional<size_t> Pick = Choose->pickUse(Refs)) {
    Slots[*Pick]->set(&I);
    loosen(*cast<Instruction>(Slots[*Pick]->getUser()));
  }
}

void EditSession::erase(Instruction &I) {
  Uids.erase(getUid(I));
  I.eraseFromParent();
}

bool EditSession::inScope(const Function &F) const {
  return Scope.empty() || is_contained(Scope, F.getName());
}

std::vector<Instruction *>
EditSession::collect(function_ref<bool(const Instruction &)> Pred,
                     Function *Only) {
  std::vector<Instruction *> Result;
  for (Function &F : M)
    if (Only ? &F == Only : inScope(F))
      for (Instruction &I : instructions(F))
        if (!getUid(I).empty() && Pred(I))
          Result.push_back(&I);
  return Result;
}

Error notApplicable(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

bool choosePair(Edit &E, const Instruction &Target, const Instruction &Other) {
  E.Target = getUid(Target).str();
  E.Other = getUid(Other).str();
  return true;
}

bool samplePair(Rng &R, Edit &E, const std::vector<Instruction *> &Targets,
                function_ref<Instruction *(Instruction &)> PartnerOf) {
  for (unsigned Try = 0; Try < 16 && !Targets.empty(); ++Try) {
    Instruction *T = pickOne(R, Targets);
    if (Instruction *Partner = PartnerOf(*T))
      return choosePair(E, *T, *Partner);
  }
  return false;
}

Error lookupPair(EditSession &S, const Edit &E, OtherRole Role,
                 Instruction *&A, Instruction *&B) {
  A = S.lookup(E.Target);
  B = S.lookup(E.Other);
  std::string NotTarget = " is not a " + opName(E.Op).str() + " target";
  if (!A || !B)
    return notApplicable("no instruction " + (A ? E.Other : E.Target));
  if (A->getFunction() != B->getFunction())
    return notApplicable(E.Target + " and " + E.Other +
                         " are in different functions");
  if (!isMovable(*A))
    return notApplicable(E.Target + NotTarget);
  if (Role == OtherRole::InsertionPoint && !isInsertionPoint(*B))
    return notApplicable("nothing can be inserted before " + E.Other);
  if (Role == OtherRole::Movable && (A == B || !isMovable(*B)))
    return notApplicable(E.Other + NotTarget);
  return Error::success();
}

} // namespace gevo
