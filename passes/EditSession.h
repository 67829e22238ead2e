//===- EditSession.h - Shared machinery of the ops ---------------*- C++ -*-===//
//
// An EditSession applies edits to one module: it keeps the UID map and one
// dominator tree per function (gevo's ops never change the CFG, so a tree
// stays valid across edits), and does the SSA repair every op shares. Every
// choice a repair makes goes through a Chooser: RandomChooser draws it and
// records it into the edit, ReplayChooser reads it back.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_PASSES_EDITSESSION_H
#define GEVO_PASSES_EDITSESSION_H

#include "gevo/passes/Edit.h"
#include "gevo/passes/Uid.h"
#include "gevo/support/Rng.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Constant;
class Module;
class Value;
} // namespace llvm

namespace gevo {

class Chooser {
public:
  virtual ~Chooser() = default;
  /// The value for slot Where: one of Tokens (the valid values, possibly
  /// none) or "C", the fallback constant.
  virtual std::string pickFix(const OperandRef &Where,
                              llvm::ArrayRef<std::string> Tokens) = 0;
  /// Which of Slots to rewire to a new value, if any.
  virtual std::optional<size_t> pickUse(llvm::ArrayRef<OperandRef> Slots) = 0;
};

/// Draws choices from an Rng and records them into the edit being made.
class RandomChooser : public Chooser {
public:
  RandomChooser(Rng &R, Edit &E) : R(R), E(E) {}
  std::string pickFix(const OperandRef &Where,
                      llvm::ArrayRef<std::string> Tokens) override;
  std::optional<size_t> pickUse(llvm::ArrayRef<OperandRef> Slots) override;

private:
  Rng &R;
  Edit &E;
};

/// Takes the choices an edit recorded; one no longer valid becomes "C".
class ReplayChooser : public Chooser {
public:
  explicit ReplayChooser(const Edit &E) : E(E) {}
  std::string pickFix(const OperandRef &Where,
                      llvm::ArrayRef<std::string> Tokens) override;
  std::optional<size_t> pickUse(llvm::ArrayRef<OperandRef> Slots) override;

private:
  const Edit &E;
};

/// The fallback constant of a type: 1, 1.0 (also splatted) or null.
llvm::Constant *fallbackConstant(llvm::Type *T);

class EditSession {
public:
  explicit EditSession(llvm::Module &M);

  llvm::Module &module() { return M; }
  llvm::Instruction *lookup(llvm::StringRef Uid) const {
    return Uids.lookup(Uid);
  }
  llvm::DominatorTree &domTree(llvm::Function &F);
  void setChooser(Chooser &C) { Choose = &C; }
  /// Restricts collect()'s module-wide searches, where targets are drawn,
  /// to the functions named in Names (all of them when empty).
  void setScope(llvm::ArrayRef<std::string> Names) { Scope = Names; }

  /// The token of a value that may stand in an operand: U<uid>, A<n>, @name.
  static std::string token(const llvm::Value &V);
  /// Values of U's type that are valid in U's slot (dominating, same
  /// function), except Exclude and the slot's user, in program order.
  std::vector<llvm::Value *> valuesFor(const llvm::Use &U,
                                       const llvm::Instruction *Exclude);
  /// True when U's value is defined where U may use it.
  bool isValidUse(const llvm::Use &U);

  /// Inserts a copy of Src before Pos, with UID <Src>@<Pos>.
  llvm::Instruction *cloneBefore(llvm::Instruction &Src, llvm::Instruction &Pos);
  /// Gives each operand of I that is no longer valid a chosen value.
  void repairOperands(llvm::Instruction &I);
  /// Gives each use of I that I no longer dominates a chosen value.
  void repairUses(llvm::Instruction &I);
  /// Rewires every use of I to a chosen value, then erases I.
  void deleteWithRepair(llvm::Instruction &I);
  /// Rewires one later operand slot of I's type to I, if one is chosen.
  void giveUser(llvm::Instruction &I);
  void erase(llvm::Instruction &I);
  /// Drops what I's flags, metadata and return attributes promised about
  /// its operands and place (nsw, nuw, exact, disjoint, inbounds, fast-math
  /// flags, !range, ...): proven for the original code, they may not hold
  /// for I's new operands or place, and a broken promise is poison, which
  /// the PTX backend and the cpu target's JIT exploit differently. Every op
  /// calls it on each instruction whose operands or place it changes.
  static void loosen(llvm::Instruction &I);

  /// Named instructions that satisfy Pred, in program order: of function
  /// Only if given, else of the whole module (within the scope).
  std::vector<llvm::Instruction *>
  collect(llvm::function_ref<bool(const llvm::Instruction &)> Pred,
          llvm::Function *Only = nullptr);

private:
  bool inScope(const llvm::Function &F) const;
  void fixUse(llvm::Use &U, const llvm::Instruction *Exclude);
  std::string deriveUid(llvm::StringRef Source, llvm::StringRef Place) const;

  llvm::Module &M;
  UidMap Uids;
  Chooser *Choose = nullptr;
  llvm::ArrayRef<std::string> Scope;
  llvm::DenseMap<llvm::Function *, std::unique_ptr<llvm::DominatorTree>> Trees;
};

/// One op's two halves: drawing targets and applying an edit.
struct OpImpl {
  /// Fills E's targets with a random applicable choice; false if none.
  bool (*Sample)(EditSession &S, Rng &R, Edit &E);
  /// Applies E; an error saying why it does not apply leaves the module
  /// unchanged.
  llvm::Error (*Apply)(EditSession &S, const Edit &E);
};
const OpImpl &opImpl(OpKind Op);

/// Picks a uniformly random element of V, or nullptr when V is empty.
template <typename T> T *pickOne(Rng &R, const std::vector<T *> &V) {
  return V.empty() ? nullptr : V[R.below(V.size())];
}

/// Names \p Target and \p Other (their UIDs) as E's two instructions;
/// true, a sample function's answer once it has chosen them.
bool choosePair(Edit &E, const llvm::Instruction &Target,
                const llvm::Instruction &Other);

/// Up to 16 tries of a random target of \p Targets and a partner for it
/// (\p PartnerOf draws one, nullptr if it has none): the first pair found is
/// E's (choosePair); false if every try failed.
bool samplePair(
    Rng &R, Edit &E, const std::vector<llvm::Instruction *> &Targets,
    llvm::function_ref<llvm::Instruction *(llvm::Instruction &)> PartnerOf);

/// What an edit's second instruction (E.Other) must be.
enum class OtherRole { InsertionPoint, Movable };

/// Looks up E.Target and E.Other: two instructions of one function, the
/// first movable, the second fit for Role (and distinct, if movable); an
/// error saying why not otherwise.
llvm::Error lookupPair(EditSession &S, const Edit &E, OtherRole Role,
                       llvm::Instruction *&A, llvm::Instruction *&B);

/// Why an edit does not apply, as an error.
llvm::Error notApplicable(const llvm::Twine &Why);

} // namespace gevo

#endif
