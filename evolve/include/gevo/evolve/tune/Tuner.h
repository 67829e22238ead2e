//===- Tuner.h - Tuning problems and the base of every tuner -----*- C++ -*-===//
//
// Direction. The engine's convention holds: Evaluation::Objectives[0] is
// minimised, so a time is stored as is and a throughput negated. Every
// problem also says which way its *value* goes (Objective::HigherIsBetter),
// and every tuner turns a result into one positive fitness to maximise:
// the value itself when higher is better, 1/value when lower is better
// (time -> throughput, as OpEvo's GFLOP/s), 0 for a failed config. So all
// strategies search the same way in both directions; none degrades to
// random search when minimising.
//
// Tuner is the base of the strategies: it owns the history (code, fitness
// in measuring order), the hash set of every config ever proposed (never
// a linear scan) and checkpointing of both; strategies add their own state.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_TUNER_H
#define GEVO_EVOLVE_TUNE_TUNER_H

#include "gevo/evolve/Engine.h"
#include "gevo/evolve/tune/Space.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <memory>
#include <numeric>
#include <unordered_set>

namespace gevo::evolve::tune {

struct Objective {
  std::string Name = "time";
  bool HigherIsBetter = false;
};

/// Evaluation <-> measured value, in the engine's minimised convention.
Evaluation makeEvaluation(double Value, bool HigherIsBetter);
double valueOf(const Evaluation &E, bool HigherIsBetter);
/// Positive, larger is better; 0 for a failed config.
double fitnessOf(const Evaluation &E, bool HigherIsBetter);

class TuneProblem : public Problem<Config> {
public:
  virtual const Space &space() const = 0;
  virtual Objective objective() const = 0;
  /// The best value of the whole space, when known (replay files).
  virtual std::optional<double> optimum() const { return std::nullopt; }
  /// Starts a new run (e.g. reseeds replay noise).
  virtual void reset(uint64_t Seed) {}
  nlohmann::json describe(const Config &C) const override {
    return space().describe(C);
  }
};

/// C ready to measure, keyed by its code; when Unavailable is given, a
/// NotApplicable evaluation saying it instead (no trial is spent on it).
Prepared keyedConfig(const Space &S, const Config &C,
                     std::optional<std::string> Unavailable);
/// Measure(code) for each of B, keyed by keyedConfig.
std::vector<Evaluation> measureEach(const std::vector<const Prepared *> &B,
                                    const std::function<Evaluation(uint64_t Code)> &Measure);

/// A problem computed by a function: nullopt means the config fails
/// (CompileFail); a config breaking a constraint is NotApplicable.
class FunctionProblem : public TuneProblem {
public:
  using Fn = std::function<std::optional<double>(const Config &)>;
  FunctionProblem(Space S, Objective O, Fn F, double CostSeconds = 0)
      : S(std::move(S)), O(std::move(O)), F(std::move(F)), Cost(CostSeconds) {}
  const Space &space() const override { return S; }
  Objective objective() const override { return O; }
  Prepared prepare(const Config &C) const override;
  std::vector<Evaluation> measure(const std::vector<const Prepared *> &B) override;

private:
  Space S;
  Objective O;
  Fn F;
  double Cost;
};

/// A deterministic synthetic time over any space (for benchmarks and for
/// tuning a space without a live objective): 1 + a smooth bowl around the
/// balanced factorization / middle value of each parameter + a small
/// ripple hashed from the config; about 10% of configs fail.
std::optional<double> syntheticTime(const Space &S, const Config &C);
std::unique_ptr<FunctionProblem> syntheticProblem(Space S, double CostSeconds = 0.01);

class Tuner : public Strategy<Config> {
public:
  struct Record {
    uint64_t Code;
    double Fitness;
  };
  Tuner(const Space &S, bool HigherIsBetter) : S(S), HigherIsBetter(HigherIsBetter) {}

  void tell(const std::vector<Config> &Asked,
            const std::vector<Evaluation> &Results) final;
  nlohmann::json save() const final;
  void restore(const nlohmann::json &State) final;

