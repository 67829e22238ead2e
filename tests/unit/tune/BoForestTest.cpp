//===- BoForestTest.cpp - The extra-trees surrogate and bo-forest ----------===//
//
// The forest: it learns a step, a seed gives one forest, its depth (and so
// a fit's cost) is bounded. The strategy: it finds the optimum of a small
// space within a budget random search rarely meets, learns to avoid a
// failing region, and its cost per trial stays flat as history grows (the
// training window).
//
//===----------------------------------------------------------------------===//

#include "ExtraTrees.h"
#include "GridSpace.h"

#include "gevo/evolve/tune/Compare.h"

#include <gtest/gtest.h>

#include <cmath>

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
