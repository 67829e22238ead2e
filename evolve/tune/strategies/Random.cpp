//===- Random.cpp - Uniform random sampling without repeats ----------------===//

#include "gevo/evolve/tune/Strategies.h"

namespace gevo::evolve::tune {
namespace {

class RandomTuner : public Tuner {
public:
  using Tuner::Tuner;
  std::vector<Config> ask(size_t N, Rng &R) override {
    std::vector<Config> Out;
    claimRandoms(Out, N, R);
    return Out;
  }
};

} // namespace

const StrategyInfo &infoRandom() {
  static const StrategyInfo I = boundStrategy<RandomTuner, NoOptions>(
      "random", "uniform random valid configs, none measured twice", {}, 64);
  return I;
}

} // namespace gevo::evolve::tune
