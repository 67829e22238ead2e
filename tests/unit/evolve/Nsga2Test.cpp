//===- Nsga2Test.cpp - Non-dominated sort, crowding, selection ------------===//

#include "gevo/evolve/Nsga2.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gevo;
using namespace gevo::evolve;

namespace {
constexpr double Inf = std::numeric_limits<double>::infinity();

TEST(Nsga2, Dominance) {
  EXPECT_TRUE(dominates({1, 2}, {2, 2}));
  EXPECT_FALSE(dominates({1, 2}, {1, 2})); // equal: neither dominates
  EXPECT_FALSE(dominates({1, 3}, {2, 2}));
  EXPECT_TRUE(dominates({0}, {1}));
}

TEST(Nsga2, FrontsOfATwoObjectiveSet) {
  //   0:(1,5) 1:(2,3) 2:(4,1) front 0; 3:(3,4) 4:(5,2) front 1; 5:(6,6) front 2
  std::vector<Objectives> P = {{1, 5}, {2, 3}, {4, 1}, {3, 4}, {5, 2}, {6, 6}};
  auto F = nonDominatedSort(P);
  ASSERT_EQ(F.size(), 3u);
  EXPECT_EQ(F[0], (std::vector<size_t>{0, 1, 2}));
  EXPECT_EQ(F[1], (std::vector<size_t>{3, 4}));
  EXPECT_EQ(F[2], (std::vector<size_t>{5}));
}

TEST(Nsga2, DuplicatesShareAFront) {
  auto F = nonDominatedSort({{1, 1}, {1, 1}, {2, 2}});
  ASSERT_EQ(F.size(), 2u);
  EXPECT_EQ(F[0], (std::vector<size_t>{0, 1}));
}

TEST(Nsga2, CrowdingOfAFront) {
  std::vector<Objectives> P = {{0, 4}, {1, 3}, {3, 1}, {4, 0}};
  auto D = crowdingDistance(P, {0, 1, 2, 3});
  EXPECT_EQ(D[0], Inf);
  EXPECT_EQ(D[3], Inf);
  // Member 1: (3-0)/4 + (4-1)/4 = 1.5; member 2 likewise.
  EXPECT_DOUBLE_EQ(D[1], 1.5);
  EXPECT_DOUBLE_EQ(D[2], 1.5);
}

TEST(Nsga2, CrowdingOfTinyAndFlatFrontsIsInfiniteNeverNaN) {
  std::vector<Objectives> P = {{1, 1}, {1, 1}, {1, 1}, {2, 0}};
  EXPECT_EQ(crowdingDistance(P, {0}), (std::vector<double>{Inf}));
  EXPECT_EQ(crowdingDistance(P, {0, 3}), (std::vector<double>{Inf, Inf}));
  for (double D : crowdingDistance(P, {0, 1, 2}))
    EXPECT_EQ(D, Inf);
  // One flat objective among others adds nothing and makes no NaN.
  std::vector<Objectives> Q = {{0, 7}, {1, 7}, {2, 7}};
  auto D = crowdingDistance(Q, {0, 1, 2});
  EXPECT_EQ(D[0], Inf);
  EXPECT_DOUBLE_EQ(D[1], 1.0);
  for (double X : D)
    EXPECT_FALSE(std::isnan(X));
}

TEST(Nsga2, SelectBestTakesFrontsThenSpread) {
  std::vector<Objectives> P = {{6, 6}, {1, 5}, {2, 3}, {4, 1}, {3, 4}, {5, 2}};
  Ranking R = rank(P);
  EXPECT_EQ(R.Rank, (std::vector<unsigned>{2, 0, 0, 0, 1, 1}));
  // Front 0's boundary points (1, 3) beat its middle (2); then front 1.
  EXPECT_EQ(selectBest(R, 4), (std::vector<size_t>{1, 3, 2, 4}));
  EXPECT_EQ(selectBest(R, 10).size(), 6u);
  EXPECT_EQ(selectBest(R, 1), (std::vector<size_t>{1}));
}

TEST(Nsga2, TournamentPrefersBetterAndIsSeeded) {
  std::vector<Objectives> P = {{0}, {1}, {2}, {3}};
  Ranking R = rank(P);
  Rng A(5), B(5);
  std::vector<unsigned> Wins(4);
  for (int I = 0; I < 4000; ++I) {
    size_t W = crowdedTournament(R, A);
    EXPECT_EQ(W, crowdedTournament(R, B));
    ++Wins[W];
  }
  // P(win) = P(best of two draws): 7/16, 5/16, 3/16, 1/16.
  EXPECT_NEAR(Wins[0] / 4000.0, 7 / 16.0, 0.03);
  EXPECT_NEAR(Wins[3] / 4000.0, 1 / 16.0, 0.02);
}
} // namespace
