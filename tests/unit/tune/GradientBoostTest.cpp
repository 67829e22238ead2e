//===- GradientBoostTest.cpp - gevo's boosted trees and the xgb models ----===//
//
// GradientBoost learns what each loss asks for, its compiled walk over
// value indices equals the walk over features, continued training adds
// trees, a seed gives one model; the xgb strategies' kept candidates give
// the scores a fresh prediction gives after fits and boosts; XGBoost's
// trees copied into a GradientBoost predict what XGBoost does, bit for bit,
// and GradientBoost grows XGBoost's trees, through histograms or the scan;
// UniformBelow draws what std::uniform_int_distribution draws;
// SortedPrefix reads what a full sort gives.
//
//===----------------------------------------------------------------------===//

#include "Booster.h"
#include "GradientBoost.h"
#include "GridSpace.h"
#include "SortedPrefix.h"
#include "Surrogate.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <tuple>

using namespace gevo;
using namespace gevo::evolve::tune;

namespace {

/// Every config of a 3 x 6 grid as features (value / 5) and value indices.
struct Grid {
  Grid() {
    for (uint32_t A = 0; A < 6; ++A)
      for (uint32_t B = 0; B < 6; ++B)
        for (uint32_t C = 0; C < 6; ++C) {
          for (uint32_t V : {A, B, C})
            X.push_back(V / 5.f), In.push_back(V);
          Rows.push_back({A, B, C});
        }
    for (size_t F = 0; F < 3; ++F) {
      InputOf.push_back(uint32_t(F));
      Table.emplace_back();
      for (uint32_t V = 0; V < 6; ++V)
        Table.back().push_back(V / 5.f);
    }
  }
  size_t size() const { return Rows.size(); }
  std::vector<float> X;
  std::vector<uint32_t> In, InputOf;
  std::vector<std::array<uint32_t, 3>> Rows;
  std::vector<std::vector<float>> Table;
};

/// F(row) for every row of G.
template <typename Fn> std::vector<float> targets(const Grid &G, Fn F) {
  std::vector<float> Y;
  for (const auto &R : G.Rows)
    Y.push_back(float(F(R)));
  return Y;
}

/// Predictions of M for every row of G through the compiled walk.
std::vector<float> compiled(GradientBoost &M, const Grid &G) {
  M.bind(G.InputOf, G.Table);
  std::vector<float> Sum(G.size(), 0.f);
  M.addMargins(G.In.data(), G.size(), 3, 0, Sum.data());
  for (float &V : Sum)
    V = M.finish(V);
  return Sum;
}

/// The compiled walk gives what the walk over features gives.
void expectCompiledWalkAgrees(GradientBoost &M, const Grid &G) {
  std::vector<float> P = compiled(M, G);
  for (size_t I = 0; I < G.size(); ++I)
    ASSERT_NEAR(P[I], M.predict(&G.X[3 * I]), 1e-5) << I;
}

TEST(GradientBoost, SquaredLossLearnsAStep) {
  Grid G;
  std::vector<float> Y =
      targets(G, [](const auto &R) { return R[1] >= 3 ? 1.f : 0.f; });
  GradientBoost M;
  M.fit(G.X, Y, 3, GradientBoost::Loss::Squared, {});
  for (size_t I = 0; I < G.size(); ++I)
    EXPECT_NEAR(M.predict(&G.X[3 * I]), Y[I], 1e-3) << I;
  EXPECT_EQ(M.trees(), 101u); // the base and 100 rounds
}

TEST(GradientBoost, PairwiseLossRanksAProduct) {
  // Only the order matters to a ranking: almost every pair comes out in
  // the order of its targets, with one pair per row and round (XGBoost's
  // default) or four.
  Grid G;
  std::vector<float> Y =
      targets(G, [](const auto &R) { return (R[0] + 1) * (R[2] + 1); });
  std::vector<float> First;
  for (unsigned Pairs : {1u, 4u}) {
    GradientBoost::Settings Set;
    Set.Pairs = Pairs;
    GradientBoost M;
    M.fit(G.X, Y, 3, GradientBoost::Loss::Pairwise, Set);
    size_t Right = 0, Total = 0;
    for (size_t I = 0; I < G.size(); ++I)
      for (size_t J = 0; J < G.size(); ++J)
        if (Y[I] > Y[J])
          ++Total, Right += M.predict(&G.X[3 * I]) > M.predict(&G.X[3 * J]);
    EXPECT_GT(double(Right) / Total, 0.95) << Pairs;
    std::vector<float> P = compiled(M, G);
    if (First.empty())
      First = P;
    else
      EXPECT_NE(First, P); // more pairs, another model
  }
}

TEST(GradientBoost, LogisticLossGivesProbabilities) {
  Grid G;
  std::vector<float> Y =
      targets(G, [](const auto &R) { return R[0] + R[1] > 6 ? 1.f : 0.f; });
  GradientBoost M;
  GradientBoost::Settings Set;
  Set.Rounds = 30;
  M.fit(G.X, Y, 3, GradientBoost::Loss::Logistic, Set);
  for (size_t I = 0; I < G.size(); ++I) {
    float P = M.predict(&G.X[3 * I]);
    EXPECT_TRUE(P > 0 && P < 1);
    EXPECT_EQ(P > 0.5f, Y[I] > 0.5f) << I;
  }
}

TEST(GradientBoost, CompiledWalkEqualsTheFeatureWalk) {
  Grid G;
  std::vector<float> Y = targets(G, [](const auto &R) {
    return float(int(R[0] * R[0] + 3 * R[1]) - int(R[2]));
  });
  for (auto L : {GradientBoost::Loss::Pairwise, GradientBoost::Loss::Logistic,
                 GradientBoost::Loss::Squared}) {
    std::vector<float> Z = Y;
    if (L == GradientBoost::Loss::Logistic)
      for (float &V : Z)
        V = V > 10;
    GradientBoost::Settings Set;
    Set.Rounds = 20;
    Set.Depth = 4; // deeper than the default: early leaves padded below
    GradientBoost M;
    M.fit(G.X, Z, 3, L, Set);
    expectCompiledWalkAgrees(M, G);
  }
}

TEST(GradientBoost, BoostContinuesTheModel) {
  // More rounds on more data: the trees add up, the compiled walk covers
  // them, and the fit to the new data improves.
  Grid G;
  std::vector<float> Y =
      targets(G, [](const auto &R) { return R[2] >= 2 ? 2.f : 0.f; });
  GradientBoost::Settings Set;
  Set.Rounds = 3;
  Set.Eta = 0.1;
  size_t Half = G.size() / 2;
  GradientBoost M;
  M.fit(std::vector<float>(G.X.begin(), G.X.begin() + 3 * Half),
        std::vector<float>(Y.begin(), Y.begin() + Half), 3,
        GradientBoost::Loss::Squared, Set);
  auto Error = [&] {
    double E = 0;
    for (size_t I = 0; I < G.size(); ++I)
      E += std::pow(M.predict(&G.X[3 * I]) - Y[I], 2);
    return E;
  };
  double Before = Error();
  compiled(M, G); // bind the first trees, then the new ones
  M.boost(G.X, Y, 3, Set);
  EXPECT_EQ(M.trees(), 7u); // the base and 3 + 3 rounds
  EXPECT_LT(Error(), Before);
  expectCompiledWalkAgrees(M, G);
}

TEST(GradientBoost, ASeedGivesOneModel) {
  Grid G;
  std::vector<float> Y = targets(
      G, [](const auto &R) { return float(R[0] + 2 * R[1] + R[2] % 2); });
  auto Fit = [&](uint64_t Seed) {
    GradientBoost M;
    M.fit(G.X, Y, 3, GradientBoost::Loss::Pairwise, {}, Seed);
    return compiled(M, G);
  };
  EXPECT_EQ(Fit(1), Fit(1));
  EXPECT_NE(Fit(1), Fit(2)); // the pairs are drawn from the seed
}

TEST(KeptCandidates, ScoresEqualFreshPredictionsAcrossFitsAndBoosts) {
  // The kept margins (only new trees walked after a boost, all after a
  // fresh fit, new candidates from the first tree) equal a fresh
  // prediction, less 1e4 under the classifier's cut (cuts 0, 0.5 and 1),
  // also after candidates are dropped; some candidates scored apart get
  // the same floats.
  Space S = gridSpace(3, 6);
  Grid G;
  std::vector<float> Y, Ok;
  for (const auto &R : G.Rows)
    Y.push_back(float(R[0] * R[1] + R[2])), Ok.push_back(R[0] + R[2] < 8);
  Surrogate Rank(S, true), Valid(S, true);
  KeptCandidates K(3);
  for (size_t I = 0; I < G.size(); I += 2)
    K.add(S.encode(Config(G.Rows[I].begin(), G.Rows[I].end())),
          Config(G.Rows[I].begin(), G.Rows[I].end()));
  auto CheckCut = [&](float Cut) {
    auto Got = K.scores(Rank, Valid, Cut);
    std::vector<uint32_t> Flat;
    for (uint64_t Code : K.codes()) {
      Config C = S.decode(Code);
      Flat.insert(Flat.end(), C.begin(), C.end());
    }
    std::vector<float> P = Rank.predict(Flat.data(), K.size());
    std::vector<float> Q = Valid.predict(Flat.data(), K.size());
    ASSERT_EQ(Got.size(), K.size());
    for (size_t I = 0; I < K.size(); ++I) {
      ASSERT_EQ(Got[I].second, K.codes()[I]);
      ASSERT_NEAR(Got[I].first, P[I] - (Q[I] < Cut ? 1e4f : 0.f), 1e-3) << I;
    }
    // Scored apart, some of them: the very same scores.
    std::vector<bool> Only(K.size());
    for (size_t I = 0; I < K.size(); I += 3)
      Only[I] = true;
    auto Some = K.scores(Rank, Valid, Cut, &Only);
    std::vector<std::pair<float, uint64_t>> Want;
    for (size_t I = 0; I < K.size(); I += 3)
      Want.push_back(Got[I]);
    EXPECT_EQ(Some, Want);
  };
  auto Check = [&] {
    for (float Cut : {0.5f, 0.f, 1.f}) // 0: none ranks last, 1: all but certainties
      CheckCut(Cut);
  };
  Rank.fit(G.X, Y, 20, Surrogate::Loss::Rank);
  Valid.fit(G.X, Ok, 10, Surrogate::Loss::Classifier);
  Check();
  Rank.boost(G.X, Y, 5);
  K.dropIf([](uint64_t Code) { return Code % 3 == 0; });
  for (size_t I = 1; I < G.size(); I += 4)
    if (!K.contains(S.encode(Config(G.Rows[I].begin(), G.Rows[I].end()))))
      K.add(S.encode(Config(G.Rows[I].begin(), G.Rows[I].end())),
            Config(G.Rows[I].begin(), G.Rows[I].end()));
  Check();
  Rank.fit(G.X, Y, 7, Surrogate::Loss::Rank); // fresh: every tree walked again
  Valid.boost(G.X, Ok, 4);
  Check();
}

TEST(Booster, CopiedTreesPredictWhatXGBoostDoesBitForBit) {
  // The xgb strategies score configs through XGBoost's trees copied into a
  // GradientBoost; a plan is only the same as XGBoost's own predictions
  // would make it if every score is the same float.
  Grid G;
  std::vector<float> Y, Ok;
  for (const auto &R : G.Rows)
    Y.push_back(float(std::sin(R[0] * 1.3 + R[1]) + R[2] * 0.1)),
        Ok.push_back(R[0] * R[1] % 4 != 1);
  for (auto [Objective, Labels] : {std::pair{"rank:pairwise", &Y}, {"binary:logistic", &Ok},
                                   {"reg:squarederror", &Y}}) {
    Booster B;
    B.fit(G.X, *Labels, 3, 20, Objective);
    float Base;
    std::vector<TreeNodes> Trees = B.trees(0, Base);
    bool Logistic = std::string(Objective) == "binary:logistic";
    GradientBoost M;
    M.adoptStart(Logistic ? GradientBoost::Loss::Logistic : GradientBoost::Loss::Squared,
                 Booster::MaxDepth, Base);
    ASSERT_EQ(Trees.size(), 20u) << Objective;
    for (const TreeNodes &T : Trees)
      M.adopt(T);
    B.boost(G.X, *Labels, 3, 5, Objective); // continued: 5 trees more
    for (const TreeNodes &T : B.trees(20, Base))
      M.adopt(T);
    std::vector<float> Got = compiled(M, G), Want = B.predict(G.X, G.size(), 3);
    ASSERT_EQ(Got.size(), Want.size());
    size_t Differ = 0;
    for (size_t I = 0; I < Got.size(); ++I)
      Differ += Got[I] != Want[I];
    EXPECT_EQ(Differ, 0u) << Objective;
  }
  // Surrogate copies the trees after each fit and boost, and keeps them
  // only when they pass the same comparison on the rows fit.
  Space S = gridSpace(3, 6);
  Surrogate Rank(S, false), Valid(S, false);
  Rank.fit(G.X, Y, 20, Surrogate::Loss::Rank);
  Valid.fit(G.X, Ok, 10, Surrogate::Loss::Classifier);
  EXPECT_TRUE(Rank.lookups() && Valid.lookups());
  Rank.boost(G.X, Y, 5);
  EXPECT_TRUE(Rank.lookups());
  EXPECT_EQ(Rank.trees(), 26u); // the base and 25 trees
}


TEST(GradientBoost, GrowsXGBoostsTreesBitForBit) {
  // booster 1 of the xgb strategies is XGBoost's model without its C API:
  // the same data and settings give every prediction the same float as
  // Debian's libxgboost, for each loss, after a fit and after continued
  // training (the pairs of rank:pairwise drawn as XGBoost draws them).
  Grid G;
  std::vector<float> Y, Ok;
  for (const auto &R : G.Rows)
    Y.push_back(float(std::cos(R[0] * 0.7 + R[1] * R[2]) + R[2] * 0.05)),
        Ok.push_back((R[0] + 2 * R[1]) % 3 != 0 || R[2] > 3);
  for (auto [Objective, L, Labels] :
       {std::tuple{"rank:pairwise", GradientBoost::Loss::Pairwise, &Y},
        {"binary:logistic", GradientBoost::Loss::Logistic, &Ok},
        {"reg:squarederror", GradientBoost::Loss::Squared, &Y}}) {
    Booster B;
    B.fit(G.X, *Labels, 3, 100, Objective);
    GradientBoost M;
    M.fit(G.X, *Labels, 3, L, {});
    // Continued training on a changed target: 10 rounds more.
    std::vector<float> More = *Labels;
    std::reverse(More.begin(), More.begin() + 50);
    B.boost(G.X, More, 3, 10, Objective);
    GradientBoost::Settings Ten;
    Ten.Rounds = 10;
    M.boost(G.X, More, 3, Ten);
    std::vector<float> Want = B.predict(G.X, G.size(), 3), Got = compiled(M, G);
    size_t Differ = 0;
    for (size_t I = 0; I < G.size(); ++I)
      Differ += Got[I] != Want[I] || M.predict(&G.X[3 * I]) != Want[I];
    EXPECT_EQ(Differ, 0u) << Objective;
    EXPECT_EQ(M.trees(), 111u) << Objective;
  }
}

TEST(GradientBoost, BreaksANearTieAsXGBoostDoes) {
  // The first 8 successes of an unrestricted GEMM run (features in sixths):
  // at round 23 two splits' gains differ in their last bit only if each
  // side's G^2 / (H + lambda) is rounded as XGBoost 1.7 rounds it (both
  // terms to floats before the division); computed in doubles the other
  // split wins and every later tree differs.
  const int Sixths[8][15] = {{2, 2, 0, 0, 0, 0, 0, 0, 4, 4, 0, 0, 0, 0, 0},
                             {2, 4, 0, 0, 3, 0, 6, 0, 0, 0, 0, 0, 0, 6, 0},
                             {6, 4, 0, 6, 3, 6, 3, 0, 2, 2, 0, 0, 0, 6, 0},
                             {4, 0, 0, 0, 3, 0, 3, 0, 6, 0, 0, 0, 6, 6, 0},
                             {6, 4, 0, 0, 6, 0, 3, 0, 4, 2, 0, 0, 6, 6, 0},
                             {6, 2, 0, 0, 6, 3, 6, 0, 0, 0, 0, 0, 0, 0, 0},
                             {2, 4, 0, 0, 6, 3, 6, 0, 0, 0, 0, 0, 0, 6, 0},
                             {4, 6, 0, 6, 0, 0, 3, 0, 0, 4, 0, 0, 6, 0, 0}};
  std::vector<float> X, Y = {0x1p+0f,         0x1.03b4bep-1f, 0x1.a8bad2p-1f,
                             0x1.ef466cp-3f, 0x1.174364p-2f, 0x1.25ecd4p-3f,
                             0x1.6e7d0cp-2f, 0x1.54aeb2p-1f};
  for (const auto &Row : Sixths)
    for (int V : Row)
      X.push_back(float(V / 6.0));
  Booster B;
  B.fit(X, Y, 15, 100, "rank:pairwise");
  GradientBoost M;
  M.fit(X, Y, 15, GradientBoost::Loss::Pairwise, {});
  std::vector<float> Want = B.predict(X, 8, 15);
  for (size_t I = 0; I < 8; ++I)
    EXPECT_EQ(M.predict(&X[15 * I]), Want[I]) << I;
}
} // namespace

