//===- Gbfs.cpp - G-BFS: greedy best-first search over one-step moves ------===//
//
// Zhang et al. 2019. Start from the untiled config (each factorization
// [C,1,...,1]); keep a priority queue of measured configs by fitness; pop
// the best, measure rho of its unvisited one-step neighbours chosen at
// random, push them; stop when the queue is empty.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

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

class GbfsTuner : public Tuner {
public:
  GbfsTuner(const Space &S, bool Hib, const Options &O)
      : Tuner(S, Hib), Rho(size_t(checkRange("gbfs", O, "rho", 1, 1e6))) {}

  std::vector<Config> ask(size_t N, Rng &R) override {
    std::vector<Config> Out;
    if (!Started) {
      Started = true;
      Config Start = S.untiled();
      if (claim(Start))
        return {Start};
      if (auto C = claimRandom(R)) // the untiled config is invalid here
        return {*C};
      return {};
    }
    while (Out.size() < N && !Queue.empty()) {
      Config From = S.decode(Queue.top().Code);
      Queue.pop();
      std::vector<Config> Fresh;
      for (Config &C : S.neighbours(From))
        if (!seen(S.encode(C)) && S.satisfies(C))
          Fresh.push_back(std::move(C));
      for (size_t K = 0; K < Rho && !Fresh.empty() && Out.size() < N; ++K) {
        size_t Pick = R.below(Fresh.size());
        std::swap(Fresh[Pick], Fresh.back());
        claim(Fresh.back());
        Out.push_back(std::move(Fresh.back()));
        Fresh.pop_back();
      }
    }
    return Out;
  }

private:
  void told(size_t First) override {
    for (size_t I = First; I < History.size(); ++I)
      Queue.push({History[I].Fitness, I, History[I].Code});
  }
  nlohmann::json saveState() const override {
    std::vector<nlohmann::json> Items;
    for (auto Q = Queue; !Q.empty(); Q.pop())
      Items.push_back({Q.top().Fitness, Q.top().Seq, Q.top().Code});
    return {{"started", Started}, {"queue", Items}};
  }
  void restoreState(const nlohmann::json &J) override {
    Started = J.at("started");
    Queue = {};
    for (const auto &I : J.at("queue"))
      Queue.push({I.at(0).get<double>(), I.at(1).get<uint64_t>(),
                  I.at(2).get<uint64_t>()});
  }

  size_t Rho;
  bool Started = false;
  std::priority_queue<Item> Queue;
};

std::unique_ptr<Tuner> create(const Space &S, bool Hib, const Options &O) {
  return std::make_unique<GbfsTuner>(S, Hib, O);
}

} // namespace

const StrategyInfo &infoGbfs() {
  static const StrategyInfo I{
      "gbfs",
      "G-BFS: pop the best measured config, measure rho random unvisited "
      "one-step neighbours; starts untiled, stops when the queue is empty",
      {{"rho", 5, "neighbours measured per popped config"}},
      5,
      create};
  return I;
}

} // namespace gevo::evolve::tune
