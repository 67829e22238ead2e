//===- BoForest.cpp - Bayesian optimisation on an extra-trees surrogate ----===//
//
// Sequential model-based optimisation in the manner of SMAC (Hutter et
// al., 2011): a forest stands in for a Gaussian process, its mean and
// spread over trees give expected improvement (Jones et al., 1998).
//
//  - The first Init trials are random valid configs. Then, after every
//    max(Plan, Growth x results) results, two extra-trees forests
//    (ExtraTrees.h) are refit: a regression of fitness / best on the
//    configs that did not fail, and, when some failed, a classifier (its
//    target 1 for success) on all; the plan holds as many configs. With
//    Growth 0.02 the refits are every Plan results up to 400 trials, and
//    their cost per trial falls beyond.
//  - Training is bounded to Window rows: the best half and the most recent
//    half of the history, so a fit costs the same at 200 and at 5,000
//    trials.
//  - Candidates: valid unmeasured configs one parameter (any value of it)
//    away from the LocalTop best measured configs (at most Pool of them, a
//    random subset), plus up to Pool random fresh ones; each is scored by
//    EI(fitness / best, margin Xi) times the classifier's chance of
//    success (under ValidCut: ranked after all others). The plan leads
//    with the Local best-scored moves the classifier expects to succeed
//    (at least even odds), then the best-scored configs that
//    differ from those already planned in at least Diversity parameters,
//    then (too few do) the best others. Scoring at most 2 Pool candidates
//    with trees at most 10 deep bounds a plan's cost.
//  - Each planned slot is a random fresh config with probability Eps.
//
// All randomness (forests included) comes from the engine's Rng, so a seed
// gives one run.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

#include "ExtraTrees.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <unordered_set>

namespace gevo::evolve::tune {
namespace {

struct BoForestOptions {
  size_t Init, Plan;
  double Growth;
  unsigned Trees;
  double Share;
  size_t Window, Pool, LocalTop, Local;
  double Xi;
  size_t Diversity;
  double Eps, Cut;
};

class BoForestTuner : public Tuner, BoForestOptions {
public:
  BoForestTuner(const Space &S, bool Hib, const BoForestOptions &O)
      : Tuner(S, Hib), BoForestOptions(O), W(S.featureWidth()) {
    Forest.Trees = Trees;
    Forest.Features = unsigned(std::ceil(Share * double(W)));
  }

  std::vector<Config> ask(size_t N, Rng &R) override {
    if (History.size() >= NextFit) {
      size_t Span = std::max(Plan, size_t(Growth * double(History.size())));
      NextFit = History.size() + Span;
      replan(R, Span);
    }
    N = std::min(N, NextFit - History.size()); // never past the next refit
    return claimPlanned(N, Queue, /*FollowPlan=*/true, Eps, R);
  }

private:
  /// The training rows: the Window / 2 best and the most recent others.
  std::vector<size_t> trainingRows() const {
    std::vector<size_t> Rows(History.size());
    std::iota(Rows.begin(), Rows.end(), 0);
    if (Rows.size() <= Window)
      return Rows;
    size_t Best = Window / 2;
    std::nth_element(Rows.begin(), Rows.begin() + Best, Rows.end(), [&](size_t A, size_t B) {
      return History[A].Fitness != History[B].Fitness ? History[A].Fitness > History[B].Fitness
                                                      : A < B;
    });
    std::vector<bool> Taken(History.size());
    std::vector<size_t> Out(Rows.begin(), Rows.begin() + Best);
    for (size_t I : Out)
      Taken[I] = true;
    for (size_t I = History.size(); I-- > 0 && Out.size() < Window;)
      if (!Taken[I])
        Out.push_back(I);
    std::sort(Out.begin(), Out.end());
    return Out;
  }

  /// Appends C's features (Space::features, without allocating).
  void appendRow(const Config &C, std::vector<float> &X) const {
    for (size_t J = 0; J < S.size(); ++J)
      for (double F : S.param(J).features(C[J]))
        X.push_back(float(F));
  }

