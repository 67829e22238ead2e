//===- BoForestTest.cpp - The extra-trees surrogate and bo-forest ----------===//
//
// The forest: it learns a step, a seed gives one forest, it grows the trees
// of the plainly written algorithm (its partition: std::partition's
// order), its depth (and so a fit's cost) is bounded. The strategy: it
// finds the optimum of a small space within a budget random search rarely
// meets, learns to avoid a failing region, refits every 8 results up to
// 400 and spaced beyond, and its cost per trial stays flat as history
// grows (the training window).
//
//===----------------------------------------------------------------------===//

#include "ExtraTrees.h"
#include "GridSpace.h"

#include "gevo/evolve/tune/Compare.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace gevo;
using namespace gevo::evolve;
using namespace gevo::evolve::tune;

namespace {

/// 300 rows of (x, noise) in [0, 1)^2 with y = 1 when x > 0.5.
void stepData(std::vector<float> &X, std::vector<float> &Y) {
  Rng R(11);
  for (int I = 0; I < 300; ++I) {
    float A = float(R.uniform()), B = float(R.uniform());
    X.push_back(A), X.push_back(B);
    Y.push_back(A > 0.5f ? 1.f : 0.f);
  }
}

RunResult runOn(const std::string &Strategy, Space S, FunctionProblem::Fn F, uint64_t Seed,
                uint64_t Trials, const Options &Opts = {}, std::vector<bool> *Failed = nullptr) {
  FunctionProblem P(std::move(S), {}, std::move(F));
  RunOptions O;
  O.Strategy = Strategy;
  O.Opts = Opts;
  O.Seed = Seed;
  O.Limit.Evaluations = Trials;
  if (Failed)
    O.OnEvaluation = [&](const LogEntry &L) { Failed->push_back(L.Result.S != Status::Ok); };
  return llvm::cantFail(runTuner(P, O));
}

} // namespace

TEST(ExtraTrees, LearnsAStepAndASeedGivesOneForest) {
  std::vector<float> X, Y;
  stepData(X, Y);
  ExtraTrees A, B, C;
  Rng R1(5), R2(5), R3(6);
  ExtraTrees::Settings Set; // 20 trees, nodes of 3+ rows split, 10 deep
  A.fit(X, Y, 2, Set, R1);
  B.fit(X, Y, 2, Set, R2);
  C.fit(X, Y, 2, Set, R3);
  float Lo[] = {0.2f, 0.5f}, Hi[] = {0.8f, 0.5f}, Edge[] = {0.51f, 0.1f};
  EXPECT_NEAR(A.predict(Lo).first, 0, 0.05);
  EXPECT_NEAR(A.predict(Hi).first, 1, 0.05);
  EXPECT_LT(A.predict(Lo).second, 0.1); // the trees agree far from the step
  EXPECT_EQ(A.predict(Edge), B.predict(Edge));
  EXPECT_EQ(A.nodes(), B.nodes());
  bool Differs = A.nodes() != C.nodes() || A.predict(Edge) != C.predict(Edge);
  EXPECT_TRUE(Differs);
}

TEST(ExtraTrees, OneFeaturePerNodeStillLearnsTheStep) {
  // Each node draws a split for one random feature of two (feature-share
  // 0.5): the noise feature's splits are wasted, the step is still found.
  // The step is on the second feature, so always drawing the first fails.
  std::vector<float> X, Y;
  stepData(X, Y);
  for (size_t I = 0; I < X.size(); I += 2)
    std::swap(X[I], X[I + 1]);
  ExtraTrees F;
  Rng R(8);
  F.fit(X, Y, 2, {20, 3, 10, 1}, R);
  float Lo[] = {0.5f, 0.2f}, Hi[] = {0.5f, 0.8f};
  EXPECT_NEAR(F.predict(Lo).first, 0, 0.1);
  EXPECT_NEAR(F.predict(Hi).first, 1, 0.1);
}

