//===- RunConfigTest.cpp - A run's configuration: validation, JSON --------===//

#include "gevo/evolve/GevoRun.h"

#include "gevo/harness/Targets.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gevo::evolve;

namespace {

RunConfig configured() {
  RunConfig C;
  C.Kernel = "k.ll";
  C.TestsDir = "/tests";
  C.Objective = {GevoMode::MultiObjective, CostKind::Modeled, 0.05};
  C.Params.PopSize = 12;
  C.Params.Generations = 7;
  C.Params.CrossRate = 0.5;
  C.Seed = 99;
  C.TimeBudgetSeconds = 600;
  C.ValidateRepeat = 3;
  C.Minimise = false;
  C.Functions = {"_Z4stepPfi", "helper"};
  C.Workers = 3;
  return C;
}

std::string messageOf(const RunConfig &C) {
  llvm::Error E = C.validate();
  return E ? llvm::toString(std::move(E)) : "";
}

TEST(RunConfig, JsonRoundTripKeepsEverySetting) {
  RunConfig C = configured();
  RunConfig Back = llvm::cantFail(RunConfig::fromJson(C.toJson()));
  EXPECT_EQ(Back.toJson(), C.toJson());
  EXPECT_EQ(Back.Objective.Mode, GevoMode::MultiObjective);
  EXPECT_EQ(Back.Params.PopSize, 12u);
  EXPECT_EQ(Back.Seed, 99u);
  EXPECT_EQ(Back.TimeBudgetSeconds, 600);
  EXPECT_FALSE(Back.Minimise);
  EXPECT_EQ(Back.Functions, C.Functions);
}

TEST(RunConfig, AbsentBudgetsStayAbsent) {
  RunConfig C;
  nlohmann::json J = C.toJson();
  EXPECT_TRUE(J["time_budget_s"].is_null());
  EXPECT_TRUE(J["max_evaluations"].is_null());
  RunConfig Back = llvm::cantFail(RunConfig::fromJson(J));
  EXPECT_TRUE(std::isinf(Back.TimeBudgetSeconds));
  EXPECT_EQ(Back.MaxEvaluations, C.MaxEvaluations);
}

TEST(RunConfig, ACorruptConfigIsAnErrorNotACrash) {
  nlohmann::json J = configured().toJson();
  J["mode"] = "fastest";
  llvm::Expected<RunConfig> Read = RunConfig::fromJson(J);
  ASSERT_FALSE(bool(Read));
  EXPECT_EQ(llvm::toString(Read.takeError()), "unknown mode or objective");
  J = configured().toJson();
  J.erase("pop");
  Read = RunConfig::fromJson(J);
  ASSERT_FALSE(bool(Read));
  EXPECT_NE(llvm::toString(Read.takeError()).find("'pop' not found"),
            std::string::npos);
  // Not an object at all (a truncated setup message parses as discarded).
  Read = RunConfig::fromJson(nlohmann::json::value_t::discarded);
  ASSERT_FALSE(bool(Read));
  llvm::consumeError(Read.takeError());
}

TEST(RunConfig, EveryRegisteredTargetIsAccepted) {
  for (const gevo::GpuTarget *T : gevo::gpuTargets()) {
    RunConfig C = configured();
    C.Target = T->Name;
    C.Objective.Cost = CostKind::Time;
    EXPECT_EQ(messageOf(C), "") << T->Name;
  }
}

TEST(RunConfig, BadValuesAreNamed) {
  EXPECT_EQ(messageOf(configured()), "");
  RunConfig C = configured();
  C.Params.Generations = 0;
  C.TimeBudgetSeconds = INFINITY;
  EXPECT_EQ(messageOf(C),
            "no budget: give `generations`, `time_budget_s` or `max_evaluations`");
  C = configured();
  C.Target = "tpu";
  EXPECT_EQ(messageOf(C), "unknown `target` 'tpu' (cpu, cuda or hip)");
  C = configured();
  C.Target = "hip";
  C.Objective.Cost = CostKind::Modeled;
  EXPECT_EQ(messageOf(C), "`objective` modeled is the cpu target's model; on "
                          "a GPU the objective is time");
  C.Objective.Cost = CostKind::Time;
  EXPECT_EQ(messageOf(C), "");
  C.Gate = "gpu";
  EXPECT_EQ(messageOf(C), "`gate` must be cpu or none, not 'gpu'");
  C = configured();
  C.ValidateRepeat = 0;
  EXPECT_EQ(messageOf(C), "`repeat` and `validate_repeat` must be at least 1");
  C = configured();
  C.Params.MutateRate = -0.1;
  EXPECT_EQ(messageOf(C), "`mutation_rate` must be in [0, 1], got -0.1");
  C = configured();
  C.Objective.ErrorTolerance = -1;
  EXPECT_EQ(messageOf(C), "`error_tolerance` must be at least 0");
}

TEST(RunConfig, DurationsTakeUnits) {
  EXPECT_EQ(parseDuration("90"), 90);
  EXPECT_EQ(parseDuration("90s"), 90);
  EXPECT_EQ(parseDuration("10m"), 600);
  EXPECT_EQ(parseDuration("1.5h"), 5400);
  for (const char *Bad : {"", "m", "10x", "-5m", "0", "inf"})
    EXPECT_FALSE(parseDuration(Bad)) << Bad;
}

} // namespace
