//===- StrategyTest.cpp - The example strategy, added by the recipe -------===//
//
// Built with the registry compiled from Strategies.def plus the line
// GEVO_TUNE_STRATEGY(HillClimb) and examples/extending/strategies/
// HillClimb.cpp (tests/extending/CMakeLists.txt); StrategyTest.cpp's
// generic tests run on it too (extend.strategy.Tune/EachStrategy.*).
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Compare.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gevo::evolve;
using namespace gevo::evolve::tune;

namespace {

TEST(ExtendStrategy, TheRegistryLineMakesItAStrategy) {
  ASSERT_FALSE(strategies().empty());
  const StrategyInfo *I = findStrategy("hill-climb");
  ASSERT_NE(I, nullptr);
  EXPECT_EQ(strategies().back(), I); // the line was added last
  llvm::Expected<Options> O = resolveOptions("hill-climb");
  ASSERT_TRUE(bool(O));
  EXPECT_EQ(O->at("patience"), 64);
  llvm::Expected<Options> Bad = resolveOptions("hill-climb", {{"patience", -1}});
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()), "hill-climb: patience must be in [0, 1e+06], got -1");
}

TEST(ExtendStrategy, ClimbsASmoothBowlToItsBottom) {
  std::vector<int> Values;
  for (int V = 1; V <= 32; ++V)
    Values.push_back(V);
  Space S = llvm::cantFail(Space::fromJson(
      {{"name", "bowl"},
       {"params",
        {{{"name", "A"}, {"kind", "discrete"}, {"values", Values}},
         {{"name", "B"}, {"kind", "discrete"}, {"values", Values}}}}},
      "bowl"));
  Space Copy = S;
  FunctionProblem P(
      std::move(S), Objective{"time", false},
      [Copy](const Config &C) -> std::optional<double> {
        std::vector<double> R = Copy.raw(C);
        return 1 + std::pow(R[0] - 23, 2) + std::pow(R[1] - 9, 2);
      },
      0.01);
  RunOptions O;
  O.Strategy = "hill-climb";
  O.Seed = 4;
  O.Limit.Evaluations = 250; // of 1,024: random search finds the bottom 1 time in 4
  RunResult R = llvm::cantFail(runTuner(P, O));
  EXPECT_EQ(R.BestValue, 1);
}

} // namespace