/// The extra-trees algorithm as plainly written (a branch per row, the
/// targets summed row by row, std::partition), drawing what ExtraTrees
/// draws: ExtraTrees' faster loops must grow the same trees.
class PlainForest {
public:
  PlainForest(const std::vector<float> &X, const std::vector<float> &Y, size_t D,
              const ExtraTrees::Settings &Set, Rng &R)
      : X(X), Y(Y), D(D), Set(Set), Order(D) {
    if (!this->Set.Features || this->Set.Features > D) // all, as ExtraTrees
      this->Set.Features = unsigned(D);
    std::iota(Order.begin(), Order.end(), 0);
    std::vector<uint32_t> Idx(Y.size());
    for (unsigned T = 0; T < Set.Trees; ++T) {
      std::iota(Idx.begin(), Idx.end(), 0);
      Roots.push_back(grow(Idx, 0, Idx.size(), 0, R));
    }
  }
  double mean(const float *Row) const {
    double Sum = 0;
    for (size_t N : Roots) {
      while (Nodes[N].F >= 0)
        N = Row[Nodes[N].F] < Nodes[N].V ? Nodes[N].L : Nodes[N].R;
      Sum += Nodes[N].V;
    }
    return Sum / double(Roots.size());
  }
  size_t nodes() const { return Nodes.size(); }

private:
  struct Node {
    int F;
    float V;
    size_t L, R;
  };
  size_t grow(std::vector<uint32_t> &Idx, size_t Lo, size_t Hi, unsigned Depth, Rng &R) {
    size_t N = Hi - Lo;
    double Sum = 0, Sq = 0;
    for (size_t I = Lo; I < Hi; ++I)
      Sum += Y[Idx[I]], Sq += double(Y[Idx[I]]) * Y[Idx[I]];
    double Sse = Sq - Sum * Sum / double(N);
    size_t Me = Nodes.size();
    Nodes.push_back({-1, float(Sum / double(N)), 0, 0});
    if (N < Set.MinSplit || Depth >= Set.MaxDepth || Sse <= 1e-12)
      return Me;
    int BestF = -1;
    float BestT = 0;
    double BestSse = Sse;
    for (size_t K = 0; K < Set.Features; ++K) {
      if (Set.Features < D)
        std::swap(Order[K], Order[K + R.below(D - K)]);
      size_t F = Order[K];
      float Min = X[Idx[Lo] * D + F], Max = Min;
      for (size_t I = Lo; I < Hi; ++I)
        Min = std::min(Min, X[Idx[I] * D + F]), Max = std::max(Max, X[Idx[I] * D + F]);
      if (!(Max > Min))
        continue;
      float T = Min + float(R.uniform()) * (Max - Min);
      if (!(T > Min))
        T = std::nextafter(Min, Max);
      double SL = 0, QL = 0;
      size_t NL = 0;
      for (size_t I = Lo; I < Hi; ++I)
        if (X[Idx[I] * D + F] < T)
          SL += Y[Idx[I]], QL += double(Y[Idx[I]]) * Y[Idx[I]], ++NL;
      double SR = Sum - SL, QR = Sq - QL;
      double Split = (QL - SL * SL / double(NL)) + (QR - SR * SR / double(N - NL));
      if (Split < BestSse)
        BestSse = Split, BestF = int(F), BestT = T;
    }
    if (BestF < 0)
      return Me;
    size_t Mid = size_t(std::partition(Idx.begin() + Lo, Idx.begin() + Hi,
                                       [&](uint32_t I) { return X[I * D + BestF] < BestT; }) -
                        Idx.begin());
    Nodes[Me].F = BestF, Nodes[Me].V = BestT;
    size_t L = grow(Idx, Lo, Mid, Depth + 1, R);
    size_t Right = grow(Idx, Mid, Hi, Depth + 1, R);
    Nodes[Me].L = L, Nodes[Me].R = Right;
    return Me;
  }
  const std::vector<float> &X, &Y;
  size_t D;
  ExtraTrees::Settings Set;
  std::vector<size_t> Order, Roots;
  std::vector<Node> Nodes;
};

