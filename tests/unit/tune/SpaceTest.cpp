//===- SpaceTest.cpp - Parameters, graphs, configs, q-random walks ---------===//

#include "ErrorText.h"

#include "gevo/evolve/tune/Space.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

using namespace gevo;
using namespace gevo::evolve::tune;
using nlohmann::json;

namespace {

uint32_t indexOf(const Param &P, std::vector<uint64_t> F) {
  return P.find(json(F)).value();
}

std::set<std::vector<uint64_t>> neighbourFactors(const Param &P,
                                                 std::vector<uint64_t> F) {
  std::set<std::vector<uint64_t>> Out;
  for (uint32_t V : P.neighbours(indexOf(P, F)))
    Out.insert(P.value(V).get<std::vector<uint64_t>>());
  return Out;
}

} // namespace

// OpEvo, Figure 1a: the 10 factorizations of 8 into 3 ordered factors,
// adjacent when one factor 2 moves between two slots.
TEST(Space, FactorizationsOfEightMatchTheOpEvoFigure) {
  Param P = llvm::cantFail(Param::factorization("x", 8, 3));
  ASSERT_EQ(P.size(), 10u);
  std::set<std::vector<uint64_t>> All;
  for (uint32_t I = 0; I < P.size(); ++I) {
    auto F = P.value(I).get<std::vector<uint64_t>>();
    EXPECT_EQ(F[0] * F[1] * F[2], 8u);
    All.insert(F);
  }
  EXPECT_EQ(All.size(), 10u);
  using S = std::set<std::vector<uint64_t>>;
  EXPECT_EQ(neighbourFactors(P, {8, 1, 1}), (S{{4, 2, 1}, {4, 1, 2}}));
  EXPECT_EQ(neighbourFactors(P, {2, 2, 2}),
            (S{{4, 1, 2}, {4, 2, 1}, {1, 4, 2}, {2, 4, 1}, {1, 2, 4}, {2, 1, 4}}));
  EXPECT_EQ(neighbourFactors(P, {4, 2, 1}),
            (S{{8, 1, 1}, {2, 4, 1}, {2, 2, 2}, {4, 1, 2}}));
  size_t Edges = 0;
  for (uint32_t I = 0; I < P.size(); ++I) {
    Edges += P.neighbours(I).size();
    for (uint32_t J : P.neighbours(I)) // undirected
      EXPECT_EQ(std::count(P.neighbours(J).begin(), P.neighbours(J).end(), I), 1);
  }
  EXPECT_EQ(Edges / 2, 18u); // the figure's edge count
}

TEST(Space, MixedPrimesMoveOneFactorAtATime) {
  // (1,12) (2,6) (3,4) (4,3) (6,2) (12,1)
  Param P = llvm::cantFail(Param::factorization("x", 12, 2));
  ASSERT_EQ(P.size(), 6u);
  using S = std::set<std::vector<uint64_t>>;
  EXPECT_EQ(neighbourFactors(P, {2, 6}), (S{{1, 12}, {4, 3}, {6, 2}}));
  EXPECT_EQ(P.primes(), (std::vector<uint64_t>{2, 3}));
}

TEST(Space, PermutationDiscreteCategoricalGraphs) {
  Param P = llvm::cantFail(Param::permutation("p", 3));
  ASSERT_EQ(P.size(), 6u);
  for (uint32_t I = 0; I < P.size(); ++I)
    EXPECT_EQ(P.neighbours(I).size(), 3u); // three transpositions
  Param D = llvm::cantFail(Param::discrete("d", {4, 1, 3, 2}));
  EXPECT_EQ(D.value(0), 1);
  EXPECT_EQ(D.neighbours(0), (std::vector<uint32_t>{1}));
  EXPECT_EQ(D.neighbours(2), (std::vector<uint32_t>{1, 3}));
  Param C = llvm::cantFail(Param::categorical("c", {"a", "b", "c", "d", "e", "f"}));
  EXPECT_EQ(C.neighbours(2).size(), 5u);
  EXPECT_EQ(errorText(Param::discrete("d", {1, 1})), "discrete 'd' repeats a value");
  EXPECT_EQ(errorText(Param::categorical("c", {"a", "a"})), "categorical 'c' repeats a value");
  EXPECT_EQ(errorText(Param::permutation("p", 9)), "permutation 'p': need 1..8 elements");
  EXPECT_EQ(errorText(Param::factorization("f", 0, 2)),
            "factorization 'f': need total >= 1 and 1..16 slots");
}

