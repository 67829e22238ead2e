//===- Ga.cpp - Genetic algorithm in the style of AutoTVM's GATuner --------===//
//
// A generation of Pop configs is measured; then the best Elite of it and
// the previous elites are kept, Pop children are bred from two distinct
// parents drawn with probability proportional to normalised fitness,
// single-point crossover, and each knob replaced by a random value with
// probability Mutation. A child proposed before (or breaking a
// constraint) has random knobs re-drawn until it is fresh.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

#include <algorithm>
#include <deque>

namespace gevo::evolve::tune {
namespace {

struct GaOptions {
  size_t Pop, Elite;
  double Mutation;
};

class GaTuner : public Tuner, GaOptions {
public:
  GaTuner(const Space &S, bool Hib, const GaOptions &O) : Tuner(S, Hib), GaOptions(O) {}

  std::vector<Config> ask(size_t N, Rng &R) override {
    if (Queue.empty() && Told >= Genes.size())
      breed(R);
    return takeQueued(Queue, N);
  }

private:
  void breed(Rng &R) {
    std::vector<Record> Pool;
    for (size_t I = Genes.size() ? History.size() - Genes.size() : History.size();
         I < History.size(); ++I)
      Pool.push_back(History[I]);
    Pool.insert(Pool.end(), Elites.begin(), Elites.end());
    Genes.clear();
    Told = 0;
    if (Pool.size() < 2) { // the first generation: random
      for (size_t I = 0; I < Pop; ++I)
        if (auto C = claimRandom(R))
          Genes.push_back(S.encode(*C));
      Queue.assign(Genes.begin(), Genes.end());
      return;
    }
    std::stable_sort(Pool.begin(), Pool.end(), [](const Record &A, const Record &B) {
      return A.Fitness > B.Fitness;
    });
    Elites.assign(Pool.begin(), Pool.begin() + std::min(Elite, Pool.size()));
    double Max = Pool.front().Fitness + 1e-8;
    std::vector<double> W;
    for (const Record &P : Pool)
      W.push_back((P.Fitness + 1e-8) / Max);
    for (size_t I = 0; I < Pop; ++I) {
      size_t A = roulette(W, R);
      double Wa = W[A];
      W[A] = 0; // two distinct parents
      size_t B = roulette(W, R);
      W[A] = Wa;
      if (B == A)
        B = (A + 1 + R.below(W.size() - 1)) % W.size();
      Config X = S.decode(Pool[A].Code), Y = S.decode(Pool[B].Code);
      size_t Point = R.below(S.size());
      std::copy(Y.begin() + Point, Y.end(), X.begin() + Point);
      for (size_t J = 0; J < S.size(); ++J)
        if (R.uniform() < Mutation)
          X[J] = uint32_t(R.below(S.param(J).size()));
      std::optional<Config> C = X;
      for (unsigned Try = 0; !claim(*C); ++Try) {
        if (Try == 1000) {
          C = claimRandom(R);
          break;
        }
        size_t J = R.below(S.size());
        (*C)[J] = uint32_t(R.below(S.param(J).size()));
      }
      if (!C)
        break;
      Genes.push_back(S.encode(*C));
    }
    Queue.assign(Genes.begin(), Genes.end());
  }

  void told(size_t First) override { Told += History.size() - First; }
  nlohmann::json saveState() const override {
    return {{"genes", Genes}, {"told", Told}, {"queue", Queue}, {"elites", Elites}};
  }
  void restoreState(const nlohmann::json &J) override {
    Genes = J.at("genes").get<std::vector<uint64_t>>();
    Told = J.at("told");
    Queue = J.at("queue").get<std::deque<uint64_t>>();
    reclaim(Queue);
    Elites = J.at("elites").get<std::vector<Record>>();
  }

  std::vector<uint64_t> Genes; // this generation, in asking order
  size_t Told = 0;             // how many of Genes were told
  std::deque<uint64_t> Queue;  // Genes not asked yet
  std::vector<Record> Elites;
};

} // namespace

const StrategyInfo &infoGa() {
  static const StrategyInfo I = boundStrategy<GaTuner, GaOptions>(
      "ga",
      "genetic algorithm as AutoTVM's GATuner: elitism, fitness-proportional "
      "parents, single-point crossover, per-knob mutation",
      {{"pop", &GaOptions::Pop, 100, {2, 1e6}, "population (configs per generation)"},
       {"elite", &GaOptions::Elite, 3, {0, 1e6}, "best configs carried into the next parent pool"},
       {"mutation", &GaOptions::Mutation, 0.1, {0, 1}, "probability of re-drawing each knob"}},
      64);
  return I;
}

} // namespace gevo::evolve::tune