TEST(ExtraTrees, GrowsThePlainAlgorithmsTrees) {
  // 300 rows of 5 features taking 6 values each (ties, as a space's
  // features have), float targets, and a classifier's 0/1 targets.
  Rng G(3);
  size_t D = 5;
  std::vector<float> X, Y, Ok, Rows;
  for (int I = 0; I < 300; ++I) {
    for (size_t J = 0; J < D; ++J)
      X.push_back(float(G.below(6)) / 5);
    // Targets over 20 binary orders of magnitude: their sums round, so
    // summing in another order would give other trees.
    Y.push_back(float((X[I * D] * X[I * D + 2] + 0.1 * G.uniform()) * std::exp(-14 * G.uniform())));
    Ok.push_back(G.uniform() < 0.8);
  }
  for (int I = 0; I < 50 * int(D); ++I)
    Rows.push_back(float(G.below(6)) / 5);
  for (const std::vector<float> *Target : {&Y, &Ok})
    for (ExtraTrees::Settings Set : {ExtraTrees::Settings{10, 3, 10, 2},
                                     ExtraTrees::Settings{5, 2, 6, 0}}) {
      ExtraTrees Fast;
      Rng R1(9), R2(9);
      Fast.fit(X, *Target, D, Set, R1);
      PlainForest Plain(X, *Target, D, Set, R2);
      EXPECT_EQ(Fast.nodes(), Plain.nodes());
      std::vector<double> Mean(50), Sd(50);
      Fast.predict(Rows.data(), 50, Mean.data(), Sd.data());
      for (size_t I = 0; I < 50; ++I) {
        EXPECT_EQ(Mean[I], Plain.mean(&Rows[I * D])) << I;
        EXPECT_EQ(Mean[I], Fast.predict(&Rows[I * D]).first) << I;
      }
      EXPECT_EQ(R1.below(1u << 30), R2.below(1u << 30)); // the same draws
    }
}

TEST(ExtraTrees, PartitionsAsTheStandardLibrary) {
  // The order std::partition leaves is the children's row order, which
  // their sums' rounding depends on.
  Rng G(4);
  std::vector<uint32_t> Buf;
  for (size_t N : {0, 1, 2, 7, 64, 301})
    for (double Share : {0.0, 0.1, 0.5, 0.9, 1.0}) {
      std::vector<uint32_t> Items(N), Std;
      std::iota(Items.begin(), Items.end(), 100);
      std::vector<uint8_t> Under(N);
      for (uint8_t &U : Under)
        U = G.uniform() < Share;
      Std = Items;
      size_t StdMid = size_t(std::partition(Std.begin(), Std.end(),
                                            [&](uint32_t V) { return Under[V - 100]; }) -
                             Std.begin());
      EXPECT_EQ(partitionAsStd(Items.data(), Under.data(), N, Buf), StdMid);
      EXPECT_EQ(Items, Std) << N << " " << Share;
    }
}

TEST(ExtraTrees, DepthBoundsTheTrees) {
  std::vector<float> X, Y;
  Rng R(7);
  for (int I = 0; I < 500; ++I) { // a target with no structure: deep trees
    X.push_back(float(R.uniform()));
    Y.push_back(float(R.uniform()));
  }
  ExtraTrees F;
  F.fit(X, Y, 1, {4, 2, 3, 0}, R);
  EXPECT_LE(F.nodes(), 4u * 15); // 4 trees of at most 2^4 - 1 nodes
  F.fit(X, Y, 1, {4, 2, 30, 0}, R);
  EXPECT_GT(F.nodes(), 4u * 100);
}

TEST(BoForest, FindsTheOptimumOfASmallSpaceWithinABudget) {
  // 20 x 20 configs, a smooth bowl with its optimum (time 1) at (13, 6):
  // random search finds it in 60 trials 14% of the time.
  auto Bowl = [](const Config &C) -> std::optional<double> {
    return 1 + 0.05 * ((C[0] - 13.0) * (C[0] - 13.0) + (C[1] - 6.0) * (C[1] - 6.0));
  };
  int Found = 0, RandomFound = 0;
  for (uint64_t Seed = 0; Seed < 10; ++Seed) {
    Found += runOn("bo-forest", gridSpace(2, 20), Bowl, Seed, 60).BestValue == 1;
    RandomFound += runOn("random", gridSpace(2, 20), Bowl, Seed, 60).BestValue == 1;
  }
  EXPECT_GE(Found, 9);
  EXPECT_LE(RandomFound, 5);
}

