//===- XgbEscapeTest.cpp - xgb-ls leaving the incumbent's basin -----------===//
//
// With `escape` k, a plan made when the last k results found no new best
// holds no local move and no config within `escape-far` parameters of the
// best measured (while farther ones are left); before k such results the
// plan is led by the local moves as without; a run with escape resumes
// bit-identically from a checkpoint. With `local-spread` d the local
// moves are those of the best measured configs that differ pairwise in at
// least d parameters.
//
//===----------------------------------------------------------------------===//

#include "GridSpace.h"

#include "gevo/evolve/tune/Compare.h"

#include <gtest/gtest.h>

#include <numeric>

using namespace gevo;
using namespace gevo::evolve;
using namespace gevo::evolve::tune;
using nlohmann::json;

namespace {

/// Every config of a 6 x 4 grid takes the same time, so the first one
/// measured stays the best: every result after it finds no new best.
std::unique_ptr<FunctionProblem> flat() {
  return std::make_unique<FunctionProblem>(
      gridSpace(6, 4), Objective{"time", false},
      [](const Config &) -> std::optional<double> { return 2.0; });
}

/// The configs of a 64-trial xgb-ls run (eps 0: every planned slot follows
/// the plan), in measuring order.
std::vector<Config> run(const Options &Opts, uint64_t Seed) {
  auto P = flat();
  Options All = Opts;
  All["eps"] = 0;
  auto T = llvm::cantFail(makeTuner("xgb-ls", P->space(), false, All));
  EngineOptions O;
  O.Seed = Seed;
  O.Limit.Evaluations = 64;
  O.BatchSize = 32;
  Engine<Config> E(*P, *T, O);
  std::vector<Config> Out;
  E.OnEvaluation = [&](const LogEntry &L) {
    Config C;
    for (size_t I = 0; I < 6; ++I)
      C.push_back(L.Genome.at("P" + std::to_string(I)).get<uint32_t>());
    Out.push_back(C);
  };
  E.run();
  return Out;
}

/// The nearest the planned trials (32 on) come to the first trial.
size_t nearestPlanned(const std::vector<Config> &Cs) {
  size_t Near = 6;
  for (size_t I = 32; I < Cs.size(); ++I) {
    size_t D = 0;
    for (size_t J = 0; J < 6; ++J)
      D += Cs[I][J] != Cs[0][J];
    Near = std::min(Near, D);
  }
  return Near;
}

TEST(XgbEscape, APlanAfterKResultsWithoutANewBestGoesFar) {
  for (uint64_t Seed = 0; Seed < 3; ++Seed) {
    // The first fit (32 results, 31 without a new best) escapes with k 31.
    std::vector<Config> Cs = run({{"escape", 31}, {"escape-far", 4}}, Seed);
    ASSERT_EQ(Cs.size(), 64u);
    EXPECT_GE(nearestPlanned(Cs), 4u) << Seed;
    EXPECT_GE(nearestPlanned(run({{"escape", 31}, {"escape-far", 3}}, Seed)),
              3u)
        << Seed;
  }
}

TEST(XgbEscape, BeforeKResultsWithoutANewBestThePlanIsLocal) {
  for (uint64_t Seed = 0; Seed < 3; ++Seed) {
    // 31 results without a new best are fewer than 32: local moves lead.
    std::vector<Config> Cs = run({{"escape", 32}}, Seed);
    EXPECT_EQ(nearestPlanned(Cs), 1u) << Seed;
    EXPECT_EQ(Cs, run({{"escape", 0}}, Seed)) << Seed;
  }
}

/// The trial keys of an xgb-ls run with escape 16 on flat() (128 trials):
/// from a checkpoint if From, saving one after 48 trials into Save.
std::vector<std::string> resumable(const json *From, json *Save) {
  auto P = flat();
  auto T =
      llvm::cantFail(makeTuner("xgb-ls", P->space(), false, {{"escape", 16}}));
  EngineOptions O;
  O.Seed = 2;
  O.Limit.Evaluations = 128;
  O.BatchSize = 8;
  Engine<Config> E(*P, *T, O);
  if (From)
    E.restore(json::parse(From->dump()));
  std::vector<std::string> Keys;
  E.OnEvaluation = [&](const LogEntry &L) { Keys.push_back(L.Key); };
  E.OnBatch = [&] {
    if (Save && Save->is_null() && E.evaluations() >= 48)
      *Save = E.save();
  };
  E.run();
  return Keys;
}

TEST(XgbEscape, ResumesFromACheckpoint) {
  json Checkpoint;
  std::vector<std::string> Full = resumable(nullptr, &Checkpoint);
  ASSERT_FALSE(Checkpoint.is_null());
  std::vector<std::string> Resumed = resumable(&Checkpoint, nullptr);
  uint64_t Done = Checkpoint["evaluations"];
  ASSERT_EQ(Full.size(), Done + Resumed.size());
  EXPECT_EQ(std::vector<std::string>(Full.begin() + Done, Full.end()), Resumed);
}

/// 1 + the Hamming distance to (1, 2, 3, 0, 1, 2): the configs near it
/// are near each other too.
std::unique_ptr<FunctionProblem> bowl() {
  return std::make_unique<FunctionProblem>(
      gridSpace(6, 4), Objective{"time", false},
      [](const Config &C) -> std::optional<double> {
        double T = 1;
        for (size_t I = 0; I < 6; ++I)
          T += C[I] != (I + 1) % 4;
        return T;
      });
}

size_t distance(const Config &A, const Config &B) {
  size_t D = 0;
  for (size_t J = 0; J < A.size(); ++J)
    D += A[J] != B[J];
  return D;
}

TEST(XgbLocalSpread, LocalMovesAroundTheBestThatDifferPairwise) {
  size_t Differ = 0;
  for (uint64_t Seed = 0; Seed < 4; ++Seed) {
    for (size_t Spread : {0, 5}) {
      auto P = bowl();
      auto T = llvm::cantFail(
          makeTuner("xgb-ls", P->space(), false,
                    {{"eps", 0}, {"local-spread", double(Spread)}}));
      EngineOptions O;
      O.Seed = Seed;
      O.Limit.Evaluations = 56;
      O.BatchSize = 32;
      Engine<Config> E(*P, *T, O);
      E.run();
      const auto &H = T->history();
      // The 3 best of the first 32 (ties: the earlier), best first,
      // skipping one within Spread parameters of one taken.
      std::vector<size_t> Order(32);
      std::iota(Order.begin(), Order.end(), 0);
      std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
        return H[A].Fitness > H[B].Fitness;
      });
      std::vector<Config> Tops;
      for (size_t I : Order) {
        Config C = P->space().decode(H[I].Code);
        if (Tops.size() < 3 &&
            std::none_of(Tops.begin(), Tops.end(), [&](const Config &D) {
              return distance(C, D) < Spread;
            }))
          Tops.push_back(C);
      }
      for (size_t K = 0; K < Tops.size(); ++K)
        Differ += Tops[K] != P->space().decode(H[Order[K]].Code);
      // The plan's first 24: one-parameter moves of those only.
      for (size_t I = 32; I < 56; ++I) {
        Config C = P->space().decode(H[I].Code);
        EXPECT_TRUE(
            std::any_of(Tops.begin(), Tops.end(),
                        [&](const Config &D) { return distance(C, D) == 1; }))
            << Seed << " " << Spread << " " << I;
      }
    }
  }
  EXPECT_GT(Differ, 0u); // the spread tops are not always the best three
}

} // namespace