TEST(GradientBoost, HistogramsGrowTheTreesTheScanGrows) {
  // Where every sum of the gradients is exact in a double, the trees are
  // grown from histograms (per node, feature and value); they must be the
  // scan's trees, for each loss, fit and continued training alike.
  Grid G;
  std::vector<float> Y, Ok;
  for (const auto &R : G.Rows)
    Y.push_back(float(std::sin(R[0] * 1.3 + R[1]) * R[2] + R[1] * 0.1)),
        Ok.push_back((R[0] * R[2] + R[1]) % 4 != 1);
  for (auto [L, Labels] : {std::pair{GradientBoost::Loss::Pairwise, &Y},
                           {GradientBoost::Loss::Logistic, &Ok},
                           {GradientBoost::Loss::Squared, &Y}}) {
    GradientBoost::Settings Hist, Scan;
    Scan.Histograms = false;
    GradientBoost A, B;
    A.fit(G.X, *Labels, 3, L, Hist);
    B.fit(G.X, *Labels, 3, L, Scan);
    std::vector<float> More = *Labels;
    std::rotate(More.begin(), More.begin() + 70, More.end());
    Hist.Rounds = Scan.Rounds = 20;
    A.boost(G.X, More, 3, Hist);
    B.boost(G.X, More, 3, Scan);
    EXPECT_EQ(A.histogramRounds(), 120u) << int(L);
    EXPECT_EQ(B.histogramRounds(), 0u) << int(L);
    EXPECT_EQ(compiled(A, G), compiled(B, G)) << int(L);
  }
}

