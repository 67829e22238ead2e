//===- Grid.cpp - Every valid config in code order -------------------------===//

#include "gevo/evolve/tune/Strategies.h"

namespace gevo::evolve::tune {
namespace {

class GridTuner : public Tuner {
public:
  using Tuner::Tuner;
  std::vector<Config> ask(size_t N, Rng &) override {
    std::vector<Config> Out;
    uint64_t End = S.restricted() ? S.members().size() : S.cardinality();
    for (; Next < End && Out.size() < N; ++Next) {
      Config C = S.decode(S.restricted() ? S.members()[Next] : Next);
      if (claim(C))
        Out.push_back(std::move(C));
    }
    return Out;
  }

private:
  nlohmann::json saveState() const override { return Next; }
  void restoreState(const nlohmann::json &J) override { Next = J; }
  uint64_t Next = 0;
};

} // namespace

const StrategyInfo &infoGrid() {
  static const StrategyInfo I = boundStrategy<GridTuner, NoOptions>(
      "grid", "every valid config once, in code (row-major) order", {}, 64);
  return I;
}

} // namespace gevo::evolve::tune
