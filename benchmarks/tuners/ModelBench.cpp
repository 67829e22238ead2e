//===- ModelBench.cpp - Where an xgb strategy's refit spends its time -----===//
//
//   gevo-model-bench [--rows 32,200,1000,5000] [--rounds 100] [--score 18000]
//
// A per-fit profile of the xgb strategies' two models on the rows a refit
// sees (10 features of 6 levels each, the shape of a GEMM config; a
// ranking target): XGBoost's C API call by call (DMatrix creation, booster
// creation and parameters, the first round, each further round for the
// exact and hist tree methods, predicting Score rows and a batch of 128)
// and gevo's GradientBoost (a round, compiling the trees, scoring Score
// configs by value indices). Times are std::chrono wall times in ms, the
// best of three repeats (the machine is shared).
//
//===----------------------------------------------------------------------===//

#include "gevo/support/Rng.h"

#include "Booster.h"
#include "GradientBoost.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

using namespace gevo;
using namespace gevo::evolve::tune;

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point T) {
  return std::chrono::duration<double, std::milli>(Clock::now() - T).count();
}

constexpr size_t W = 10, Levels = 6;

/// Rows configs of W parameters (value indices), their features (index /
/// (Levels - 1)) and a target with interactions.
struct Data {
  Data(size_t Rows, uint64_t Seed) {
    Rng R(Seed);
    for (size_t I = 0; I < Rows * W; ++I) {
      In.push_back(uint32_t(R.below(Levels)));
      X.push_back(In.back() / float(Levels - 1));
    }
    for (size_t I = 0; I < Rows; ++I)
      Y.push_back(X[I * W] * X[I * W + 1] + 0.5f * X[I * W + 2] +
                  0.1f * float(R.uniform()));
  }
  std::vector<uint32_t> In;
  std::vector<float> X, Y;
};

/// XGBoost's calls on Rows rows with tree method Method: ms for DMatrix
/// creation, booster creation + parameters, the first round, a further
/// round, predicting Score rows (DMatrix + predict), predicting 128.
std::vector<double> xgboostProfile(size_t Rows, unsigned Rounds, size_t Score,
                                   const char *Method) {
  Data D(Rows, 1), P(Score, 2);
  std::vector<double> Best(6, 1e300);
  for (int Rep = 0; Rep < 3; ++Rep) {
    std::vector<double> T;
    auto Start = Clock::now();
    DMatrixHandle M, Q, Small;
    checkXgb(XGDMatrixCreateFromMat(D.X.data(), Rows, W, NAN, &M));
    checkXgb(XGDMatrixSetFloatInfo(M, "label", D.Y.data(), Rows));
    unsigned Group = unsigned(Rows);
    checkXgb(XGDMatrixSetUIntInfo(M, "group", &Group, 1));
    T.push_back(since(Start));
    Start = Clock::now();
    BoosterHandle H;
    checkXgb(XGBoosterCreate(&M, 1, &H));
    const char *Params[][2] = {
        {"max_depth", "3"},      {"gamma", "0.0001"},
        {"eta", "0.3"},          {"nthread", "1"},
        {"seed", "0"},           {"verbosity", "0"},
        {"tree_method", Method}, {"objective", "rank:pairwise"}};
    for (auto &KV : Params)
      checkXgb(XGBoosterSetParam(H, KV[0], KV[1]));
    T.push_back(since(Start));
    Start = Clock::now();
    checkXgb(XGBoosterUpdateOneIter(H, 0, M));
    T.push_back(since(Start));
    Start = Clock::now();
    for (unsigned I = 1; I < Rounds; ++I)
      checkXgb(XGBoosterUpdateOneIter(H, int(I), M));
    T.push_back(since(Start) / (Rounds - 1));
    bst_ulong Len;
    const float *Out;
    Start = Clock::now();
    checkXgb(XGDMatrixCreateFromMat(P.X.data(), Score, W, NAN, &Q));
    checkXgb(XGBoosterPredict(H, Q, 0, 0, 0, &Len, &Out));
    T.push_back(since(Start));
    Start = Clock::now();
    checkXgb(XGDMatrixCreateFromMat(P.X.data(), 128, W, NAN, &Small));
    checkXgb(XGBoosterPredict(H, Small, 0, 0, 0, &Len, &Out));
    T.push_back(since(Start));
    XGBoosterFree(H), XGDMatrixFree(M), XGDMatrixFree(Q), XGDMatrixFree(Small);
    for (size_t K = 0; K < T.size(); ++K)
      Best[K] = std::min(Best[K], T[K]);
  }
  return Best;
}

