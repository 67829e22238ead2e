//===- ReplayTest.cpp - Kernel Tuner cache and T4 files as problems --------===//

#include "ErrorText.h"

#include "gevo/evolve/tune/Replay.h"

#include <gtest/gtest.h>

#include <set>

using namespace gevo;
using namespace gevo::evolve;
using namespace gevo::evolve::tune;
using nlohmann::json;

namespace {

std::string data(const std::string &Name) {
  return std::string(GEVO_TUNE_TEST_DATA "/") + Name;
}

Evaluation evaluate(ReplayProblem &P, const json &Cfg) {
  std::optional<Config> C = P.space().parse(Cfg);
  if (!C) {
    ADD_FAILURE() << "not in the space: " << Cfg.dump();
    return {};
  }
  Prepared Pr = P.prepare(*C);
  if (Pr.Failed)
    return *Pr.Failed;
  return P.measure({&Pr}).at(0);
}

std::string errorOf(const std::string &Name) {
  return errorText(ReplayProblem::load(data(Name)));
}

class Formats : public ::testing::TestWithParam<const char *> {};

} // namespace

TEST_P(Formats, ReadsSpaceValuesFailuresAndCosts) {
  auto P = llvm::cantFail(ReplayProblem::load(data(GetParam())));
  const Space &S = P->space();
  ASSERT_EQ(S.size(), 3u);
  EXPECT_EQ(S.param(0).name(), "A");
  EXPECT_EQ(S.param(0).kind(), ParamKind::Discrete);
  EXPECT_EQ(S.param(1).size(), 3u);
  EXPECT_EQ(S.param(2).kind(), ParamKind::Categorical);
  EXPECT_EQ(P->recorded(), 22u);
  EXPECT_EQ(P->failedCount(), 1u);
  EXPECT_EQ(P->objective().Name, "time");
  EXPECT_FALSE(P->objective().HigherIsBetter);
  EXPECT_DOUBLE_EQ(P->optimum().value(), 1.0);

  Evaluation Best = evaluate(*P, {{"A", 4}, {"B", 32}, {"C", "x"}});
  ASSERT_EQ(Best.S, Status::Ok);
  EXPECT_DOUBLE_EQ(valueOf(Best, false), 1.0);
  EXPECT_GT(Best.CostSeconds, 0);
  Evaluation Failed = evaluate(*P, {{"A", 1}, {"B", 16}, {"C", "x"}});
  EXPECT_EQ(Failed.S, Status::CompileFail);
  EXPECT_EQ(fitnessOf(Failed, false), 0);
  Evaluation Absent = evaluate(*P, {{"A", 8}, {"B", 64}, {"C", "y"}});
  EXPECT_EQ(Absent.S, Status::NotApplicable);
  EXPECT_FALSE(S.satisfies(*S.parse(json{{"A", 8}, {"B", 64}, {"C", "y"}})));
}

INSTANTIATE_TEST_SUITE_P(Replay, Formats,
                         ::testing::Values("toy-cache.json", "toy-cache.json.gz",
                                           "toy-t4.json", "toy-t4.json.gz"));

TEST(Replay, CacheCostsAreCompilePlusRunMilliseconds) {
  auto P = llvm::cantFail(ReplayProblem::load(data("toy-cache.json")));
  Evaluation E = evaluate(*P, {{"A", 4}, {"B", 32}, {"C", "x"}});
  EXPECT_NEAR(E.CostSeconds, (100 + 0.9 + 1 + 1.1) / 1000, 1e-12);
}

TEST(Replay, SimulatedBudgetStopsTheEngine) {
  auto P = llvm::cantFail(ReplayProblem::load(data("toy-cache.json")));
  struct AllInOrder : Strategy<Config> {
    const Space &S;
    uint64_t Next = 0;
    explicit AllInOrder(const Space &S) : S(S) {}
    std::vector<Config> ask(size_t N, Rng &) override {
      std::vector<Config> Out;
      while (Out.size() < N && Next < S.members().size())
        Out.push_back(S.decode(S.members()[Next++]));
      return Out;
    }
    void tell(const std::vector<Config> &, const std::vector<Evaluation> &) override {}
    json save() const override { return Next; }
    void restore(const json &J) override { Next = J; }
  } St(P->space());
  EngineOptions O;
  O.BatchSize = 1;
  O.Limit.Simulated = true;
  O.Limit.Seconds = 0.35; // each config costs about 0.1 s
  Engine<Config> E(*P, St, O);
  E.run();
  EXPECT_EQ(E.evaluations(), 4u);
  EXPECT_GE(E.simulatedSeconds(), 0.35);
}

TEST(Replay, ThroughputMetricIsHigherIsBetter) {
  ReplayOptions O;
  O.Metric = "GFLOP/s";
  auto P = llvm::cantFail(ReplayProblem::load(data("toy-cache.json.gz"), O));
  EXPECT_TRUE(P->objective().HigherIsBetter);
  EXPECT_DOUBLE_EQ(P->optimum().value(), 100.0);
  Evaluation E = evaluate(*P, {{"A", 4}, {"B", 32}, {"C", "x"}});
  EXPECT_DOUBLE_EQ(valueOf(E, true), 100.0);
  EXPECT_DOUBLE_EQ(E.Objectives[0], -100.0); // the engine minimises
  EXPECT_DOUBLE_EQ(fitnessOf(E, true), 100.0);
}

TEST(Replay, NoiseDrawsFromTheRepeats) {
  ReplayOptions O;
  O.Noise = true;
  auto P = llvm::cantFail(ReplayProblem::load(data("toy-cache.json"), O));
  std::set<double> Seen;
  for (int I = 0; I < 50; ++I)
    Seen.insert(valueOf(evaluate(*P, {{"A", 4}, {"B", 32}, {"C", "x"}}), false));
  EXPECT_EQ(Seen, (std::set<double>{0.9, 1.0, 1.1}));
}

TEST(Replay, UnrestrictedSpaceIsTheFullProduct) {
  ReplayOptions O;
  O.Restrict = false;
  auto P = llvm::cantFail(ReplayProblem::load(data("toy-t4.json"), O));
  EXPECT_FALSE(P->space().restricted());
  EXPECT_EQ(P->space().cardinality(), 24u);
  EXPECT_EQ(evaluate(*P, {{"A", 8}, {"B", 64}, {"C", "y"}}).S, Status::NotApplicable);
}

TEST(Replay, MalformedFilesAreOneLineErrors) {
  for (const char *Bad : {"truncated.json", "missing-time.json", "missing-param.json",
                          "corrupt.json.gz", "neither.json", "no-such-file.json"}) {
    std::string Msg = errorOf(Bad);
    EXPECT_NE(Msg, "no error") << Bad;
    EXPECT_EQ(Msg.find('\n'), std::string::npos) << Msg;
    EXPECT_NE(Msg.find(Bad), std::string::npos) << Msg; // names the file
  }
  EXPECT_NE(errorOf("missing-time.json").find("has no \"time\""), std::string::npos);
  EXPECT_NE(errorOf("missing-param.json").find("lacks parameter 'B'"), std::string::npos);
  EXPECT_NE(errorOf("truncated.json").find("not valid JSON"), std::string::npos);
}
