//===- StatsTest.cpp - Rank statistics ------------------------------------===//

#include "gevo/evolve/Stats.h"

#include <gtest/gtest.h>

using namespace gevo::evolve;

namespace {

TEST(Stats, TiesShareTheMeanOfTheirRanks) {
  std::vector<double> R = ranks({10, 30, 20, 30, 5});
  EXPECT_EQ(R, (std::vector<double>{2, 4.5, 3, 4.5, 1}));
}

TEST(Stats, SpearmanSeesOnlyTheOrder) {
  std::vector<double> X = {1, 2, 3, 4, 5};
  EXPECT_DOUBLE_EQ(spearman(X, {1, 4, 9, 16, 1000}), 1.0);
  EXPECT_DOUBLE_EQ(spearman(X, {5, 4, 3, 2, 1}), -1.0);
  // One swap of neighbours among five: 1 - 6*2 / (5*24).
  EXPECT_NEAR(spearman(X, {1, 3, 2, 4, 5}), 0.9, 1e-12);
}

TEST(Stats, SpearmanOfAConstantOrTooFewIsZero) {
  EXPECT_EQ(spearman({1, 2, 3}, {7, 7, 7}), 0.0);
  EXPECT_EQ(spearman({1}, {2}), 0.0);
  EXPECT_EQ(spearman({}, {}), 0.0);
}

} // namespace
