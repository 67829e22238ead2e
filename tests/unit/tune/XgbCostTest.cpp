//===- XgbCostTest.cpp - What bounds the xgb strategies' cost -------------===//
//
// Over a 5,000-trial run of xgb-ls on a space too large to score whole:
// refits are spaced with the history (about 30, not one per plan), the
// candidate pool stays bounded (its size set by the space's), a seed gives
// one run; xgb-sa's refits are AutoTVM's up to 704 results, then spaced;
// the pool and the continued training (update-rounds) resume
// bit-identically from a checkpoint; gevo's own trees make XGBoost's runs.
//
//===----------------------------------------------------------------------===//

#include "GridSpace.h"

#include "gevo/evolve/tune/Compare.h"

#include <gtest/gtest.h>

using namespace gevo;
using namespace gevo::evolve;
using namespace gevo::evolve::tune;
using nlohmann::json;

namespace {

/// 10^8 configs (more than xgb-ls scores whole), a smooth separable time;
/// with Fails, configs whose first value exceeds the second's by more than
/// 4 fail.
std::unique_ptr<FunctionProblem> bigProblem(bool Fails = false) {
  return std::make_unique<FunctionProblem>(
      gridSpace(8, 10), Objective{"time", false},
      [Fails](const Config &C) -> std::optional<double> {
        if (Fails && C[0] > C[1] + 4)
          return std::nullopt;
        double T = 1;
        for (size_t I = 0; I < C.size(); ++I)
          T += (I + 1) * std::abs(double(C[I]) - double(I % 10));
        return T;
      });
}

struct Trace {
  std::vector<std::string> Lines;
  std::vector<size_t> Fits; ///< History sizes the models were fit on
  json State;               ///< the strategy's state at the end
};

Trace run(const Options &Opts, uint64_t Trials, uint64_t Seed,
          const json *From = nullptr, json *Save = nullptr,
          uint64_t SaveAt = 0, const std::string &Strategy = "xgb-ls",
          bool Fails = false) {
  auto P = bigProblem(Fails);
  auto T = llvm::cantFail(makeTuner(Strategy, P->space(), false, Opts));
  EngineOptions O;
  O.Seed = Seed;
  O.Limit.Evaluations = Trials;
  O.BatchSize = findStrategy(Strategy)->BatchSize;
  Engine<Config> E(*P, *T, O);
  if (From)
    E.restore(json::parse(From->dump()));
  Trace R;
  E.OnEvaluation = [&](const LogEntry &L) { R.Lines.push_back(L.Key); };
  E.OnBatch = [&] {
    size_t FitAt = T->save()["state"]["fit_at"];
    if (FitAt && (R.Fits.empty() || R.Fits.back() != FitAt))
      R.Fits.push_back(FitAt);
    if (Save && E.evaluations() >= SaveAt && Save->is_null())
      *Save = E.save();
  };
  E.run();
  R.State = T->save()["state"];
  return R;
}

TEST(XgbCost, RefitsAreSpacedAndThePoolIsBoundedOver5000Trials) {
  Trace R = run({{"large-pool", 500}}, 5000, 1);
  ASSERT_EQ(R.Lines.size(), 5000u);
  // Every 32 results up to 224, then every 0.15 of the history: 7 + 22.
  EXPECT_LE(R.Fits.size(), 32u);
  EXPECT_GE(R.Fits.size(), 26u);
  for (size_t I = 1; I < R.Fits.size(); ++I)
    EXPECT_GE(R.Fits[I] - R.Fits[I - 1], std::max<size_t>(32, R.Fits[I - 1] * 3 / 20 - 1)) << I;
  EXPECT_LE(R.State["pool"].size(), 500u);
  EXPECT_GT(R.State["pool"].size(), 400u); // kept full: measured ones replaced
}

TEST(XgbCost, ThePoolsSizeFollowsTheSpaces) {
  // xgb-ls scores every valid config of a space of up to 8,192 (no pool
  // kept), keeps a pool of 6,144 on one of up to 100,000, and of 2,048 on
  // a larger one.
  auto PoolAfter100 = [](size_t Params, size_t Values) {
    FunctionProblem P(gridSpace(Params, Values), Objective{"time", false},
                      [](const Config &C) -> std::optional<double> {
                        double T = 1;
                        for (uint32_t V : C)
                          T += V;
                        return T;
                      });
    auto T = llvm::cantFail(makeTuner("xgb-ls", P.space(), false, {}));
    EngineOptions O;
    O.Limit.Evaluations = 100;
    O.BatchSize = findStrategy("xgb-ls")->BatchSize;
    Engine<Config> E(P, *T, O);
    E.run();
    return T->save()["state"]["pool"].size();
  };
  EXPECT_EQ(PoolAfter100(3, 20), 0u);  // 8,000 configs: scored whole
  size_t Mid = PoolAfter100(3, 30);    // 27,000
  EXPECT_LE(Mid, 6144u);
  EXPECT_GT(Mid, 6000u);
  size_t Large = PoolAfter100(4, 18);  // 104,976
  EXPECT_LE(Large, 2048u);
  EXPECT_GT(Large, 2000u);
}

TEST(XgbCost, XgbSaIsAutoTVMsTo704TrialsThenBoundsItsRefits) {
  // xgb-sa refits every 64 results on all of them, as AutoTVM does, until
  // 0.1 x the results exceeds 64 (at 704, where the plan grows to 70);
  // then after 0.1 x the results, on at most 1,000.
  Trace Bounded = run({}, 1100, 6, nullptr, nullptr, 0, "xgb-sa");
  Trace AutoTVM = run({{"refit-growth", 0}, {"train-max", 0}}, 1100, 6, nullptr, nullptr, 0,
                      "xgb-sa");
  ASSERT_EQ(Bounded.Lines.size(), 1100u);
  EXPECT_TRUE(std::equal(Bounded.Lines.begin(), Bounded.Lines.begin() + 704,
                         AutoTVM.Lines.begin()));
  EXPECT_NE(Bounded.Lines, AutoTVM.Lines);
  for (size_t I = 1; I < Bounded.Fits.size(); ++I)
    EXPECT_EQ(Bounded.Fits[I] - Bounded.Fits[I - 1],
              std::max<size_t>(64, Bounded.Fits[I - 1] / 10))
        << Bounded.Fits[I - 1];
  EXPECT_EQ(AutoTVM.Fits.size(), 1100u / 64);
  EXPECT_LT(Bounded.Fits.size(), AutoTVM.Fits.size());
}

TEST(XgbCost, UpdateRoundsRefitFreshOnlyWhenTheHistoryDoubles) {
  Trace R = run({{"large-pool", 200}, {"update-rounds", 10}}, 1000, 2);
  size_t LastFull = R.State["last_full"];
  // Fresh at 32, 64, 128, 256 and about 512 (a refit comes at the first
  // ask once the results reach it).
  EXPECT_GE(LastFull, 512u);
  EXPECT_LT(LastFull, 560u);
  for (size_t B : R.State["boosts"].get<std::vector<size_t>>())
    EXPECT_LT(B, 2 * LastFull);
  EXPECT_FALSE(R.State["boosts"].empty());
}

TEST(XgbCost, ASeedGivesOneRunAndACheckpointResumesIt) {
  for (Options Opts :
       {Options{{"large-pool", 300}}, Options{{"large-pool", 300}, {"update-rounds", 10}},
        Options{{"large-pool", 300}, {"booster", 0}, {"update-rounds", 10}}}) {
    Trace A = run(Opts, 400, 3), B = run(Opts, 400, 3);
    EXPECT_EQ(A.Lines, B.Lines);
    json Checkpoint;
    Trace Full = run(Opts, 400, 3, nullptr, &Checkpoint, 250);
    ASSERT_FALSE(Checkpoint.is_null());
    Trace Resumed = run(Opts, 400, 3, &Checkpoint);
    uint64_t Done = Checkpoint["evaluations"];
    ASSERT_EQ(Full.Lines.size(), Done + Resumed.Lines.size());
    EXPECT_EQ(
        std::vector<std::string>(Full.Lines.begin() + Done, Full.Lines.end()),
        Resumed.Lines);
  }
}

TEST(XgbCost, GevosTreesRunAsXGBoost) {
  // booster 1 (the default) grows XGBoost's trees bit for bit, so every
  // xgb strategy makes the run it makes through XGBoost's C API: with the
  // failure classifier and learned rules (xgb-ls on failing configs), with
  // annealing and with a pool.
  for (auto [Strategy, Opts] :
       {std::pair{"xgb-ls", Options{{"large-pool", 0}}}, {"xgb-ls", Options{}},
        {"xgb-sa", Options{}}}) {
    Options Xgb = Opts;
    Xgb["booster"] = 0;
    Trace Own = run(Opts, 160, 4, nullptr, nullptr, 0, Strategy, true),
          Theirs = run(Xgb, 160, 4, nullptr, nullptr, 0, Strategy, true);
    ASSERT_EQ(Own.Lines.size(), 160u) << Strategy;
    EXPECT_EQ(Own.Lines, Theirs.Lines) << Strategy;
  }
}

TEST(XgbCost, RulesFirstMakesTheSamePlans) {
  // On a Cartesian product scored whole, with a learned rule (P0 >= P1:
  // the others fail), xgb-ls scores the configs that break no rule first
  // and the others only when those do not fill the plan's diverse picks
  // (`rules-first`). Its runs must be those of scoring every candidate:
  // with 4 parameters of 9 values (each plan filled by configs that break
  // no rule) and with 3 of 12 (never: too few of them differ pairwise in 3
  // parameters, and the plans include configs that break the rule).
  for (auto [Params, Values] : {std::pair{4, 9}, {3, 12}}) {
    auto Lines = [&](bool RulesFirst) {
      FunctionProblem P(gridSpace(Params, Values, 1), Objective{"time", false},
                        [](const Config &C) -> std::optional<double> {
                          if (C[0] < C[1])
                            return std::nullopt;
                          double T = 1;
                          for (size_t I = 0; I < C.size(); ++I)
                            T += (I + 1) * std::abs(double(C[I]) - 5.0);
                          return T;
                        });
      auto T = llvm::cantFail(
          makeTuner("xgb-ls", P.space(), false,
                    {{"rules-first", RulesFirst ? 1 : 0}, {"exhaustive", 10000}}));
      EngineOptions O;
      O.Seed = 7;
      O.Limit.Evaluations = 200;
      O.BatchSize = findStrategy("xgb-ls")->BatchSize;
      Engine<Config> E(P, *T, O);
      std::vector<std::string> Out;
      E.OnEvaluation = [&](const LogEntry &L) { Out.push_back(L.Key); };
      E.run();
      return Out;
    };
    std::vector<std::string> First = Lines(true), All = Lines(false);
    ASSERT_EQ(First.size(), 200u) << Params;
    EXPECT_EQ(First, All) << Params;
  }
}

} // namespace
