//===- Mutator.cpp - Make and replay mutations ------------------------------===//

#include "gevo/passes/Mutator.h"
#include "gevo/passes/Names.h"
#include "EditSession.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gevo {

// Each op lives in passes/ops/<Op>.cpp and defines sample<Op> and apply<Op>.
#define GEVO_OP(Enum, Name, Form, Description, Help)                           \
  bool sample##Enum(EditSession &S, Rng &R, Edit &E);                          \
  llvm::Error apply##Enum(EditSession &S, const Edit &E);
#include "gevo/passes/Ops.def"

const OpImpl &opImpl(OpKind Op) {
  static const OpImpl Table[] = {
#define GEVO_OP(Enum, Name, Form, Description, Help) {sample##Enum, apply##Enum},
#include "gevo/passes/Ops.def"
  };
  return Table[static_cast<int>(Op)];
}

std::optional<Edit> mutate(Module &M, OpKind Op, Rng &R,
                           ArrayRef<std::string> Functions) {
  EditSession S(M);
  S.setScope(Functions);
  Edit E;
  E.Op = Op;
  const OpImpl &Impl = opImpl(Op);
  if (!Impl.Sample(S, R, E))
    return std::nullopt;
  RandomChooser C(R, E);
  S.setChooser(C);
  // Sampling only draws applicable targets; should applying still refuse,
  // the module is unchanged and there is no edit to report.
  if (Error Why = Impl.Apply(S, E)) {
    consumeError(std::move(Why));
    return std::nullopt;
  }
  return E;
}

Expected<std::vector<std::string>>
resolveFunctions(const Module &M, ArrayRef<std::string> Names) {
  std::vector<std::string> Defined, Out;
  for (const Function &F : M)
    if (!F.isDeclaration())
      Defined.push_back(F.getName().str());
  for (const std::string &Name : Names) {
    Expected<std::vector<std::string>> Found =
        matchNames(Name, Defined, "function");
    if (!Found)
      return Found.takeError();
    Out.insert(Out.end(), Found->begin(), Found->end());
  }
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

static Error applyIn(EditSession &S, const Edit &E) {
  ReplayChooser C(E);
  S.setChooser(C);
  return opImpl(E.Op).Apply(S, E);
}

Error applyEdit(Module &M, const Edit &E) {
  EditSession S(M);
  return applyIn(S, E);
}

ApplyReport applyEdits(Module &M, ArrayRef<Edit> Edits) {
  EditSession S(M);
  ApplyReport Report;
  for (size_t I = 0; I < Edits.size(); ++I) {
    if (Error Why = applyIn(S, Edits[I]))
      Report.NotApplicable.push_back({I, toString(std::move(Why))});
    else
      ++Report.Applied;
  }
  return Report;
}

} // namespace gevo
