//===- KtGa.cpp - Genetic algorithm as Kernel Tuner's genetic_algorithm ----===//
//
// Kernel Tuner's `genetic_algorithm`, from its documentation and options
// (popsize 30, at most half the valid configs when left at its default;
// maxiter 30 generations; uniform crossover; mutation_chance 20): the first
// generation is random valid configs. Each generation is measured and
// ranked best first; parents are two distinct ranks drawn as
// floor(n * Beta(1, 2.5)) (the head of the ranking is likelier); uniform
// crossover gives two children, each replaced with probability
// 1/mutation_chance by a random valid config one parameter away (a Hamming
// neighbour); a child joins the next generation when it is valid and not
// in it already. No elitism: a generation is only its children.
//
// As in Kernel Tuner a child measured in an earlier generation costs no
// trial (its measurement is reused). Where Kernel Tuner stops after
// maxiter generations gevo starts again from a random generation, so a
// budget is always spent.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

#include "Generational.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace gevo::evolve::tune {
namespace {

struct KtGaOptions {
  size_t Pop, MaxIter;
  double Chance;
};

class KtGaTuner : public GenerationalTuner, KtGaOptions {
public:
  KtGaTuner(const Space &S, bool Hib, const KtGaOptions &O)
      : GenerationalTuner(S, Hib), KtGaOptions(O) {
    if (Pop == DefaultPop) { // Kernel Tuner's cap for small spaces
      uint64_t Valid = S.restricted() ? S.members().size() : S.cardinality();
      Pop = std::max<size_t>(2, std::min<uint64_t>(Pop, (Valid + 1) / 2));
    }
  }
  static constexpr size_t DefaultPop = 30;

private:
  bool waiting() const override {
    for (uint64_t Code : Genes)
      if (!fitnessOf(Code))
        return true;
    return false;
  }

  /// The next generation (random after MaxIter); false after 1000 in a
  /// row with nothing new to measure.
  bool advance(Rng &R) override {
    for (unsigned Empty = 0; Empty < 1000; ++Empty) {
      if (Gen >= MaxIter || Genes.empty())
        randomGeneration(R);
      else
        breed(R);
      if (!Queue.empty())
        return true;
    }
    Genes.clear();
    return false;
  }

  void randomGeneration(Rng &R) {
    Genes.clear();
    Gen = 0;
    for (size_t I = 0; I < Pop; ++I)
      if (auto C = claimRandom(R)) {
        Genes.push_back(S.encode(*C));
        Queue.push_back(Genes.back());
      }
  }

  /// Rank index floor(n * Beta(1, 2.5)): inverse CDF 1 - (1 - u)^(1/2.5).
  static size_t pick(size_t N, Rng &R) {
    double B = 1 - std::pow(1 - R.uniform(), 1 / 2.5);
    return std::min(N - 1, size_t(B * double(N)));
  }

  void breed(Rng &R) {
    std::vector<std::pair<double, uint64_t>> Ranked;
    for (uint64_t Code : Genes)
      Ranked.push_back({*fitnessOf(Code), Code});
    std::stable_sort(Ranked.begin(), Ranked.end(),
                     [](const auto &A, const auto &B) { return A.first > B.first; });
    std::vector<uint64_t> Next;
    std::unordered_set<uint64_t> InNext;
    size_t Tries = 0, MaxTries = 100 * Pop;
    while (Next.size() < Pop && Tries++ < MaxTries) {
      size_t A = pick(Ranked.size(), R), B = pick(Ranked.size(), R);
      while (B == A && Ranked.size() > 1)
        B = pick(Ranked.size(), R);
      Config X = S.decode(Ranked[A].second), Y = S.decode(Ranked[B].second);
      for (size_t J = 0; J < S.size(); ++J)
        if (R.uniform() <= 0.5) // uniform crossover: swap this gene
          std::swap(X[J], Y[J]);
      for (Config *Child : {&X, &Y}) {
        if (std::floor(R.uniform() * Chance) == 0)
          mutate(*Child, R);
        uint64_t Code = S.encode(*Child);
        if (S.satisfies(*Child) && InNext.insert(Code).second) {
          Next.push_back(Code);
          if (claim(*Child))
            Queue.push_back(Code); // not measured before
        }
        if (Next.size() >= Pop)
          break;
      }
    }
    Genes = std::move(Next);
    ++Gen;
  }

  /// A random valid config one parameter away, if there is one.
  void mutate(Config &C, Rng &R) const {
    std::vector<Config> Moves;
    for (Config &D : S.oneParameterMoves(C))
      if (S.satisfies(D))
        Moves.push_back(std::move(D));
    if (!Moves.empty())
      C = Moves[R.below(Moves.size())];
  }

  nlohmann::json saveState() const override {
    return {{"genes", Genes}, {"queue", Queue}, {"gen", Gen}};
  }
  void restoreState(const nlohmann::json &J) override {
    Genes = J.at("genes").get<std::vector<uint64_t>>();
    Queue = J.at("queue").get<std::deque<uint64_t>>();
    Gen = J.at("gen");
    reclaim(Genes); // asked but not told yet: claimed again
  }

  std::vector<uint64_t> Genes; // this generation
  size_t Gen = 0;
};

} // namespace

const StrategyInfo &infoKtGa() {
  static const StrategyInfo I = boundStrategy<KtGaTuner, KtGaOptions>(
      "kt-ga",
      "genetic algorithm as Kernel Tuner's genetic_algorithm: rank-biased "
      "parents, uniform crossover, Hamming-neighbour mutation, no elitism",
      {{"popsize", &KtGaOptions::Pop, double(KtGaTuner::DefaultPop), {2, 1e6},
        "configs per generation (at its default: at most half the valid configs)"},
       {"maxiter", &KtGaOptions::MaxIter, 30, {1, 1e9},
        "generations before a random restart (Kernel Tuner stops)"},
       {"mutation-chance", &KtGaOptions::Chance, 20, {1, 1e9},
        "a child mutates with probability 1/mutation-chance"}},
      30);
  return I;
}

} // namespace gevo::evolve::tune
