//===- EngineTest.cpp - The ask/tell engine: cache, budget, determinism ---===//

#include "gevo/evolve/Engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

using namespace gevo;
using namespace gevo::evolve;

namespace {

/// Genomes are integers; what they "are" is the value mod 10, and that is
/// also the objective, so genomes 3 and 13 share one cache entry.
struct ModTen : Problem<int> {
  std::atomic<int> Measured{0};
  std::vector<size_t> BatchSizes;
  Prepared prepare(const int &G) const override {
    Prepared P;
    P.Key = std::to_string(G % 10);
    if (G < 0) {
      Evaluation E;
      E.S = Status::NotApplicable;
      P.Failed = E;
    }
    return P;
  }
  std::vector<Evaluation> measure(const std::vector<const Prepared *> &B) override {
    BatchSizes.push_back(B.size());
    std::vector<Evaluation> Out;
    for (const Prepared *P : B) {
      ++Measured;
      Evaluation E;
      E.Objectives = {double(std::stoi(P->Key))};
      E.CostSeconds = 0.5;
      Out.push_back(E);
    }
    return Out;
  }
  nlohmann::json describe(const int &G) const override { return G; }
};

/// Asks uniformly random genomes; remembers the best objective told.
struct RandomInts : Strategy<int> {
  double Best = 1e9;
  std::vector<int> ask(size_t N, Rng &R) override {
    std::vector<int> Out;
    for (size_t I = 0; I < N; ++I)
      Out.push_back(int(R.below(100)));
    return Out;
  }
  void tell(const std::vector<int> &, const std::vector<Evaluation> &Rs) override {
    for (const Evaluation &E : Rs)
      if (E.S == Status::Ok)
        Best = std::min(Best, E.Objectives[0]);
  }
  nlohmann::json save() const override { return Best; }
  void restore(const nlohmann::json &J) override { Best = J; }
};

/// ModTen prepared and measured elsewhere (as on the ranks of an MPI job):
/// every candidate that prepares is measured, cached key or not.
struct ModTenElsewhere : ModTen {
  std::optional<std::vector<Resolved>>
  resolveAndMeasure(std::vector<int> &Batch) override {
    std::vector<Resolved> Out;
    for (int &G : Batch) {
      Prepared Pr = resolve(G);
      std::optional<Evaluation> M;
      if (!Pr.Failed)
        M = measure({&Pr}).front();
      Out.push_back({Pr, M});
    }
    return Out;
  }
};

/// Options for \p Evaluations candidates in batches of \p BatchSize.
EngineOptions options(size_t Evaluations, size_t BatchSize, uint64_t Seed = 0) {
  EngineOptions O;
  O.Seed = Seed;
  O.Limit.Evaluations = Evaluations;
  O.BatchSize = BatchSize;
  return O;
}

/// ModTen searched by RandomInts under options \p O.
struct ModTenRun {
  ModTen P;
  RandomInts S;
  Engine<int> E;
  explicit ModTenRun(const EngineOptions &O) : E(P, S, O) {}
};

/// A log line: index, genome, key and whether the cache answered.
std::string logLine(const LogEntry &L) {
  return std::to_string(L.Index) + " " + L.Genome.dump() + " " + L.Key +
         (L.Result.Cached ? " cached" : "");
}

template <class P = ModTen>
std::vector<std::string> runLog(EngineOptions O, unsigned StopAfterBatches = 0,
                                nlohmann::json *Checkpoint = nullptr,
                                const nlohmann::json *From = nullptr) {
  P Prob;
  ModTen &P_ = Prob;
  RandomInts S;
  Engine<int> E(P_, S, O);
  if (From)
    E.restore(*From);
  std::vector<std::string> Log;
  E.OnEvaluation = [&](const LogEntry &L) { Log.push_back(logLine(L)); };
  if (StopAfterBatches) {
    E.OnBatch = [&] {
      if (E.batches() == StopAfterBatches)
        *Checkpoint = E.save();
    };
  }
  E.run();
  return Log;
}

TEST(Engine, CacheAnswersEqualKeysAndMeasuresEachKeyOnce) {
  ModTenRun R(options(200, 50));
  R.E.run();
  EXPECT_EQ(R.E.evaluations(), 200u);
  EXPECT_EQ(R.P.Measured.load(), 10); // ten distinct keys
  EXPECT_EQ(R.E.cacheHits(), 190u);
  EXPECT_EQ(R.S.Best, 0);
  for (size_t B : R.P.BatchSizes)
    EXPECT_LE(B, 10u); // duplicates within a batch are not measured twice
}

TEST(Engine, BudgetIsExact) {
  ModTenRun R(options(37, 16));
  R.E.run();
  EXPECT_EQ(R.E.evaluations(), 37u);
  EXPECT_EQ(R.E.batches(), 3u);
}

TEST(Engine, SimulatedTimeBudgetCountsMeasurementCost) {
  EngineOptions O;
  O.Limit.Seconds = 2.0; // four fresh measurements at 0.5 s
  O.Limit.Simulated = true;
  O.BatchSize = 1;
  ModTenRun R(O);
  R.E.run();
  EXPECT_EQ(R.P.Measured.load(), 4);
  EXPECT_DOUBLE_EQ(R.E.simulatedSeconds(), 2.0);
}

TEST(Engine, FailedPreparationIsNotMeasured) {
  struct Negatives : RandomInts {
    std::vector<Evaluation> Seen;
    std::vector<int> ask(size_t N, Rng &) override { return {-1, -11, 4}; }
    void tell(const std::vector<int> &, const std::vector<Evaluation> &Rs) override {
      Seen = Rs;
    }
  };
  ModTen P;
  Negatives S;
  EngineOptions O;
  O.Limit.Evaluations = 3;
  Engine<int> E(P, S, O);
  E.run();
  ASSERT_EQ(S.Seen.size(), 3u);
  EXPECT_EQ(S.Seen[0].S, Status::NotApplicable);
  EXPECT_FALSE(S.Seen[0].Cached);
  EXPECT_TRUE(S.Seen[1].Cached); // -11 % 10 == -1: the same key
  EXPECT_EQ(S.Seen[2].S, Status::Ok);
  EXPECT_EQ(P.Measured.load(), 1);
}

TEST(Engine, SameSeedSameLogWithAnyThreadCount) {
  EngineOptions O = options(300, 32, /*Seed=*/42);
  O.Threads = 1;
  auto One = runLog(O);
  O.Threads = 2;
  EXPECT_EQ(One, runLog(O));
  O.Seed = 43;
  EXPECT_NE(One, runLog(O));
}

TEST(Engine, ResumeFromCheckpointContinuesIdentically) {
  EngineOptions O = options(100, 10, /*Seed=*/7);
  nlohmann::json Checkpoint;
  auto Whole = runLog(O, 4, &Checkpoint);
  ASSERT_FALSE(Checkpoint.is_null());
  // Round trip through text, as a checkpoint file would.
  nlohmann::json Reloaded = nlohmann::json::parse(Checkpoint.dump());
  auto Rest = runLog(O, 0, nullptr, &Reloaded);
  ASSERT_EQ(Rest.size(), 60u);
  EXPECT_TRUE(std::equal(Rest.begin(), Rest.end(), Whole.begin() + 40));
}

// Candidates prepared and measured elsewhere (resolveAndMeasure) log
// exactly as those prepared here: the first result of a key is kept, a
// cached key's fresh measurement is dropped.
TEST(Engine, ResolvedElsewhereLogsAsResolvedHere) {
  EngineOptions O = options(120, 16, /*Seed=*/11);
  std::vector<std::string> Here = runLog(O);
  EXPECT_EQ(runLog<ModTenElsewhere>(O), Here);
  EXPECT_NE(std::count_if(Here.begin(), Here.end(),
                          [](const std::string &L) {
                            return L.find("cached") != std::string::npos;
                          }),
            0);
}

// A checkpoint without the cache, the cache put back from the logged first
// results (remember), continues as one with it.
TEST(Engine, CheckpointWithoutCacheResumesWithRememberedResults) {
  EngineOptions O = options(100, 10, /*Seed=*/7);
  ModTenRun Run(O);
  Engine<int> &E = Run.E;
  nlohmann::json Checkpoint;
  std::vector<std::pair<std::string, Evaluation>> Firsts;
  std::vector<std::string> Whole;
  E.OnEvaluation = [&](const LogEntry &L) {
    Whole.push_back(logLine(L));
    if (!L.Result.Cached && E.batches() < 4)
      Firsts.push_back({L.Key, L.Result});
  };
  E.OnBatch = [&] {
    if (E.batches() == 4)
      Checkpoint = nlohmann::json::parse(E.save(/*WithCache=*/false).dump());
  };
  E.run();
  ASSERT_FALSE(Checkpoint.contains("cache"));
  ModTenRun Again(O);
  Engine<int> &Resumed = Again.E;
  Resumed.restore(Checkpoint);
  for (const auto &[Key, R] : Firsts)
    Resumed.remember(Key, R);
  std::vector<std::string> Rest;
  Resumed.OnEvaluation = [&](const LogEntry &L) { Rest.push_back(logLine(L)); };
  Resumed.run();
  ASSERT_EQ(Rest.size(), 60u);
  EXPECT_TRUE(std::equal(Rest.begin(), Rest.end(), Whole.begin() + 40));
  EXPECT_EQ(Again.P.Measured.load(), 0); // every key had been seen: all cached
}

} // namespace
