//===- StrategyTest.cpp - Every registered strategy, on a structured toy ---===//
//
// Each strategy: the budget is exact, no config is measured twice, a seed
// gives the same run, a checkpoint resumes bit-identically, both
// directions give the same search, and (where expected) it beats random
// search on a smooth objective.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Compare.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

using namespace gevo;
using namespace gevo::evolve;
using namespace gevo::evolve::tune;
using nlohmann::json;

namespace {

Space toySpace() {
  return llvm::cantFail(Space::fromJson(
      {{"name", "toy"},
       {"params",
        {{{"name", "A"}, {"kind", "factorization"}, {"total", 64}, {"slots", 3}},
         {{"name", "B"}, {"kind", "factorization"}, {"total", 32}, {"slots", 3}},
         {{"name", "U"}, {"kind", "discrete"}, {"values", {1, 2, 3, 4, 5, 6, 7, 8}}},
         {{"name", "E"}, {"kind", "categorical"}, {"values", {"a", "b", "c"}}}}},
       {"constraints", {{{"product", {"A[2]", "B[2]"}}, {"max", 256}}}}},
      "toy"));
}

/// A smooth time (optimum 1) that fails when A[0] is 64.
std::optional<double> toyTime(const Space &S, const Config &C) {
  std::vector<double> R = S.raw(C);
  if (R[0] == 64)
    return std::nullopt;
  auto Sq = [](double X) { return X * X; };
  return 1 + Sq(std::log2(R[0]) - 2) + Sq(std::log2(R[1]) - 3) +
         0.5 * Sq(std::log2(R[4]) - 2) + 0.2 * std::fabs(R[6] - 5) +
         (R[7] == 1 ? 0 : 0.5);
}

std::unique_ptr<FunctionProblem> toyProblem(bool HigherIsBetter) {
  Space S = toySpace();
  Space Copy = S;
  return std::make_unique<FunctionProblem>(
      std::move(S), Objective{HigherIsBetter ? "speed" : "time", HigherIsBetter},
      [Copy, HigherIsBetter](const Config &C) -> std::optional<double> {
        auto T = toyTime(Copy, C);
        if (T && HigherIsBetter)
          return 1 / *T;
        return T;
      },
      0.01);
}

struct Log {
  std::vector<std::string> Lines;
  RunResult R;
};

Log run(const std::string &Strategy, uint64_t Seed, uint64_t Trials,
        bool Hib = false) {
  auto P = toyProblem(Hib);
  Log L;
  RunOptions O;
  O.Strategy = Strategy;
  O.Seed = Seed;
  O.Limit.Evaluations = Trials;
  O.OnEvaluation = [&](const LogEntry &E) {
    L.Lines.push_back(E.Key + " " + std::string(statusName(E.Result.S)) +
                      (E.Result.Cached ? " cached" : ""));
  };
  L.R = llvm::cantFail(runTuner(*P, O));
  return L;
}

class EachStrategy : public ::testing::TestWithParam<std::string> {};

std::vector<std::string> names() {
  std::vector<std::string> N;
  for (const StrategyInfo *I : strategies())
    N.push_back(I->Name);
  return N;
}

} // namespace

TEST_P(EachStrategy, ExactBudgetAndNoRepeats) {
  Log L = run(GetParam(), 1, 250);
  EXPECT_EQ(L.Lines.size(), 250u);
  EXPECT_EQ(L.R.Trials, 250u);
  std::set<std::string> Keys;
  for (const std::string &Line : L.Lines) {
    EXPECT_EQ(Line.find("cached"), std::string::npos) << Line;
    EXPECT_TRUE(Keys.insert(Line.substr(0, Line.find(' '))).second) << Line;
    EXPECT_EQ(Line.find("not_applicable"), std::string::npos)
        << "constraints are checked before measuring: " << Line;
  }
}