// The moves of two parameters one step each: every pair of parameters
// with every pair of their neighbours, once each, nothing else.
TEST(Space, AdjacentPairMovesStepTwoParametersAlongTheirGraphs) {
  Space S = llvm::cantFail(Space::fromJson(
      {{"name", "pairs"},
       {"params",
        {{{"name", "d"}, {"kind", "discrete"}, {"values", {1, 2, 4, 8}}},
         {{"name", "f"}, {"kind", "factorization"}, {"total", 8}, {"slots", 2}},
         {{"name", "c"}, {"kind", "categorical"}, {"values", {"a", "b", "c"}}},
         {{"name", "o"}, {"kind", "discrete"}, {"values", {7}}}}}},
      "pairs"));
  // d = 2 (two neighbours), f = [2, 4] (two), c = a (two), o (none).
  Config From = {1, 1, 0, 0};
  std::set<Config> Seen;
  size_t Calls = 0;
  S.forEachAdjacentPairMove(From, [&](const Config &C) {
    ++Calls;
    Seen.insert(C);
    std::vector<size_t> Changed;
    for (size_t I = 0; I < C.size(); ++I)
      if (C[I] != From[I])
        Changed.push_back(I);
    ASSERT_EQ(Changed.size(), 2u);
    for (size_t I : Changed) {
      const std::vector<uint32_t> &N = S.param(I).neighbours(From[I]);
      EXPECT_NE(std::find(N.begin(), N.end(), C[I]), N.end()) << S.param(I).name();
    }
  });
  // Pairs (d, f), (d, c), (f, c): 2 x 2 each; o has no neighbour.
  EXPECT_EQ(Calls, 12u);
  EXPECT_EQ(Seen.size(), 12u);
}

TEST(Space, EncodeDescribeParseRoundTrip) {
  Space S;
  llvm::cantFail(S.add(Param::factorization("N", 64, 4)));
  llvm::cantFail(S.add(Param::permutation("P", 4)));
  llvm::cantFail(S.add(Param::discrete("U", {0, 512, 1500})));
  llvm::cantFail(S.add(Param::categorical("E", {false, true})));
  EXPECT_EQ(S.cardinality(), 84u * 24 * 3 * 2);
  Rng R(3);
  std::set<uint64_t> Codes;
  for (int I = 0; I < 200; ++I) {
    Config C = S.sample(R);
    uint64_t Code = S.encode(C);
    EXPECT_LT(Code, S.cardinality());
    EXPECT_EQ(S.decode(Code), C);
    EXPECT_EQ(S.parse(S.describe(C)), C);
    Codes.insert(Code);
  }
  EXPECT_GT(Codes.size(), 150u);
  EXPECT_FALSE(S.parse(json{{"N", {1, 2}}}).has_value());
  Config U = S.untiled();
  EXPECT_EQ(S.describe(U)["N"], json({64, 1, 1, 1}));
}

TEST(Space, ConstraintsAndRestriction) {
  json J = {{"params",
             {{{"name", "N"}, {"kind", "factorization"}, {"total", 16}, {"slots", 2}},
              {{"name", "M"}, {"kind", "factorization"}, {"total", 16}, {"slots", 2}}}},
            {"constraints", {{{"what", "threads"}, {"product", {"N[1]", "M[1]"}}, {"max", 16}}}}};
  Space S = llvm::cantFail(Space::fromJson(J, "inline"));
  size_t Valid = 0;
  for (uint64_t C = 0; C < S.cardinality(); ++C)
    Valid += S.satisfies(S.decode(C));
  EXPECT_EQ(Valid, 15u); // pairs (a, b) of 0..4 with a + b <= 4
  S.restrictTo({3, 1});
  EXPECT_TRUE(S.restricted());
  EXPECT_EQ(S.members(), (std::vector<uint64_t>{1, 3}));
  EXPECT_FALSE(S.satisfies(S.decode(0)));
}