/// GradientBoost on Rows rows: ms per round (a whole fit / Rounds),
/// compiling the trees, scoring Score configs; and ns per config and tree.
std::vector<double> ownProfile(size_t Rows, unsigned Rounds, size_t Score) {
  Data D(Rows, 1), P(Score, 2);
  std::vector<uint32_t> InputOf(W);
  std::vector<std::vector<float>> Table(W);
  for (size_t F = 0; F < W; ++F) {
    InputOf[F] = uint32_t(F);
    for (size_t V = 0; V < Levels; ++V)
      Table[F].push_back(V / float(Levels - 1));
  }
  std::vector<double> Best(4, 1e300);
  for (int Rep = 0; Rep < 3; ++Rep) {
    GradientBoost M;
    GradientBoost::Settings Set;
    Set.Rounds = Rounds;
    auto Start = Clock::now();
    M.fit(D.X, D.Y, W, GradientBoost::Loss::Pairwise, Set);
    double Fit = since(Start) / Rounds;
    Start = Clock::now();
    M.bind(InputOf, Table);
    double Bind = since(Start);
    std::vector<float> Sum(Score, 0.f);
    Start = Clock::now();
    M.addMargins(P.In.data(), Score, W, 0, Sum.data());
    double Walk = since(Start);
    std::vector<double> T{Fit, Bind, Walk,
                          Walk * 1e6 / (double(Score) * M.trees())};
    for (size_t K = 0; K < T.size(); ++K)
      Best[K] = std::min(Best[K], T[K]);
  }
  return Best;
}

std::vector<size_t> parseList(const std::string &S) {
  std::vector<size_t> Out;
  for (size_t At = 0; At < S.size();) {
    size_t Comma = S.find(',', At);
    Out.push_back(std::stoul(S.substr(At, Comma - At)));
    At = Comma == std::string::npos ? S.size() : Comma + 1;
  }
  return Out;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<size_t> RowsList{32, 200, 1000, 5000};
  unsigned Rounds = 100;
  size_t Score = 18000;
  try {
    for (int I = 1; I < argc; ++I) {
      std::string A = argv[I];
      if (A == "--rows" && I + 1 < argc)
        RowsList = parseList(argv[++I]);
      else if (A == "--rounds" && I + 1 < argc)
        Rounds = unsigned(std::max(2ul, std::stoul(argv[++I])));
      else if (A == "--score" && I + 1 < argc)
        Score = std::max(128ul, std::stoul(argv[++I]));
      else
        throw std::invalid_argument("unknown option '" + A + "'");
    }
  } catch (const std::exception &E) {
    std::cerr << "gevo-model-bench: error: " << E.what()
              << " (usage: gevo-model-bench [--rows N,...] [--rounds N] "
                 "[--score N])\n";
    return 1;
  }
  std::printf("Per-fit profile, ms (best of 3): %u rounds, rank:pairwise, %zu "
              "features, "
              "scoring %zu configs\n\n",
              Rounds, W, Score);
  std::printf("| rows | xgb DMatrix | xgb create+params | xgb 1st round | xgb "
              "round (exact) "
              "| xgb round (hist) | xgb predict %zu | xgb predict 128 | own "
              "round | own "
              "compile | own score %zu | own ns/config/tree |\n|",
              Score, Score);
  for (int I = 0; I < 12; ++I)
    std::printf(" --- |");
  std::printf("\n");
  try {
    for (size_t Rows : RowsList) {
      std::vector<double> Ex = xgboostProfile(Rows, Rounds, Score, "exact");
      std::vector<double> Hi = xgboostProfile(Rows, Rounds, Score, "hist");
      std::vector<double> Own = ownProfile(Rows, Rounds, Score);
      std::printf("| %zu | %.3f | %.3f | %.3f | %.4f | %.4f | %.2f | %.3f | "
                  "%.4f | %.3f | %.2f "
                  "| %.1f |\n",
                  Rows, Ex[0], Ex[1], Ex[2], Ex[3], Hi[3], Ex[4], Ex[5], Own[0],
                  Own[1], Own[2], Own[3]);
      std::fflush(stdout);
    }
  } catch (const std::exception &E) {
    std::cerr << "gevo-model-bench: error: " << E.what() << "\n";
    return 1;
  }
  return 0;
}