TEST_P(EachStrategy, SameSeedSameRun) {
  Log A = run(GetParam(), 7, 150), B = run(GetParam(), 7, 150);
  EXPECT_EQ(A.Lines, B.Lines);
  if (GetParam() != "grid") {
    Log C = run(GetParam(), 8, 150);
    EXPECT_NE(A.Lines, C.Lines);
  }
}

TEST_P(EachStrategy, BothDirectionsSearchAlike) {
  // Time t and speed 1/t give the same fitness, hence the same run.
  Log Time = run(GetParam(), 3, 150, false), Speed = run(GetParam(), 3, 150, true);
  EXPECT_EQ(Time.Lines, Speed.Lines);
  ASSERT_FALSE(std::isnan(Time.R.BestValue));
  EXPECT_NEAR(Time.R.BestValue, 1 / Speed.R.BestValue, 1e-12);
}

TEST_P(EachStrategy, CheckpointResumesIdentically) {
  auto Run = [&](const json *From, json *Save, std::vector<std::string> &Lines) {
    auto P = toyProblem(false);
    auto T = llvm::cantFail(makeTuner(GetParam(), P->space(), false));
    EngineOptions O;
    O.Seed = 5;
    O.Limit.Evaluations = 160;
    O.BatchSize = findStrategy(GetParam())->BatchSize;
    Engine<Config> E(*P, *T, O);
    if (From)
      E.restore(json::parse(From->dump())); // through text, as on disk
    E.OnEvaluation = [&](const LogEntry &L) { Lines.push_back(L.Key); };
    E.OnBatch = [&] {
      if (Save && E.evaluations() >= 60 && Save->is_null())
        *Save = E.save();
    };
    E.run();
  };
  std::vector<std::string> Full, Resumed, Ignored;
  json Checkpoint;
  Run(nullptr, &Checkpoint, Full);
  ASSERT_FALSE(Checkpoint.is_null());
  Run(&Checkpoint, nullptr, Resumed);
  uint64_t Done = Checkpoint["evaluations"];
  ASSERT_EQ(Full.size(), Done + Resumed.size());
  EXPECT_EQ(std::vector<std::string>(Full.begin() + Done, Full.end()), Resumed);
}

TEST_P(EachStrategy, BeatsRandomOnASmoothObjective) {
  if (GetParam() == "random" || GetParam() == "grid")
    GTEST_SKIP() << GetParam() << " is not expected to beat random search";
  double Mine = 0, Random = 0;
  const int Seeds = 8;
  for (int Seed = 0; Seed < Seeds; ++Seed) {
    Mine += run(GetParam(), 100 + Seed, 400).R.BestValue / Seeds;
    Random += run("random", 100 + Seed, 400).R.BestValue / Seeds;
  }
  EXPECT_LT(Mine, Random) << GetParam() << " mean best " << Mine
                          << " vs random " << Random;
}

INSTANTIATE_TEST_SUITE_P(Tune, EachStrategy, ::testing::ValuesIn(names()),
                         [](const auto &I) {
                           std::string N = I.param;
                           for (char &C : N)
                             if (C == '-')
                               C = '_';
                           return N;
                         });

/// The one-line message of a makeTuner that must fail.
std::string makeError(const std::string &Name, const Options &O) {
  llvm::Expected<std::unique_ptr<Tuner>> T = makeTuner(Name, toySpace(), false, O);
  return T ? "(no error)" : llvm::toString(T.takeError());
}

TEST(Registry, UnknownNamesAndBadValuesAreErrors) {
  EXPECT_EQ(makeError("nope", {}).rfind("unknown strategy 'nope' (known: random, grid,", 0), 0u);
  EXPECT_EQ(makeError("opevo", {{"nope", 1}}), "opevo: unknown option 'nope'");
  EXPECT_EQ(makeError("opevo", {{"q", 1.5}}), "opevo: q must be in [0, 0.999], got 1.5");
  EXPECT_EQ(makeError("xgb-ls", {{"local-top", 0}}), "xgb-ls: local-top must be in [1, 1e+06], got 0");
  EXPECT_EQ(makeError("opevo", {{"q", 0.999}}), "(no error)"); // the bounds are inside
  for (const StrategyInfo *I : strategies()) {
    EXPECT_FALSE(I->Help.empty());
    EXPECT_GT(I->BatchSize, 0u);
    for (const OptionInfo &O : I->Opts) // every default is a value a user may give
      EXPECT_TRUE(O.Default >= O.Range.Lo && O.Default <= O.Range.Hi) << I->Name << " " << O.Name;
  }
}

