//===- HypervolumeTest.cpp - The hypervolume of a two-objective front -----===//

#include "gevo/evolve/Hypervolume.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gevo::evolve;

namespace {

TEST(Hypervolume, AHandComputedFront) {
  // Boxes up to (1, 1) of (0.25, 0.6), (0.5, 0.2), (0.75, 0.1):
  // 0.3 + 0.4 + 0.225 - 0.2 - 0.1 - 0.2 + 0.1 = 0.525 by inclusion-exclusion.
  // (0.8, 0.9) is dominated, (1.2, 0.05) beyond the reference: no change.
  EXPECT_NEAR(
      hypervolume2d(
          {{0.5, 0.2}, {0.25, 0.6}, {0.75, 0.1}, {0.8, 0.9}, {1.2, 0.05}}, 1,
          1),
      0.525, 1e-12);
}

TEST(Hypervolume, OnePointIsItsBox) {
  EXPECT_NEAR(hypervolume2d({{0.5, 0}}, 1, 1), 0.5, 1e-12);
  EXPECT_NEAR(hypervolume2d({{1, 2}}, 3, 5), 2 * 3, 1e-12);
}

TEST(Hypervolume, DuplicatesAndEqualObjectivesCountOnce) {
  EXPECT_NEAR(hypervolume2d({{0.5, 0.5}, {0.5, 0.5}, {0.5, 0.7}}, 1, 1), 0.25,
              1e-12);
  // Equal x: the lower y counts, whatever the order.
  EXPECT_NEAR(hypervolume2d({{0.5, 0.7}, {0.5, 0.5}}, 1, 1), 0.25, 1e-12);
}

TEST(Hypervolume, NothingBetterThanTheReferenceIsZero) {
  EXPECT_EQ(hypervolume2d({}, 1, 1), 0);
  EXPECT_EQ(hypervolume2d({{1, 0}, {0, 1}, {NAN, 0}, {0, INFINITY}}, 1, 1), 0);
}

TEST(Hypervolume, AFrontIsNormalisedByTheBaseAndTheErrorBound) {
  // Costs 50 and 80 of a base's 100, errors 0.02 and 0 of a bound of 0.04:
  // the points (0.5, 0.5) and (0.8, 0): 0.2 * 1 + 0.3 * 0.5.
  EXPECT_NEAR(frontHypervolume({{50, 0.02}, {80, 0}}, 100, 0.04), 0.35, 1e-12);
  // No error objective (default mode): 1 - best/base.
  EXPECT_NEAR(frontHypervolume({{50, 0.02}, {80}}, 100, 0), 0.5, 1e-12);
  // Only the base: nothing.
  EXPECT_EQ(frontHypervolume({{100, 0}}, 100, 0.04), 0);
}

} // namespace
