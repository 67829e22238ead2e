//===- KtStrategyTest.cpp - Kernel Tuner's PSO and GA as gevo strategies ---===//
//
// What makes kt-pso and kt-ga Kernel Tuner's: the swarm and the generation
// sizes, the pull towards the swarm's best, children built from their
// parents' genes, the cap of the population on small spaces, and that
// repeats and restricted configs cost no trial. (The generic properties:
// exact budget, seeds, checkpoints, both directions: StrategyTest.cpp.)
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Compare.h"
#include "GridSpace.h"

#include <gtest/gtest.h>

#include <set>

using namespace gevo;
using namespace gevo::evolve;
using namespace gevo::evolve::tune;

namespace {

/// Tells T a time per config: Time(C).
template <typename F> void tellTimes(Tuner &T, const std::vector<Config> &Asked, F Time) {
  std::vector<Evaluation> Results;
  for (const Config &C : Asked)
    Results.push_back(makeEvaluation(Time(C), false));
  T.tell(Asked, Results);
}

uint64_t trialsOn(const std::string &Strategy, Space S, uint64_t Limit, const Options &Opts = {}) {
  FunctionProblem P(std::move(S), {}, [](const Config &C) { return 1.0 + C[0]; });
  RunOptions O;
  O.Strategy = Strategy;
  O.Opts = Opts;
  O.Limit.Evaluations = Limit;
  return llvm::cantFail(runTuner(P, O)).Trials;
}

} // namespace

TEST(KtPso, TheFirstIterationIsTheSwarm) {
  Space S = gridSpace(3, 16);
  for (double Pop : {20.0, 7.0}) {
    auto T = llvm::cantFail(makeTuner("kt-pso", S, false, {{"popsize", Pop}}));
    Rng R(1);
    std::vector<Config> First = T->ask(100, R);
    EXPECT_EQ(First.size(), size_t(Pop));
    std::set<Config> Distinct(First.begin(), First.end());
    EXPECT_EQ(Distinct.size(), First.size());
  }
}

TEST(KtPso, TheSocialTermPullsTowardsTheSwarmsBest) {
  // Two particles, no inertia, no own-best pull: the best one stays put,
  // the other moves part of the way towards it, so its next fresh config
  // lies between the two in every parameter.
  Space S = gridSpace(2, 32);
  for (uint64_t Seed = 0; Seed < 10; ++Seed) {
    auto T = llvm::cantFail(makeTuner("kt-pso", S, false, {{"popsize", 2}, {"w", 0}, {"c1", 0}, {"c2", 1}}));
    Rng R(Seed);
    std::vector<Config> First = T->ask(100, R);
    ASSERT_EQ(First.size(), 2u);
    const Config &Best = First[0], &Other = First[1];
    tellTimes(*T, First, [&](const Config &C) { return C == Best ? 1.0 : 2.0; });
    std::vector<Config> Next = T->ask(100, R);
    ASSERT_EQ(Next.size(), 1u);
    for (size_t J = 0; J < 2; ++J) {
      EXPECT_GE(Next[0][J], std::min(Best[J], Other[J])) << "seed " << Seed;
      EXPECT_LE(Next[0][J], std::max(Best[J], Other[J])) << "seed " << Seed;
    }
  }
}

TEST(KtPso, RestrictedAndRepeatedConfigsCostNoTrial) {
  // 4 valid configs of 64: the swarm snaps mostly onto invalid or measured
  // configs, which cost nothing; the run measures the 4 and stops.
  Space S = gridSpace(2, 8);
  std::vector<uint64_t> Members;
  for (uint32_t A : {0u, 3u, 5u, 7u})
    Members.push_back(S.encode({A, A}));
  std::sort(Members.begin(), Members.end());
  S.restrictTo(Members);
  EXPECT_EQ(trialsOn("kt-pso", S, 100), 4u);
  EXPECT_EQ(trialsOn("kt-ga", S, 100), 4u);
}

TEST(KtPso, RestartsRatherThanStopping) {
  // Kernel Tuner stops after maxiter iterations; gevo spends its budget.
  EXPECT_EQ(trialsOn("kt-pso", gridSpace(3, 10), 300, {{"maxiter", 2}}), 300u);
  EXPECT_EQ(trialsOn("kt-ga", gridSpace(3, 10), 300, {{"maxiter", 2}}), 300u);
}

TEST(KtGa, ThePopulationIsCappedOnSmallSpaces) {
  Rng R(2);
  EXPECT_EQ(llvm::cantFail(makeTuner("kt-ga", gridSpace(1, 12), false))->ask(100, R).size(), 6u);
  EXPECT_EQ(llvm::cantFail(makeTuner("kt-ga", gridSpace(3, 12), false))->ask(100, R).size(), 30u);
  // Set by the user, it is only capped by the space's size.
  EXPECT_EQ(llvm::cantFail(makeTuner("kt-ga", gridSpace(1, 12), false, {{"popsize", 10}}))->ask(100, R).size(),
            10u);
}

/// Genes of Gen that no config of Parents has in the same parameter.
size_t foreignGenes(const Config &C, const std::vector<Config> &Parents) {
  size_t N = 0;
  for (size_t J = 0; J < C.size(); ++J)
    N +=
        std::none_of(Parents.begin(), Parents.end(), [&](const Config &P) { return P[J] == C[J]; });
  return N;
}

TEST(KtGa, ChildrenAreCrossoversMutatedByOneGene) {
  Space S = gridSpace(4, 50);
  auto Time = [](const Config &C) { return 1.0 + C[0] + C[1] + C[2] + C[3]; };
  for (double Chance : {1e9, 1.0}) { // never / always mutate
    auto T = llvm::cantFail(makeTuner("kt-ga", S, false, {{"popsize", 8}, {"mutation-chance", Chance}}));
    Rng R(3);
    std::vector<Config> Parents = T->ask(100, R);
    ASSERT_EQ(Parents.size(), 8u);
    tellTimes(*T, Parents, Time);
    std::vector<Config> Children = T->ask(100, R);
    ASSERT_FALSE(Children.empty());
    size_t Mutated = 0;
    for (const Config &C : Children) {
      size_t F = foreignGenes(C, Parents);
      EXPECT_LE(F, Chance == 1.0 ? 1u : 0u);
      Mutated += F;
    }
    if (Chance == 1.0) {
      EXPECT_GT(Mutated, Children.size() / 2);
    }
  }
}