TEST(Registry, GbfsStartsUntiledAndStopsWhenTheSpaceIsUsedUp) {
  Space S;
  llvm::cantFail(S.add(Param::factorization("N", 8, 3)));
  Space Copy = S;
  FunctionProblem P(std::move(S), {}, [](const Config &C) { return 1.0 + C[0]; });
  RunOptions O;
  O.Strategy = "gbfs";
  std::vector<json> Seen;
  O.OnEvaluation = [&](const LogEntry &L) { Seen.push_back(L.Genome); };
  RunResult R = llvm::cantFail(runTuner(P, O));
  ASSERT_FALSE(Seen.empty());
  EXPECT_EQ(Seen[0], json({{"N", {8, 1, 1}}}));
  EXPECT_EQ(R.Trials, 10u); // the whole graph, then nothing is left to restart from
}

/// The first configs G-BFS measures on a space without factorizations.
std::vector<json> gbfsRun(const Options &Opts, uint64_t Seed, uint64_t Trials,
                          std::vector<uint64_t> Members = {}) {
  Space S;
  llvm::cantFail(S.add(Param::discrete("A", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})));
  llvm::cantFail(S.add(Param::discrete("B", {1, 2, 4, 8})));
  if (!Members.empty())
    S.restrictTo(Members);
  FunctionProblem P(std::move(S), {}, [](const Config &C) { return 1.0 + C[0] + C[1]; });
  RunOptions O;
  O.Strategy = "gbfs";
  O.Opts = Opts;
  O.Seed = Seed;
  O.Limit.Evaluations = Trials;
  std::vector<json> Seen;
  O.OnEvaluation = [&](const LogEntry &L) { Seen.push_back(L.Genome); };
  llvm::cantFail(runTuner(P, O));
  return Seen;
}

TEST(Registry, GbfsStartIsSeededWithoutAnUntiledConfig) {
  std::set<std::string> Starts;
  for (uint64_t Seed = 0; Seed < 8; ++Seed)
    Starts.insert(gbfsRun({}, Seed, 1).at(0).dump());
  EXPECT_GT(Starts.size(), 3u);
}

TEST(Registry, GbfsRestartsWhenItsQueueEmpties) {
  // Two islands not linked by one-step moves: A in {0, 1} or {7, 8}, B = 1.
  std::vector<uint64_t> Members;
  for (uint32_t A : {0u, 1u, 7u, 8u}) {
    Space S;
    llvm::cantFail(S.add(Param::discrete("A", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})));
    llvm::cantFail(S.add(Param::discrete("B", {1, 2, 4, 8})));
    Members.push_back(S.encode({A, 0}));
  }
  std::sort(Members.begin(), Members.end());
  EXPECT_EQ(gbfsRun({}, 1, 10, Members).size(), 4u); // both islands
}