TEST(Space, PolynomialConstraints) {
  // x + 2*y*z - 3 <= 8 over x in {1..4}, y in {1, 2}, z in {1, 3}.
  json J = {{"params",
             {{{"name", "x"}, {"kind", "discrete"}, {"values", {1, 2, 3, 4}}},
              {{"name", "y"}, {"kind", "discrete"}, {"values", {1, 2}}},
              {{"name", "z"}, {"kind", "discrete"}, {"values", {1, 3}}}}},
            {"constraints",
             {{{"what", "budget"},
               {"sum", {{{"product", {"x"}}},
                        {{"coef", 2}, {"product", {"y", "z"}}},
                        {{"coef", -3}, {"product", json::array()}}}},
               {"max", 8}}}}};
  Space S = llvm::cantFail(Space::fromJson(J, "inline"));
  size_t Valid = 0;
  for (uint64_t C = 0; C < S.cardinality(); ++C) {
    json V = S.describe(S.decode(C));
    double Poly = V["x"].get<double>() + 2 * V["y"].get<double>() * V["z"].get<double>() - 3;
    EXPECT_EQ(S.satisfies(S.decode(C)), Poly <= 8) << V.dump();
    Valid += Poly <= 8;
  }
  EXPECT_EQ(Valid, 12u); // all x unless y*z = 6
  EXPECT_EQ(S.violation(*S.parse({{"x", 4}, {"y", 2}, {"z", 3}})), "budget = 13 > 8");
  EXPECT_EQ(S.violation(*S.parse({{"x", 1}, {"y", 1}, {"z", 1}})), std::nullopt);
  EXPECT_EQ(llvm::cantFail(Space::fromJson(S.toJson(), "again")).toJson(), S.toJson());
  auto Msg = [&](json C) {
    J["constraints"] = {C};
    return errorText(Space::fromJson(J, "f.json"));
  };
  EXPECT_EQ(Msg({{"sum", {{{"coef", "2"}, {"product", {"x"}}}}}}),
            "f.json: a \"coef\" must be a number: \"2\"");
  EXPECT_EQ(Msg({{"sum", {{{"coef", 2}}}}}),
            "f.json: a \"sum\" entry needs a \"product\": {\"coef\":2}");
  EXPECT_EQ(Msg({{"sum", json::array()}, {"product", {"x"}}}),
            "f.json: a constraint needs a \"product\" or a \"sum\" array");
  EXPECT_EQ(Msg({{"product", {"x"}}, {"max", "8"}}),
            "f.json: a constraint's \"max\" must be a number");
}

TEST(Space, BadDefinitionsAreOneLineErrors) {
  auto Msg = [](const json &J) { return errorText(Space::fromJson(J, "f.json")); };
  EXPECT_EQ(Msg(json::object()), "f.json: a space needs a \"params\" array");
  EXPECT_NE(Msg({{"params", {{{"name", "x"}, {"kind", "weird"}}}}}).find("unknown parameter kind 'weird'"),
            std::string::npos);
  EXPECT_NE(Msg({{"params", {{{"name", "x"}, {"kind", "discrete"}, {"values", {1}}}}},
                 {"constraints", {{{"product", {"y"}}, {"max", 2}}}}})
                .find("names no parameter"),
            std::string::npos);
  EXPECT_NE(errorText(Space::load(GEVO_TUNE_TEST_DATA "/space-bad-kind.json"))
                .find("space-bad-kind.json: unknown parameter kind"),
            std::string::npos);
  EXPECT_EQ(errorText(Space::load(GEVO_TUNE_TEST_DATA "/no-such-file.json")),
            "cannot read '" GEVO_TUNE_TEST_DATA "/no-such-file.json'");
}

