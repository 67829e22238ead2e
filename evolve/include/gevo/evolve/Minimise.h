//===- Minimise.h - After the run: minimise, ablate, explain ----*- C++ -*-===//
//
// What a user wants to know about the best variant: which of its edits
// matter (delta debugging drops the rest), what each one is worth (per-edit
// ablation) and what each does, in words.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_MINIMISE_H
#define GEVO_EVOLVE_MINIMISE_H

#include "gevo/evolve/Nsga2.h"
#include "gevo/passes/Edit.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace gevo::evolve {

/// Scores edit lists, all at once (so they can run in parallel): the
/// objectives of each, or nullopt where the variant is not valid.
using EditListScorer = std::function<std::vector<std::optional<Objectives>>(
    const std::vector<std::vector<Edit>> &)>;

/// Delta debugging (Zeller's ddmin over complements): the smallest edit
/// list found whose variant is valid and, on every objective, at most
/// Target * (1 + Slack). Order of the kept edits is preserved.
std::vector<Edit> minimiseEdits(const std::vector<Edit> &Edits,
                                const Objectives &Target,
                                const EditListScorer &Score, double Slack = 0);

/// The variant without each edit in turn.
struct Ablation {
  Edit E;
  std::optional<Objectives> Without; ///< nullopt: invalid without it
};
std::vector<Ablation> ablate(const std::vector<Edit> &Edits,
                             const EditListScorer &Score);

/// A variant's held-out validation, as the end of a run chooses by it.
struct HeldOutResult {
  bool Passed = false; ///< every round ok (within the error tolerance)
  double Cost = 0;     ///< median over the rounds
};

/// The variant a run ends with, from \p C: C[0] the base, C[1..Min) the
/// front best first, C[Min] the minimised best. The minimised one when it
/// passed and is cheaper than the base on the held-out cases, else the
/// first front member that is; nullopt when none is (the base stays the
/// answer: in mode mo the front also holds slower, more accurate variants).
std::optional<size_t> chooseFinal(const std::vector<HeldOutResult> &C,
                                  size_t Min);

/// One line saying what \p E does to \p Base (named), e.g.
/// "delete U41: call @llvm.nvvm.barrier0 (a barrier) in %for.body of @k".
std::string describeEdit(llvm::Module &Base, const Edit &E);

} // namespace gevo::evolve

#endif
