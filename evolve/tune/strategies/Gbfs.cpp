//===- Gbfs.cpp - G-BFS: greedy best-first search over one-step moves ------===//
//
// Zhang et al. 2019. Start from the untiled config (each factorization
// [C,1,...,1]); keep a priority queue of measured configs by fitness; pop
// the best, measure rho of its unvisited one-step neighbours chosen at
// random, push them.
//
// gevo's additions, outside what the paper defines: a space without a
// factorization has no untiled config, so there (or with random-start 1)
// the start is a random valid config drawn from the run's seed; when the
// queue empties (every measured config's neighbourhood is used up) the
// search restarts from a fresh random config instead of stopping with
// budget left; and with restart K > 0 it also restarts after K trials
// without a better config (0, the default, never does).
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

#include <algorithm>
#include <queue>

namespace gevo::evolve::tune {
namespace {

struct Item {
  double Fitness;
  uint64_t Seq, Code;
  bool operator<(const Item &O) const { // max-heap: best, then oldest
    return Fitness != O.Fitness ? Fitness < O.Fitness : Seq > O.Seq;
  }
};

bool hasFactorization(const Space &S) {
  for (size_t I = 0; I < S.size(); ++I)
    if (S.param(I).kind() == ParamKind::Factorization)
      return true;
  return false;
}

struct GbfsOptions {
  size_t Rho;
  bool RandomStart;
  uint64_t Restart;
};

class GbfsTuner : public Tuner, GbfsOptions {
public:
  GbfsTuner(const Space &S, bool Hib, const GbfsOptions &O) : Tuner(S, Hib), GbfsOptions(O) {
    RandomStart = RandomStart || !hasFactorization(S);
  }

  std::vector<Config> ask(size_t N, Rng &R) override {
    if (!Started) {
      Started = true;
      Config Start = S.untiled();
      if (!RandomStart && claim(Start))
        return {Start};
      return fresh(R);
    }
    if (Restart && History.size() >= LastGain + Restart) {
      Queue = {}; // stagnated: leave this basin
      LastGain = History.size();
    }
    std::vector<Config> Out;
    while (Out.size() < N && !Queue.empty()) {
      Config From = S.decode(Queue.top().Code);
      Queue.pop();
      claimNeighbours(From, std::min(Rho, N - Out.size()), R, Out);
    }
    if (Out.empty()) // the queue is used up: restart (nothing is pending)
      return fresh(R);
    return Out;
  }

private:
  /// A start: one fresh random config (none: the space is used up).
  std::vector<Config> fresh(Rng &R) {
    if (auto C = claimRandom(R))
      return {*C};
    return {};
  }
  void told(size_t First) override {
    for (size_t I = First; I < History.size(); ++I) {
      if (History[I].Fitness > RunBest)
        RunBest = History[I].Fitness, LastGain = I + 1;
      Queue.push({History[I].Fitness, I, History[I].Code});
    }
  }
  nlohmann::json saveState() const override {
    nlohmann::json J = saveFields(*this);
    J["queue"] = nlohmann::json::array();
    for (auto Q = Queue; !Q.empty(); Q.pop())
      J["queue"].push_back({Q.top().Fitness, Q.top().Seq, Q.top().Code});
    return J;
  }
  void restoreState(const nlohmann::json &J) override {
    restoreFields(*this, J);
    Queue = {};
    for (const auto &I : J.at("queue"))
      Queue.push({I.at(0).get<double>(), I.at(1).get<uint64_t>(),
                  I.at(2).get<uint64_t>()});
  }

public:
  /// The state but the queue, for saveFields and restoreFields.
  template <class Self, class F> static void fields(Self &T, F &&Field) {
    Field("started", T.Started);
    Field("run_best", T.RunBest);
    Field("last_gain", T.LastGain);
  }

private:
  bool Started = false;
  double RunBest = 0;    // best fitness since the start
  uint64_t LastGain = 0; // History size when RunBest last rose (or a restart)
  std::priority_queue<Item> Queue;
};

} // namespace

const StrategyInfo &infoGbfs() {
  static const StrategyInfo I = boundStrategy<GbfsTuner, GbfsOptions>(
      "gbfs",
      "G-BFS: pop the best measured config, measure rho random unvisited "
      "one-step neighbours; starts untiled (random without factorizations), "
      "restarts from a random config when the queue empties",
      {{"rho", &GbfsOptions::Rho, 5, {1, 1e6}, "neighbours measured per popped config"},
       {"random-start", &GbfsOptions::RandomStart, 0, {0, 1},
        "1: start from a random config even where an untiled one exists"},
       {"restart", &GbfsOptions::Restart, 0, {0, 1e12},
        "restart from a random config after this many trials without a "
        "better one (0: never)"}},
      5);
  return I;
}

} // namespace gevo::evolve::tune