TEST(Space, AFailedAddLeavesTheSpaceAsItWas) {
  Space S;
  llvm::cantFail(S.add(Param::discrete("x", {1, 2, 3})));
  EXPECT_EQ(errorText(S.add(Param::discrete("x", {4}))), "parameter 'x' is defined twice");
  EXPECT_EQ(errorText(S.add(Param::discrete("y", {}))), "discrete 'y' has no values");
  EXPECT_EQ(S.size(), 1u);
  EXPECT_EQ(S.cardinality(), 3u);
  // 3 x 2^60 configs: a parameter of 16 values more would pass 2^63.
  std::vector<double> Values(1024);
  for (size_t I = 0; I < Values.size(); ++I)
    Values[I] = double(I);
  for (int I = 0; I < 6; ++I)
    llvm::cantFail(S.add(Param::discrete("p" + std::to_string(I), Values)));
  uint64_t Card = S.cardinality();
  std::vector<double> Sixteen(Values.begin(), Values.begin() + 16);
  EXPECT_EQ(errorText(S.add(Param::discrete("big", Sixteen))),
            "the space is larger than 2^63 configs");
  EXPECT_EQ(S.size(), 7u);
  EXPECT_EQ(S.cardinality(), Card);
  EXPECT_EQ(errorText(S.addConstraint({{"product", {"nope"}}, {"max", 1}})),
            "constraint term 'nope' names no parameter");
  EXPECT_EQ(errorText(S.addConstraint({{"what", 3}, {"product", {"x"}}})),
            "a constraint's \"what\" must be a string");
  EXPECT_EQ(S.toJson()["constraints"], json::array());
}

TEST(Space, BundledOpEvoSpaces) {
  struct Want {
    const char *Name;
    uint64_t Card;
  } All[] = {{"MM1", 220ull * 286 * 66},       {"MM2", 220ull * 455 * 66},
             {"MM3", 220ull * 286 * 91},       {"BMM1", 28ull * 120 * 84 * 36},
             {"BMM2", 28ull * 120 * 84 * 36},  {"BMM3", 28ull * 120 * 120 * 28},
             {"C1", 84ull * 16 * 16 * 2 * 2 * 2 * 3 * 2},
             {"C2", 336ull * 20 * 20 * 7 * 2 * 2 * 3 * 2}};
  for (const Want &W : All) {
    Space S =
        llvm::cantFail(Space::load(std::string(GEVO_TUNE_SPACES_DIR "/") + W.Name + ".json"));
    EXPECT_EQ(S.name(), W.Name);
    EXPECT_EQ(S.cardinality(), W.Card) << W.Name;
  }
  Space C1 = llvm::cantFail(Space::load(GEVO_TUNE_SPACES_DIR "/C1.json"));
  EXPECT_EQ(C1.size(), 8u);
  EXPECT_EQ(C1.param(6).kind(), ParamKind::Discrete);
  EXPECT_EQ(C1.param(7).kind(), ParamKind::Categorical);
}

TEST(QRandomWalk, DistributionSumsToOneAndSpreadsWithQ) {
  Param P = llvm::cantFail(Param::factorization("x", 8, 3));
  uint32_t Start = indexOf(P, {8, 1, 1});
  double PrevStay = 2, PrevDist = -1;
  for (double Q : {0.1, 0.3, 0.5, 0.7, 0.9}) {
    std::vector<double> D = walkDistribution(P, Start, Q, 2000);
    double Sum = 0, Dist = 0;
    for (uint32_t I = 0; I < P.size(); ++I) {
      Sum += D[I];
      auto F = P.value(I).get<std::vector<uint64_t>>();
      Dist += D[I] * (std::log2(8.0 / F[0])); // moves away from slot 0
    }
    EXPECT_NEAR(Sum, 1.0, 1e-12) << Q;
    EXPECT_LT(D[Start], PrevStay) << Q;
    EXPECT_GT(Dist, PrevDist) << Q;
    PrevStay = D[Start];
    PrevDist = Dist;
  }
  // Same distance, larger degree, larger probability (OpEvo, Figure 2).
  std::vector<double> D = walkDistribution(P, Start, 0.5);
  EXPECT_GT(D[indexOf(P, {2, 2, 2})], D[indexOf(P, {2, 1, 4})]);
  EXPECT_GE(D[Start], 0.5); // stops at once with probability 1 - q
}

TEST(QRandomWalk, SamplesFollowTheDistribution) {
  Param P = llvm::cantFail(Param::factorization("x", 8, 3));
  uint32_t Start = indexOf(P, {4, 2, 1});
  std::vector<double> D = walkDistribution(P, Start, 0.6);
  std::vector<double> Count(P.size(), 0);
  Rng R(11);
  const int N = 200000;
  for (int I = 0; I < N; ++I)
    Count[randomWalk(P, Start, 0.6, R)] += 1;
  for (uint32_t I = 0; I < P.size(); ++I)
    EXPECT_NEAR(Count[I] / N, D[I], 0.005) << I;
}
