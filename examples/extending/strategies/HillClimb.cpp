//===- HillClimb.cpp - Hill climbing with restarts (an example strategy) ---===//
//
// examples/extending: a strategy written as evolve/tune/README.md says.
// Copied to evolve/tune/strategies/HillClimb.cpp with the line
//
//   GEVO_TUNE_STRATEGY(HillClimb)
//
// in evolve/tune/Strategies.def, it is a strategy like the others:
// gevo-tune --strategy hill-climb, --hill-climb-patience, --compare, the
// benchmarks. The extend.strategy tests build it that way and hold it to
// what every strategy must do (tests/unit/tune/StrategyTest.cpp).
//
// The search: measure unvisited one-step neighbours of the best config of
// the current climb, in random order; a climb ends when the best config's
// neighbourhood is used up or after `patience` trials without a better
// config, and the next starts from a random fresh config.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

namespace gevo::evolve::tune {
namespace {

struct HillClimbOptions {
  uint64_t Patience;
};

class HillClimbTuner : public Tuner, HillClimbOptions {
public:
  HillClimbTuner(const Space &S, bool Hib, const HillClimbOptions &O)
      : Tuner(S, Hib), HillClimbOptions(O) {}

  std::vector<Config> ask(size_t N, Rng &R) override {
    if (Climbing && Patience && History.size() >= LastGain + Patience)
      Climbing = false; // stagnated: start another climb
    std::vector<Config> Out;
    if (Climbing)
      claimNeighbours(S.decode(Top), N, R, Out);
    if (Out.empty()) { // a new climb (or the first)
      Climbing = false;
      if (auto C = claimRandom(R))
        Out.push_back(std::move(*C));
    }
    return Out;
  }

private:
  void told(size_t First) override {
    for (size_t I = First; I < History.size(); ++I)
      if (!Climbing || History[I].Fitness > TopFitness) {
        Climbing = true;
        Top = History[I].Code;
        TopFitness = History[I].Fitness;
        LastGain = I + 1;
      }
  }
  nlohmann::json saveState() const override { return saveFields(*this); }
  void restoreState(const nlohmann::json &J) override { restoreFields(*this, J); }

public:
  /// The state, for saveFields and restoreFields.
  template <class Self, class F> static void fields(Self &T, F &&Field) {
    Field("climbing", T.Climbing);
    Field("top", T.Top);
    Field("top_fitness", T.TopFitness);
    Field("last_gain", T.LastGain);
  }

private:
  bool Climbing = false; // Top is this climb's best config
  uint64_t Top = 0;
  double TopFitness = 0;
  uint64_t LastGain = 0; // History size when Top last changed
};

} // namespace

const StrategyInfo &infoHillClimb() {
  static const StrategyInfo I = boundStrategy<HillClimbTuner, HillClimbOptions>(
      "hill-climb",
      "hill climbing over one-step moves, restarting from a random config",
      {{"patience", &HillClimbOptions::Patience, 64, {0, 1e6},
        "start another climb after this many trials without a better config (0: "
        "only when the neighbourhood is used up)"}},
      1);
  return I;
}

} // namespace gevo::evolve::tune