  void fit(Rng &R) {
    std::vector<float> X, Y, XAll, Ok;
    double Max = bestFitness();
    for (size_t I : trainingRows()) {
      Config C = S.decode(History[I].Code);
      appendRow(C, XAll);
      Ok.push_back(History[I].Fitness > 0);
      if (History[I].Fitness > 0) {
        appendRow(C, X);
        Y.push_back(float(History[I].Fitness / Max));
      }
    }
    Model.fit(X, Y, W, Forest, R);
    Valid = ExtraTrees();
    if (Y.size() < Ok.size())
      Valid.fit(XAll, Ok, W, Forest, R);
  }

  /// Expected improvement over 1 (the best, in fitness / best) by at least
  /// Xi of a config the model predicts Mu with spread Sigma, times its
  /// chance of not failing POk.
  double acquisition(double Mu, double Sigma, double POk) const {
    double Gain = Mu - 1 - Xi, Ei;
    if (Sigma < 1e-9) {
      Ei = std::max(Gain, 0.0);
    } else {
      double Z = Gain / Sigma;
      double Pdf = std::exp(-0.5 * Z * Z) / std::sqrt(2 * M_PI);
      double Cdf = 0.5 * std::erfc(-Z / std::sqrt(2.0));
      Ei = Gain * Cdf + Sigma * Pdf;
    }
    // Ties of EI (far from every success) go to the higher predicted mean;
    // likely failures (under Cut) rank after every other candidate.
    return (Ei + 1e-9 * Mu) * POk - (POk < Cut ? 1 : 0);
  }

  /// Fresh valid candidates: the moves from the best measured (the first
  /// Moves of them; at most Pool), then up to Pool random ones.
  std::vector<uint64_t> candidates(Rng &R, size_t &Moves) const {
    std::vector<uint64_t> Out;
    std::unordered_set<uint64_t> In;
    In.reserve(4 * Pool);
    auto Add = [&](const Config &C) {
      uint64_t Code = S.encode(C);
      if (!seen(Code) && S.satisfies(C) && In.insert(Code).second)
        Out.push_back(Code);
    };
    std::vector<Record> Top;
    for (const Record &Rec : History)
      if (Rec.Fitness > 0)
        Top.push_back(Rec);
    size_t K = std::min(LocalTop, Top.size());
    std::partial_sort(Top.begin(), Top.begin() + K, Top.end(),
                      [](const Record &A, const Record &B) { return A.Fitness > B.Fitness; });
    for (size_t I = 0; I < K; ++I)
      S.forEachOneParameterMove(S.decode(Top[I].Code), Add);
    if (Out.size() > Pool) { // at most Pool moves: a random subset
      for (size_t I = 0; I < Pool; ++I)
        std::swap(Out[I], Out[I + R.below(Out.size() - I)]);
      Out.resize(Pool);
    }
    Moves = Out.size();
    for (size_t I = 0; I < 2 * Pool && Out.size() < Moves + Pool; ++I)
      Add(S.sample(R));
    return Out;
  }