TEST(Registry, GbfsRestartsAfterStagnating) {
  // A flat objective on a line of 200 values: G-BFS only ever measures
  // neighbours of measured configs, so every trial after the first is next
  // to an earlier one; with restart 3 it jumps to a random config after
  // three trials without a gain.
  auto Jumps = [](const Options &Opts, uint64_t Seed) {
    Space S;
    std::vector<double> Values;
    for (int I = 0; I < 200; ++I)
      Values.push_back(I);
    llvm::cantFail(S.add(Param::discrete("A", Values)));
    FunctionProblem P(std::move(S), {}, [](const Config &) { return 1.0; });
    RunOptions O;
    O.Strategy = "gbfs";
    O.Opts = Opts;
    O.Seed = Seed;
    O.Limit.Evaluations = 40;
    std::set<int> Seen;
    size_t N = 0;
    O.OnEvaluation = [&](const LogEntry &L) {
      int A = L.Genome["A"].get<int>();
      N += !Seen.empty() && !Seen.count(A - 1) && !Seen.count(A + 1);
      Seen.insert(A);
    };
    EXPECT_EQ(llvm::cantFail(runTuner(P, O)).Trials, 40u);
    return N;
  };
  for (uint64_t Seed = 0; Seed < 3; ++Seed) {
    EXPECT_EQ(Jumps({}, Seed), 0u);
    EXPECT_GT(Jumps({{"restart", 3}}, Seed), 3u);
  }
}

TEST(Registry, GaNoseAndRandomShareTheirFirstTrialsForASeed) {
  // Documented (evolve/tune/README.md): their first generations are
  // uniform random draws from the engine's generator, so for one seed they
  // are the same configs (common random numbers across strategies).
  Log G = run("ga", 4, 30), N = run("nose", 4, 30), R = run("random", 4, 30);
  EXPECT_EQ(G.Lines, R.Lines);
  EXPECT_EQ(N.Lines, R.Lines);
}

/// Tells T fitness-bearing results (the toy time) for its asked configs.
void tellToy(Tuner &T, const Space &S, const std::vector<Config> &Asked) {
  std::vector<Evaluation> Results;
  for (const Config &C : Asked) {
    std::optional<double> V = toyTime(S, C);
    Evaluation E = V ? makeEvaluation(*V, false) : Evaluation{};
    if (!V)
      E.S = Status::CompileFail;
    Results.push_back(E);
  }
  T.tell(Asked, Results);
}

TEST(Registry, XgbRefitsAfterEveryPlanWhateverTheBatch) {
  Space S = toySpace();
  auto T = llvm::cantFail(makeTuner("xgb-sa", S, false, {{"plan", 8}}));
  Rng R(1);
  std::vector<Config> First = T->ask(64, R);
  EXPECT_EQ(First.size(), 8u); // not past the first fit
  tellToy(*T, S, First);
  EXPECT_EQ(T->ask(64, R).size(), 8u);
}

TEST(Registry, XgbDivPlansConfigsApart) {
  Space S = toySpace();
  for (double Exhaustive : {0.0, 1e6}) { // annealing, then scoring all
    auto T = llvm::cantFail(makeTuner("xgb-div", S, false,
                       {{"plan", 16}, {"eps", 0}, {"exhaustive", Exhaustive}, {"diversity", 2}}));
    Rng R(2);
    tellToy(*T, S, T->ask(16, R));
    std::vector<Config> Plan = T->ask(16, R);
    ASSERT_EQ(Plan.size(), 16u);
    for (size_t I = 0; I < Plan.size(); ++I)
      for (size_t J = 0; J < I; ++J) {
        size_t D = 0;
        for (size_t K = 0; K < S.size(); ++K)
          D += Plan[I][K] != Plan[J][K];
        EXPECT_GE(D, 2u) << "exhaustive " << Exhaustive;
      }
  }
}

/// How many of Plan's first N configs are one or two parameters away from Best.
size_t movesFrom(const Space &S, const Config &Best, const std::vector<Config> &Plan, size_t N) {
  size_t Moves = 0;
  for (size_t I = 0; I < N && I < Plan.size(); ++I) {
    size_t Changed = 0;
    for (size_t K = 0; K < S.size(); ++K)
      Changed += Plan[I][K] != Best[K];
    Moves += Changed == 1 || Changed == 2;
  }
  return Moves;
}