TEST(BoForest, LearnsToAvoidAFailingRegion) {
  // Half the space (P0 >= 5) fails; the optimum borders it (P0 = 4).
  auto F = [](const Config &C) -> std::optional<double> {
    if (C[0] >= 5)
      return std::nullopt;
    return 1 + (4.0 - C[0]) + 0.1 * (C[1] + C[2]);
  };
  // Failing trials among the last 100 of 150 (random search: half).
  auto LateFailures = [&](uint64_t Seed, const Options &Opts) {
    std::vector<bool> Failed;
    RunResult R = runOn("bo-forest", gridSpace(3, 10), F, Seed, 150, Opts, &Failed);
    EXPECT_EQ(R.BestValue, 1);
    return size_t(std::count(Failed.begin() + 50, Failed.end(), true));
  };
  size_t Cut = 0, NoCut = 0;
  for (uint64_t Seed = 0; Seed < 3; ++Seed) {
    size_t Late = LateFailures(Seed, {});
    EXPECT_LT(Late, 20u) << "seed " << Seed;
    Cut += Late;
    NoCut += LateFailures(Seed, {{"valid-cut", 0}});
  }
  // Ranking likely failures last (valid-cut 0.5, the default) is what
  // keeps most of them out; the classifier's odds alone keep fewer out.
  EXPECT_LT(Cut, NoCut);
}

TEST(BoForest, RefitsEveryPlanResultsTo400TrialsThenSpaced) {
  // refit-growth 0.02: a refit after max(8, 0.02 x results) results, so
  // runs of up to 400 trials are those of refits every 8 (growth 0).
  Space S = gridSpace(4, 30);
  auto Time = [](const Config &C) -> std::optional<double> {
    return 1 + C[0] + 0.5 * C[1] + 0.25 * C[2] + 0.1 * C[3];
  };
  auto Run = [&](const Options &Opts, std::vector<size_t> *Fits) {
    FunctionProblem P(S, {}, Time);
    auto T = llvm::cantFail(makeTuner("bo-forest", P.space(), false, Opts));
    EngineOptions O;
    O.Seed = 5;
    O.Limit.Evaluations = 2000;
    O.BatchSize = 8;
    Engine<Config> E(P, *T, O);
    std::vector<std::string> Keys;
    E.OnEvaluation = [&](const LogEntry &L) { Keys.push_back(L.Key); };
    E.OnBatch = [&] {
      size_t Next = T->save()["state"]["next_fit"];
      if (Fits && (Fits->empty() || Fits->back() != Next))
        Fits->push_back(Next);
    };
    E.run();
    return Keys;
  };
  std::vector<size_t> Fits;
  std::vector<std::string> Spaced = Run({{"pool", 100}}, &Fits),
                           Every8 = Run({{"pool", 100}, {"refit-growth", 0}}, nullptr);
  ASSERT_EQ(Spaced.size(), 2000u);
  EXPECT_TRUE(std::equal(Spaced.begin(), Spaced.begin() + 400, Every8.begin()));
  EXPECT_NE(Spaced, Every8);
  ASSERT_GT(Fits.size(), 2u);
  for (size_t I = 1; I < Fits.size(); ++I)
    EXPECT_EQ(Fits[I] - Fits[I - 1], std::max<size_t>(8, size_t(0.02 * double(Fits[I - 1]))))
        << Fits[I - 1];
  EXPECT_LT(Fits.size(), 140u); // refits every 8 would be 248
}

TEST(BoForest, CostPerTrialIsFlatWithHistory) {
  // With a training window of 64 rows and a pool of 100, a refit costs the
  // same at 400 trials as at 2,000.
  Space S = gridSpace(4, 30);
  FunctionProblem P(S, {}, [](const Config &C) -> std::optional<double> {
    return 1 + C[0] + 0.5 * C[1] + 0.25 * C[2] + 0.1 * C[3];
  });
  auto T = llvm::cantFail(makeTuner("bo-forest", P.space(), false, {{"window", 64}, {"pool", 100}}));
  EngineOptions O;
  O.Limit.Evaluations = 2000;
  O.BatchSize = 8;
  Engine<Config> E(P, *T, O);
  double At400 = NAN, At1000 = NAN;
  E.OnBatch = [&] {
    if (std::isnan(At400) && E.evaluations() >= 400)
      At400 = E.timeShares().Strategy;
    if (std::isnan(At1000) && E.evaluations() >= 1000)
      At1000 = E.timeShares().Strategy;
  };
  E.run();
  double Early = (At1000 - At400) / 600, Late = (E.timeShares().Strategy - At1000) / 1000;
  EXPECT_LT(Late, 2.5 * Early) << Early * 1e3 << " ms then " << Late * 1e3 << " ms";
}