TEST(GradientBoost, ScansWhereHistogramSumsWouldRound) {
  // Labels of 1e7 beside labels a float's last bit from the base score:
  // squared error's gradients then span more than a double's 53 bits, so
  // a sum depends on its order and the rounds are grown by the scan, in
  // XGBoost's order; the trees are still XGBoost's.
  Grid G;
  std::vector<float> Y;
  for (const auto &R : G.Rows)
    Y.push_back((R[0] + R[1]) % 3 ? 1e7f * float(R[2] + 1) : 0.5f + 0x1p-24f * float(R[1]));
  Booster B;
  B.fit(G.X, Y, 3, 100, "reg:squarederror");
  GradientBoost M;
  M.fit(G.X, Y, 3, GradientBoost::Loss::Squared, {});
  EXPECT_LT(M.histogramRounds(), 100u);
  EXPECT_EQ(compiled(M, G), B.predict(G.X, G.size(), 3));
}

TEST(UniformBelow, DrawsWhatTheStandardDistributionDraws) {
  // rank:pairwise's partners are drawn as XGBoost draws them, through
  // std::uniform_int_distribution; UniformBelow must give the same values
  // from the same generator, whatever the range: small ones, the largest
  // (quotient 1 or 2, most draws redrawn), ones whose quotient is odd.
  for (uint32_t Range : {1u, 2u, 3u, 7u, 100u, 1000u, 65537u, 715827882u, 1073741822u,
                         1073741823u, 1u << 30, 2147483645u}) {
    std::minstd_rand A(Range * 7 + 1), B(Range * 7 + 1);
    UniformBelow Mine(Range);
    for (int I = 0; I < 5000; ++I)
      ASSERT_EQ(Mine(A), std::uniform_int_distribution<unsigned>(0, Range - 1)(B)) << Range;
  }
}

TEST(SortedPrefix, ReadsWhatAFullSortGives) {
  // Scores with many ties (broken by code, as plans break them): read
  // within the sorted head, then past it (the rest sorted then), every
  // element is the full sort's.
  std::vector<std::pair<float, uint64_t>> Items;
  for (uint64_t Code = 0; Code < 5000; ++Code)
    Items.push_back({float((Code * 7919) % 97), Code});
  auto Before = [](const auto &A, const auto &B) {
    return A.first != B.first ? A.first > B.first : A.second < B.second;
  };
  std::vector<std::pair<float, uint64_t>> Want = Items;
  std::sort(Want.begin(), Want.end(), Before);
  for (size_t Head : {0, 1, 100, 4999, 5000, 9000}) {
    SortedPrefix Got(Items, Before, Head);
    ASSERT_EQ(Got.size(), Want.size());
    for (size_t I : {size_t(0), size_t(50), std::min(Want.size(), std::max<size_t>(Head, 1)) - 1})
      EXPECT_EQ(Got[I], Want[I]) << Head << " " << I;
    for (size_t I = 0; I < Want.size(); ++I)
      ASSERT_EQ(Got[I], Want[I]) << Head << " " << I;
  }
}