  const std::vector<Record> &history() const { return History; }
  double bestFitness() const { return Best; }

protected:
  /// History[First..] was just told.
  virtual void told(size_t First) {}
  virtual nlohmann::json saveState() const { return nullptr; }
  virtual void restoreState(const nlohmann::json &J) {}

  bool seen(uint64_t Code) const { return Seen.count(Code) != 0; }
  /// Reserves C for measuring: false when it was proposed before or breaks
  /// a constraint.
  bool claim(const Config &C);
  /// Claims a uniformly random fresh config; nullopt: none is left.
  std::optional<Config> claimRandom(Rng &R);
  /// Appends configs to Out until it holds N: each Propose()'s (a claimed
  /// config, or nullopt for none) or else a random fresh one; fewer when
  /// the space runs out.
  template <class ProposeFn> void claimEach(std::vector<Config> &Out, size_t N, Rng &R,
                                            ProposeFn Propose) {
    while (Out.size() < N) {
      std::optional<Config> C = Propose();
      if (!C)
        C = claimRandom(R);
      if (!C)
        break;
      Out.push_back(std::move(*C));
    }
  }
  /// Random fresh configs appended to Out until it holds N (fewer when the
  /// space runs out).
  void claimRandoms(std::vector<Config> &Out, size_t N, Rng &R) {
    claimEach(Out, N, R, [] { return std::optional<Config>(); });
  }
  /// Up to N configs taken off the front of Queue (codes).
  std::vector<Config> takeQueued(std::deque<uint64_t> &Queue, size_t N) const;
  /// Claims up to N of From's one-step neighbours (Space::neighbours) that
  /// are fresh and satisfy the constraints, drawn at random, onto Out.
  void claimNeighbours(const Config &From, size_t N, Rng &R, std::vector<Config> &Out);
  /// Up to N configs for a model's plan: each the first claimable code of
  /// Plan (taken off it), or, with probability Eps, when FollowPlan is
  /// false or the plan is used up, a random fresh config; fewer when the
  /// space runs out.
  std::vector<Config> claimPlanned(size_t N, std::deque<uint64_t> &Plan,
                                   bool FollowPlan, double Eps, Rng &R);
  /// Fitness of a measured config (nullopt: not measured yet).
  std::optional<double> fitnessOf(uint64_t Code) const;
  /// On restoring: claims again each of Codes (proposed before the
  /// checkpoint) that was not measured.
  template <class CodesT> void reclaim(const CodesT &Codes) {
    for (uint64_t Code : Codes)
      if (!fitnessOf(Code))
        claim(S.decode(Code));
  }

  const Space &S;
  bool HigherIsBetter;
  std::vector<Record> History;

private:
  std::unordered_set<uint64_t> Seen;
  std::unordered_map<uint64_t, double> Measured;
  double Best = 0;
  uint64_t ScanFrom = 0; // where the exhaustive fallback of claimRandom resumes
};

/// A record as JSON: [code, fitness].
void to_json(nlohmann::json &J, const Tuner::Record &R);
void from_json(const nlohmann::json &J, Tuner::Record &R);

/// A strategy's state kept as named fields, saved as one JSON object and
/// restored from it: T::fields(Self, Field) calls Field(Name, Member) for
/// each, so one list serves both.
template <class T> nlohmann::json saveFields(const T &Self) {
  nlohmann::json J = nlohmann::json::object();
  T::fields(Self, [&](const char *Name, const auto &Member) { J[Name] = Member; });
  return J;
}
template <class T> void restoreFields(T &Self, const nlohmann::json &J) {
  T::fields(Self, [&](const char *Name, auto &Member) { J.at(Name).get_to(Member); });
}

/// The indices of Score, highest score first (equal scores: lower index
/// first).
template <class T> std::vector<size_t> bestFirst(const std::vector<T> &Score) {
  std::vector<size_t> Idx(Score.size());
  std::iota(Idx.begin(), Idx.end(), 0);
  std::stable_sort(Idx.begin(), Idx.end(),
                   [&](size_t A, size_t B) { return Score[A] > Score[B]; });
  return Idx;
}

/// Picks an index with probability proportional to W (uniform if all 0).
size_t roulette(const std::vector<double> &W, Rng &R);

} // namespace gevo::evolve::tune

#endif
