//===- StatsTest.cpp - The statistics every part of gevo uses ------------===//

#include "gevo/support/Stats.h"

#include <cmath>

#include <gtest/gtest.h>

using namespace gevo;

namespace {

TEST(Stats, TheMedianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues) {
  EXPECT_DOUBLE_EQ(median({5, 1, 3}), 3);
  EXPECT_DOUBLE_EQ(median({4, 1, 3, 10}), 3.5);
  EXPECT_DOUBLE_EQ(median({7}), 7);
  EXPECT_TRUE(std::isnan(median({})));
}

TEST(Stats, QuantilesInterpolateBetweenOrderStatistics) {
  std::vector<double> X = {40, 10, 30, 20}; // sorted 10 20 30 40
  EXPECT_DOUBLE_EQ(quantile(X, 0), 10);
  EXPECT_DOUBLE_EQ(quantile(X, 1), 40);
  EXPECT_DOUBLE_EQ(quantile(X, 0.25), 17.5); // position 0.75
  EXPECT_DOUBLE_EQ(quantile(X, 0.9), 37);    // position 2.7
  EXPECT_DOUBLE_EQ(quantile(X, 0.5), median(X));
  EXPECT_TRUE(std::isnan(quantile({}, 0.5)));
}

TEST(Stats, MeanAndSampleStandardDeviation) {
  EXPECT_DOUBLE_EQ(mean({1, 2, 3, 6}), 3);
  EXPECT_DOUBLE_EQ(stddev({2, 4, 4, 4, 5, 5, 7, 9}), std::sqrt(32.0 / 7));
  EXPECT_EQ(stddev({3}), 0);
  EXPECT_TRUE(std::isnan(mean({})));
}

TEST(Stats, TheMediansIntervalNarrowsWithMoreRuns) {
  // 9 runs: order statistics 1 and 9 (n/2 -+ 1.96 sqrt(n)/2 = 4.5 -+ 2.94,
  // rounded out, the upper one from 1 + n/2).
  std::vector<double> Nine = {100, 101, 99, 102, 98, 100, 103, 97, 100};
  // Sorted 97 98 99 100 100 100 101 102 103: (103 - 97) / 2 / 100.
  EXPECT_DOUBLE_EQ(medianSpread(Nine), 0.03);
  std::vector<double> Many;
  for (int I = 0; I < 100; ++I)
    Many.push_back(100 + (I % 5) - 2);
  EXPECT_LT(medianSpread(Many), medianSpread(Nine));
  EXPECT_EQ(medianSpread({5}), HUGE_VAL);
  EXPECT_EQ(medianSpread({0, 0, 0}), 0);
}

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
