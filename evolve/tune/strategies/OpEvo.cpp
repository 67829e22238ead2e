//===- OpEvo.cpp - OpEvo: fitness-proportional recombination + q-walks -----===//
//
// Gao et al., AAAI 2021. Every measured config is kept, best first; a child
// takes each parameter from one of the top Lambda configs with probability
// proportional to fitness, then each parameter walks its graph (keep
// stepping to a uniform neighbour while uniform() < q). A child proposed
// before is mutated again; failed configs have fitness 0. The top Lambda is
// kept incrementally, so a step costs O(Lambda * parameters), flat in the
// history.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

namespace gevo::evolve::tune {
namespace {

struct OpEvoOptions {
  size_t Lambda, Rho;
  double Q;
  unsigned Retries;
};

class OpEvoTuner : public Tuner, OpEvoOptions {
public:
  OpEvoTuner(const Space &S, bool Hib, const OpEvoOptions &O) : Tuner(S, Hib), OpEvoOptions(O) {}

  std::vector<Config> ask(size_t N, Rng &R) override {
    std::vector<Config> Out;
    if (History.empty()) { // the initial lambda random configs
      claimRandoms(Out, std::min(N, Lambda), R);
      return Out;
    }
    std::vector<double> W;
    for (const Tuner::Record &T : Top)
      W.push_back(T.Fitness);
    claimEach(Out, std::min(N, Rho), R, [&] { return breed(W, R); });
    return Out;
  }

private:
  std::optional<Config> breed(const std::vector<double> &W, Rng &R) {
    Config Base(S.size());
    for (size_t I = 0; I < S.size(); ++I)
      Base[I] = S.decode(Top[roulette(W, R)].Code)[I];
    for (unsigned Try = 0; Try < Retries; ++Try) {
      Config C = Base;
      for (size_t I = 0; I < S.size(); ++I)
        C[I] = randomWalk(S.param(I), C[I], Q, R);
      if (claim(C))
        return C;
    }
    return std::nullopt;
  }

  void told(size_t First) override {
    for (size_t I = First; I < History.size(); ++I) {
      auto At = Top.begin();
      while (At != Top.end() && At->Fitness >= History[I].Fitness)
        ++At;
      if (size_t(At - Top.begin()) < Lambda)
        Top.insert(At, History[I]);
      if (Top.size() > Lambda)
        Top.pop_back();
    }
  }
  void restoreState(const nlohmann::json &) override {
    Top.clear();
    told(0);
  }

  std::vector<Tuner::Record> Top; // best first, ties: earlier first
};

} // namespace

const StrategyInfo &infoOpEvo() {
  static const StrategyInfo I = boundStrategy<OpEvoTuner, OpEvoOptions>(
      "opevo",
      "OpEvo: fitness-proportional recombination of the top lambda, "
      "q-random-walk mutation on each parameter's graph",
      {{"lambda", &OpEvoOptions::Lambda, 8, {1, 1e6}, "parents: the top lambda measured configs"},
       {"rho", &OpEvoOptions::Rho, 8, {1, 1e6}, "children per generation"},
       {"q", &OpEvoOptions::Q, 0.5, {0, 0.999}, "mutation rate: walk on while uniform() < q"},
       {"retries", &OpEvoOptions::Retries, 100, {1, 1e6},
        "re-mutations of a duplicate child before a random one"}},
      8);
  return I;
}

} // namespace gevo::evolve::tune