  /// Queue := the Span configs to measure until the next refit.
  void replan(Rng &R, size_t Span) {
    Queue.clear();
    if (!(bestFitness() > 0))
      return; // nothing succeeded yet: random
    fit(R);
    size_t Moves;
    std::vector<uint64_t> Codes = candidates(R, Moves);
    std::vector<float> X;
    X.reserve(Codes.size() * W);
    for (uint64_t Code : Codes)
      appendRow(S.decode(Code), X);
    struct Scored {
      double Score;
      uint64_t Code;
      bool LikelyMove; // a move the classifier expects to succeed
    };
    size_t N = Codes.size();
    std::vector<double> Mu(N), Sigma(N), POk(N, 1.0);
    Model.predict(X.data(), N, Mu.data(), Sigma.data());
    if (Valid.ready())
      Valid.predict(X.data(), N, POk.data());
    std::vector<Scored> Ranked;
    for (size_t I = 0; I < N; ++I)
      Ranked.push_back(
          {acquisition(Mu[I], Sigma[I], POk[I]), Codes[I], I < Moves && POk[I] >= 0.5});
    std::stable_sort(Ranked.begin(), Ranked.end(),
                     [](const Scored &A, const Scored &B) { return A.Score > B.Score; });
    std::vector<Config> Picked;
    std::vector<bool> Used(Ranked.size());
    auto Pick = [&](auto Wanted, size_t Limit) {
      for (size_t I = 0; I < Ranked.size() && Picked.size() < Limit; ++I)
        if (!Used[I] && Wanted(Ranked[I]))
          Picked.push_back(S.decode(Ranked[I].Code)), Used[I] = true;
    };
    // The best moves likely to succeed first, then configs apart from the
    // picked ones, then (too few apart) the best others.
    Pick([](const Scored &C) { return C.LikelyMove; }, std::min(Local, Span));
    Pick(
        [&](const Scored &C) {
          Config X = S.decode(C.Code);
          return std::all_of(Picked.begin(), Picked.end(), [&](const Config &P) {
            size_t D = 0;
            for (size_t J = 0; J < S.size(); ++J)
              D += P[J] != X[J];
            return D >= Diversity;
          });
        },
        Span);
    Pick([](const Scored &) { return true; }, Span);
    for (const Config &C : Picked)
      Queue.push_back(S.encode(C));
  }

  nlohmann::json saveState() const override { return {{"next_fit", NextFit}, {"queue", Queue}}; }
  void restoreState(const nlohmann::json &J) override {
    NextFit = J.at("next_fit");
    Queue = J.at("queue").get<std::deque<uint64_t>>();
  }

  size_t W;
  size_t NextFit = Init;
  /// Nodes of under 3 rows are leaves, and so are nodes 10 deep (which
  /// bounds a fit's cost; 2^10 leaves exceed any window used).
  ExtraTrees::Settings Forest;
  ExtraTrees Model, Valid;
  std::deque<uint64_t> Queue; // the plan, best first
};

} // namespace

const StrategyInfo &infoBoForest() {
  using O = BoForestOptions;
  static const StrategyInfo I = boundStrategy<BoForestTuner, O>(
      "bo-forest",
      "Bayesian optimisation: extra-trees surrogate (mean and spread), "
      "expected improvement times a failure classifier, on a bounded pool",
      {{"init", &O::Init, 20, {1, 1e6}, "random trials before the first fit"},
       {"plan", &O::Plan, 8, {1, 1e6}, "configs planned per fit (results between refits)"},
       {"refit-growth", &O::Growth, 0.02, {0, 10},
        "refit after max(plan, this x results so far) results, planning as many"},
       {"trees", &O::Trees, 10, {1, 1000}, "trees per forest"},
       {"feature-share", &O::Share, 0.34, {0.01, 1},
        "share of the features a node draws a split for"},
       {"window", &O::Window, 256, {2, 1e6},
        "training rows at most: the best half, the most recent half"},
       {"pool", &O::Pool, 300, {0, 1e7},
        "random fresh candidates (and at most as many moves) scored per fit"},
       {"local-top", &O::LocalTop, 3, {0, 1e4},
        "best measured configs whose one-parameter moves are candidates"},
       {"local", &O::Local, 6, {0, 1e6}, "plan slots led by the best-scored of those moves"},
       {"xi", &O::Xi, 0.01, {0, 10}, "least improvement (a fraction of the best) that counts"},
       {"diversity", &O::Diversity, 2, {0, 1e4},
        "parameters a planned config differs in from the others"},
       {"eps", &O::Eps, 0.05, {0, 1}, "chance a planned slot is a random config instead"},
       {"valid-cut", &O::Cut, 0.5, {0, 1},
        "configs the classifier gives less chance of success rank last"}},
      8);
  return I;
}

} // namespace gevo::evolve::tune
