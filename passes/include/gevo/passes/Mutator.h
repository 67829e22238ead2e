//===- Mutator.h - Make and replay mutations ---------------------*- C++ -*-===//
//
// mutate() draws one random edit of an op and applies it; applyEdit() replays
// a recorded edit. Both run the same op code, the first with choices drawn
// from the Rng, the second with the choices the edit recorded, so replaying
// an edit list on the base module rebuilds exactly the module its edits
// made. Modules must be named (nameInstructions) first.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_PASSES_MUTATOR_H
#define GEVO_PASSES_MUTATOR_H

#include "gevo/passes/Edit.h"
#include "gevo/support/Rng.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace gevo {

/// Makes one random edit of op Op on M and returns it, or std::nullopt when
/// M offers the op no candidate (M is then unchanged). With \p Functions
/// (IR names), the edit's instructions are in those functions only.
std::optional<Edit> mutate(llvm::Module &M, OpKind Op, Rng &R,
                           llvm::ArrayRef<std::string> Functions = {});

/// The IR names of M's defined functions that \p Names name: each an IR
/// name, or the name a demangled C++ name has before its '(' (a kernel's
/// CUDA name). An error names the first that matches no defined function
/// and lists the functions M defines.
llvm::Expected<std::vector<std::string>>
resolveFunctions(const llvm::Module &M, llvm::ArrayRef<std::string> Names);

/// Replays E on M; an error says why it is not applicable (a target UID is
/// gone, types no longer match...), and M is then unchanged. A recorded
/// repair value that is no longer valid falls back to the type's constant,
/// deterministically.
llvm::Error applyEdit(llvm::Module &M, const Edit &E);

struct ApplyReport {
  unsigned Applied = 0;
  /// (index into the edit list, reason) for each edit that did not apply.
  std::vector<std::pair<size_t, std::string>> NotApplicable;
};

/// Replays Edits in order on M.
ApplyReport applyEdits(llvm::Module &M, llvm::ArrayRef<Edit> Edits);

} // namespace gevo

#endif
