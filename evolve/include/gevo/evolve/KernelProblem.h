//===- KernelProblem.h - GEVO's objective: run variants on tests -*- C++ -*-===//
//
// The problem GEVO evolves against: a variant (an edit list over the named
// base module) is built by a VariantBuilder and measured by a harness
// Evaluator on the tests dir's cases, which also decides whether it is
// correct (its Acceptance, from the mode). Two modes, as in the GEVO paper:
//   default  objectives {cost}; any output difference from the base
//            (an error above the base's own) rejects the variant.
//   mo       objectives {cost, error}; a variant whose error exceeds the
//            base's by more than the error tolerance is rejected.
// A case's own tolerance bounds the error in both.
// The cost is the kernel time (wall clock, median of repeats) or the cpu
// target's modeled cost (deterministic: same variant, same number).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_KERNELPROBLEM_H
#define GEVO_EVOLVE_KERNELPROBLEM_H

#include "gevo/evolve/Gevo.h"
#include "gevo/evolve/Minimise.h"
#include "gevo/harness/Evaluator.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>

namespace gevo::evolve {

enum class GevoMode { Default, MultiObjective };
/// What a variant's cost is: its kernel time on the target, the cpu
/// target's predicted GPU time (the warp-level model), or its weighted
/// instruction count there.
enum class CostKind { Time, Modeled, Count };

std::optional<GevoMode> parseMode(const std::string &Name);
std::optional<CostKind> parseCostKind(const std::string &Name);
const char *modeName(GevoMode M);
const char *costKindName(CostKind C);

struct KernelObjective {
  GevoMode Mode = GevoMode::Default;
  CostKind Cost = CostKind::Time;
  /// mo: the most a variant's error may exceed the base's.
  double ErrorTolerance = 0.01;
};

/// What the Evaluator must accept for \p O's mode (EvalOptions::Accept).
Acceptance acceptance(const KernelObjective &O);

class KernelProblem : public Problem<Variant> {
public:
  KernelProblem(const VariantBuilder &B, Evaluator &E, KernelObjective O)
      : B(B), E(E), O(O) {}

  Prepared prepare(const Variant &G) const override {
    Variant Copy = G;
    return B.build(Copy);
  }
  /// Builds \p G, timing the work (the engine calls this concurrently).
  Prepared resolve(Variant &G) const override;
  std::vector<Evaluation>
  measure(const std::vector<const Prepared *> &Batch) override;
  nlohmann::json describe(const Variant &G) const override {
    return variantToJson(G);
  }

  /// A variant's result under the objective: the Evaluator's status (its
  /// verdict, made with acceptance(O)), objectives when Ok, and per-case
  /// detail (wall times only for the time objective, so a modeled run's
  /// log is deterministic).
  Evaluation judge(const VariantEval &V) const;
  /// The variant's cost by the objective.
  double cost(const VariantEval &V) const;
  /// One case's share of it.
  double caseCost(const CaseEval &C) const;
  /// The base's objectives on the evolution cases.
  Objectives baseObjectives() const { return judge(E.base()).Objectives; }

  /// Scores edit lists on the evolution cases (for minimisation and
  /// ablation): their objectives, or nullopt when rejected.
  EditListScorer scorer();

  /// Where candidates' time went, summed (for the throughput report).
  struct Costs {
    double PrepareSeconds = 0; ///< thread time building variants
    uint64_t Prepared = 0;
    double JitSeconds = 0, KernelSeconds = 0; ///< in workers
    uint64_t Measured = 0;
  };
  Costs costs() const;

  /// Runs jobs (encodeJob) elsewhere and returns their results
  /// (buildAndMeasure's), in order, with the base time of the place each
  /// ran (to rescale times between machines).
  using RemoteFn = std::function<std::vector<std::string>(
      const std::vector<std::string> &Jobs, std::vector<double> &BaseSeconds)>;
  /// From now on, batches are built and measured by \p R (the ranks of an
  /// MPI job), not here.
  void buildElsewhere(RemoteFn R) { Remote = std::move(R); }
  std::optional<std::vector<Resolved>>
  resolveAndMeasure(std::vector<Variant> &Batch) override;

  const KernelObjective &objective() const { return O; }
  const VariantBuilder &builder() const { return B; }
  Evaluator &evaluator() { return E; }

private:
  const VariantBuilder &B;
  Evaluator &E;
  KernelObjective O;
  RemoteFn Remote;
  mutable std::atomic<uint64_t> PrepareNanos{0}, PreparedCount{0};
  double JitSeconds = 0, KernelSeconds = 0;
  uint64_t Measured = 0;
};

} // namespace gevo::evolve

#endif