/// The best measured config of History.
Config bestOf(const Space &S, const std::vector<Config> &History) {
  Config Best;
  double BestTime = INFINITY;
  for (const Config &C : History)
    if (auto V = toyTime(S, C); V && *V < BestTime)
      BestTime = *V, Best = C;
  return Best;
}

TEST(Registry, XgbLsLeadsEachPlanWithMovesFromTheBest) {
  Space S = toySpace();
  // Per local-pairs: how many of the local moves change two parameters.
  std::vector<size_t> TwoParameterMoves;
  for (double Pairs : {0.0, 1.0}) {
    auto T = llvm::cantFail(makeTuner(
        "xgb-ls", S, false,
        {{"plan", 16}, {"eps", 0}, {"local", 12}, {"local-top", 1}, {"local-pairs", Pairs},
         {"local-ok", 0}}));
    Rng R(3);
    std::vector<Config> First = T->ask(16, R);
    tellToy(*T, S, First);
    Config Best = bestOf(S, First);
    std::vector<Config> Plan = T->ask(16, R);
    ASSERT_EQ(Plan.size(), 16u);
    size_t Two = 0;
    for (size_t I = 0; I < 12; ++I) {
      std::vector<size_t> Changed;
      for (size_t K = 0; K < S.size(); ++K)
        if (Plan[I][K] != Best[K])
          Changed.push_back(K);
      if (Changed.size() == 2) {
        ++Two;
        for (size_t K : Changed) { // each one step along its graph
          const std::vector<uint32_t> &N = S.param(K).neighbours(Best[K]);
          EXPECT_NE(std::find(N.begin(), N.end(), Plan[I][K]), N.end()) << "planned " << I;
        }
      } else {
        EXPECT_EQ(Changed.size(), 1u) << "planned config " << I;
      }
    }
    TwoParameterMoves.push_back(Two);
  }
  EXPECT_EQ(TwoParameterMoves[0], 0u);
  EXPECT_GT(TwoParameterMoves[1], 0u);
}

TEST(Registry, XgbLsLeadsPlansWithLocalMovesOnceEnoughResultsSucceeded) {
  Space S = toySpace();
  // local-ok 20: the plan fit on the first 16 results (at most 16
  // successes) is the model's picks alone, the plan of `local 0`; the one
  // fit on 32 (toy configs rarely fail) is led by the 12 moves.
  Options Common = {{"plan", 16}, {"eps", 0}, {"local", 12}, {"local-top", 1}};
  auto Gated = Common, NoLocal = Common;
  Gated["local-ok"] = 20, NoLocal["local"] = 0;
  auto T = llvm::cantFail(makeTuner("xgb-ls", S, false, Gated));
  auto U = llvm::cantFail(makeTuner("xgb-ls", S, false, NoLocal));
  Rng R(5), Q(5);
  std::vector<Config> History = T->ask(16, R);
  ASSERT_EQ(U->ask(16, Q), History);
  tellToy(*T, S, History), tellToy(*U, S, History);
  std::vector<Config> First = T->ask(16, R);
  EXPECT_EQ(First, U->ask(16, Q));
  History.insert(History.end(), First.begin(), First.end());
  tellToy(*T, S, First);
  std::vector<Config> Second = T->ask(16, R);
  EXPECT_EQ(movesFrom(S, bestOf(S, History), Second, 12), 12u);
}

TEST(Registry, XgbRefitsSpreadOutWithRefitGrowth) {
  Space S = toySpace();
  auto T = llvm::cantFail(makeTuner("xgb-ls", S, false, {{"plan", 8}, {"refit-growth", 1}}));
  Rng R(4);
  std::vector<size_t> Sizes;
  for (int Fit = 0; Fit < 4; ++Fit) {
    std::vector<Config> Asked = T->ask(1000, R);
    Sizes.push_back(Asked.size());
    tellToy(*T, S, Asked);
  }
  // Refits after 8, 16, 32 and 64 results: each plan as long as the history.
  EXPECT_EQ(Sizes, (std::vector<size_t>{8, 8, 16, 32}));
}
