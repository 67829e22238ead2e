//===- RestrictionsTest.cpp - Restrictions learned as rules ---------------===//
//
// The learner recovers Kernel Tuner-shaped restrictions (a divisibility of
// a product, bounds on a product) exactly from every config, never rules
// out a valid config from a sample, keeps no rule that a few valid
// observations satisfy by chance or that too few failures break, and
// ignores parameters that are not positive integers; xgb-ls with `rules`
// measures fewer failing configs of a Cartesian product, resumes such a
// run from a checkpoint, and runs a restricted space exactly as without.
//
//===----------------------------------------------------------------------===//

#include "Restrictions.h"

#include "gevo/evolve/tune/Compare.h"

#include <gtest/gtest.h>

using namespace gevo;
using namespace gevo::evolve;
using namespace gevo::evolve::tune;
using nlohmann::json;

namespace {

Space space(const std::vector<std::pair<std::string, std::vector<double>>> &Ps) {
  Space S;
  for (const auto &[Name, V] : Ps)
    llvm::cantFail(S.add(Param::discrete(Name, V)));
  return S;
}

/// A GEMM-like space: m % (d*v) == 0 is its restriction.
Space gemmLike() {
  return space({{"m", {16, 32, 64, 128}}, {"d", {8, 16, 32}}, {"v", {1, 2, 4, 8}},
                {"n", {16, 32, 64}}});
}
double val(const Space &S, const Config &C, size_t I) { return S.param(I).raw(C[I])[0]; }
bool gemmValid(const Space &S, const Config &C) {
  return int(val(S, C, 0)) % int(val(S, C, 1) * val(S, C, 2)) == 0;
}

/// A convolution-like space: 64 <= x*y <= 1024.
Space convLike() {
  return space({{"x", {1, 2, 4, 8, 16, 32, 64, 128}}, {"y", {1, 2, 4, 8, 16, 32}},
                {"t", {1, 2, 3}}});
}
bool convValid(const Space &S, const Config &C) {
  double P = val(S, C, 0) * val(S, C, 1);
  return P >= 64 && P <= 1024;
}

template <typename Pred>
void observe(const Space &S, Pred Valid, const std::vector<uint64_t> &Codes,
             std::vector<Config> &Ok, std::vector<Config> &Bad) {
  for (uint64_t Code : Codes) {
    Config C = S.decode(Code);
    (Valid(S, C) ? Ok : Bad).push_back(C);
  }
}
std::vector<uint64_t> all(const Space &S) {
  std::vector<uint64_t> Codes(S.cardinality());
  for (uint64_t I = 0; I < Codes.size(); ++I)
    Codes[I] = I;
  return Codes;
}

/// Learns from every config of S (valid: Valid) and expects the rules
/// Want, which rule out exactly the configs Valid rejects.
template <typename Pred>
void expectRecovered(const Space &S, Pred Valid, const std::vector<std::string> &Want) {
  std::vector<Config> Ok, Bad;
  observe(S, Valid, all(S), Ok, Bad);
  Restrictions L(S, 2, 0.01);
  L.learn(Ok, Bad);
  std::vector<std::string> Got;
  for (const Rule &R : L.rules())
    Got.push_back(R.str(S));
  EXPECT_EQ(Got, Want);
  for (uint64_t Code = 0; Code < S.cardinality(); ++Code)
    EXPECT_EQ(L.breaks(S.decode(Code)), !Valid(S, S.decode(Code))) << Code;
}

TEST(Restrictions, RecoversADivisibilityOfAProductFromEveryConfig) {
  expectRecovered(gemmLike(), gemmValid, {"m % (d*v) == 0"});
}

TEST(Restrictions, RecoversBoundsOnAProductAsLooseAsObserved) {
  // The products are powers of two: 2048 is the smallest too large, 32
  // the largest too small.
  expectRecovered(convLike(), convValid, {"x*y >= 33", "x*y <= 2047"});
}

TEST(Restrictions, AValidSampleIsNeverRuledOut) {
  Space S = gemmLike();
  Rng R(7);
  std::vector<uint64_t> Codes;
  for (int I = 0; I < 60; ++I)
    Codes.push_back(R.below(S.cardinality()));
  std::vector<Config> Ok, Bad;
  observe(S, gemmValid, Codes, Ok, Bad);
  Restrictions L(S, 2, 0.01);
  L.learn(Ok, Bad);
  EXPECT_FALSE(L.rules().empty());
  for (const Config &C : Ok)
    EXPECT_FALSE(L.breaks(C));
  size_t Explained = 0;
  for (const Config &C : Bad)
    Explained += L.breaks(C);
  EXPECT_EQ(Explained, Bad.size());
}

TEST(Restrictions, NoRuleThatFewValidResultsSatisfyByChance) {
  Space S = gemmLike();
  // Two valid results: m % (d*v) == 0 holds for 29 of the 48 (m, d, v),
  // so two observations satisfy it by chance with probability 0.37.
  std::vector<Config> Ok{{3, 0, 3}, {2, 1, 2}}, Bad{{0, 1, 1}, {0, 2, 0}, {1, 2, 1}};
  for (Config &C : Ok)
    C.push_back(0);
  for (Config &C : Bad)
    C.push_back(1);
  Restrictions Strict(S, 2, 0.1), Loose(S, 2, 0.4);
  Strict.learn(Ok, Bad);
  Loose.learn(Ok, Bad);
  EXPECT_TRUE(Strict.rules().empty());
  EXPECT_FALSE(Loose.rules().empty());
}

TEST(Restrictions, NoRuleBrokenByFewerThanKFailures) {
  Space S = gemmLike();
  std::vector<Config> Ok, Bad;
  observe(S, gemmValid, all(S), Ok, Bad);
  Bad.resize(3);
  Restrictions Two(S, 3, 0.01), Four(S, 4, 0.01);
  Two.learn(Ok, Bad);
  Four.learn(Ok, Bad);
  EXPECT_EQ(Two.rules().size(), 1u);
  EXPECT_TRUE(Four.rules().empty());
}

TEST(Restrictions, OnlyPositiveIntegerParametersTakePart) {
  // z holds 0, h 0.5: neither can be in a rule, though m % z would
  // separate the configs below if z were read as 1 and 2.
  Space S = space({{"m", {16, 32, 64}}, {"z", {0, 16}}, {"h", {0.5, 64}}, {"d", {8, 16}}});
  std::vector<Config> Ok, Bad;
  observe(
      S, [](const Space &S, const Config &C) { return int(val(S, C, 0)) % int(val(S, C, 3)) == 0 && C[1] == 0; },
      all(S), Ok, Bad);
  Restrictions L(S, 1, 1);
  L.learn(Ok, Bad);
  for (const Rule &R : L.rules())
    for (size_t I : {R.A, R.B})
      EXPECT_TRUE(I == 0 || I == 3) << R.str(S);
}

/// Two tiles, each m % (d*v) == 0 (a quarter of the product is valid),
/// a smooth time with its optimum among the valid configs.
std::unique_ptr<FunctionProblem> tiles(bool Restricted) {
  Space S = space({{"m", {16, 32, 64, 128}}, {"d", {8, 16, 32}}, {"v", {1, 2, 4, 8}},
                   {"n", {16, 32, 64, 128}}, {"e", {8, 16, 32}}, {"w", {1, 2, 4, 8}}});
  auto Valid = [](const Space &S, const Config &C) {
    auto V = [&](size_t I) { return int(val(S, C, I)); };
    return V(0) % (V(1) * V(2)) == 0 && V(3) % (V(4) * V(5)) == 0;
  };
  if (Restricted) {
    std::vector<uint64_t> Members;
    for (uint64_t Code = 0; Code < S.cardinality(); ++Code)
      if (Valid(S, S.decode(Code)))
        Members.push_back(Code);
    S.restrictTo(Members);
  }
  Space Copy = S;
  return std::make_unique<FunctionProblem>(
      std::move(S), Objective{"time", false},
      [Copy, Valid](const Config &C) -> std::optional<double> {
        if (!Valid(Copy, C))
          return std::nullopt;
        double T = 1;
        for (size_t I = 0; I < C.size(); ++I)
          T += std::fabs(double(C[I]) - double(I % 3));
        return T;
      });
}

/// The trials of an xgb-ls run ("config status") and how many failed.
std::pair<std::vector<std::string>, size_t> trials(bool Restricted, double Rules, uint64_t Seed) {
  auto P = tiles(Restricted);
  RunOptions O;
  O.Strategy = "xgb-ls";
  O.Opts = {{"rules", Rules}};
  O.Seed = Seed;
  O.Limit.Evaluations = 160;
  std::pair<std::vector<std::string>, size_t> Out;
  O.OnEvaluation = [&](const LogEntry &E) {
    Out.first.push_back(E.Key + " " + std::string(statusName(E.Result.S)));
    Out.second += E.Result.S != Status::Ok;
  };
  llvm::cantFail(runTuner(*P, O));
  return Out;
}

TEST(Restrictions, XgbLsMeasuresFewerFailuresOfACartesianProduct) {
  size_t Without = 0, With = 0;
  for (uint64_t Seed = 0; Seed < 4; ++Seed)
    Without += trials(false, 0, Seed).second, With += trials(false, 2, Seed).second;
  // Most of the product fails: so do most of the 32 random first trials
  // either way, and without rules most planned ones too (108 against 301).
  EXPECT_LT(2 * With, Without) << With << " " << Without;
}

/// The trial keys of an xgb-ls run with rules (160 trials, seed 4): from
/// a checkpoint if From, saving one after 80 trials into Save if given.
std::vector<std::string> resumable(const json *From, json *Save) {
  auto P = tiles(false);
  auto T = llvm::cantFail(makeTuner("xgb-ls", P->space(), false, {{"rules", 2}}));
  EngineOptions O;
  O.Seed = 4;
  O.Limit.Evaluations = 160;
  O.BatchSize = 8; // the checkpoint falls between refits (at 64 and 96)
  Engine<Config> E(*P, *T, O);
  if (From)
    E.restore(json::parse(From->dump()));
  std::vector<std::string> Keys;
  E.OnEvaluation = [&](const LogEntry &L) { Keys.push_back(L.Key); };
  E.OnBatch = [&] {
    if (Save && Save->is_null() && E.evaluations() >= 80)
      *Save = E.save();
  };
  E.run();
  return Keys;
}

TEST(Restrictions, XgbLsWithRulesResumesFromACheckpoint) {
  json Checkpoint;
  std::vector<std::string> Full = resumable(nullptr, &Checkpoint);
  ASSERT_FALSE(Checkpoint.is_null());
  std::vector<std::string> Resumed = resumable(&Checkpoint, nullptr);
  uint64_t Done = Checkpoint["evaluations"];
  ASSERT_EQ(Full.size(), Done + Resumed.size());
  EXPECT_EQ(std::vector<std::string>(Full.begin() + Done, Full.end()), Resumed);
}

TEST(Restrictions, XgbLsRunsARestrictedSpaceAsWithout) {
  for (uint64_t Seed = 0; Seed < 2; ++Seed)
    EXPECT_EQ(trials(true, 2, Seed).first, trials(true, 0, Seed).first);
}

} // namespace
