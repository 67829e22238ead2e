//===- Synthetic.cpp - Measured-space look-alikes with known structure ----===//
//
// Each kind draws its shape (optima, weights, basins) from the seed and
// writes every config of its product into a Kernel Tuner cache: configs
// breaking the kind's restriction are left out (as Kernel Tuner leaves
// out configs breaking a tuning script's restrictions), failing ones are
// recorded as "RuntimeFailedConfig". Times are positive, lower is better.
//
//===----------------------------------------------------------------------===//

#include "Synthetic.h"

#include "gevo/support/Rng.h"

#include <cmath>
#include <functional>
#include <map>

namespace gevo::bench {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

struct Shape {
  std::vector<std::pair<std::string, std::vector<json>>> Params;
  /// U: each value's position in [0, 1] (index / (size - 1)); X: indices.
  /// Returns the time, NAN for a failing config, -1 for a restricted one.
  std::function<double(const std::vector<double> &U, const std::vector<size_t> &X)> Time;
};

std::vector<json> ints(std::initializer_list<int> V) { return {V.begin(), V.end()}; }
std::vector<json> powers(int From, int To) {
  std::vector<json> Out;
  for (int V = From; V <= To; V *= 2)
    Out.push_back(V);
  return Out;
}

/// A hash of the indices in [0, 1), for scattered failures.
double scatter(const std::vector<size_t> &X, uint64_t Seed) {
  uint64_t H = Seed * 0x9E3779B97F4A7C15ull + 1;
  for (size_t V : X) {
    H ^= V + 0x9E3779B97F4A7C15ull + (H << 6) + (H >> 2);
    H *= 0xBF58476D1CE4E5B9ull;
    H ^= H >> 31;
  }
  return double(H >> 11) * 0x1.0p-53;
}

std::vector<double> draws(Rng &R, size_t N, double Lo, double Hi) {
  std::vector<double> V;
  for (size_t I = 0; I < N; ++I)
    V.push_back(Lo + (Hi - Lo) * R.uniform());
  return V;
}

/// A sum of per-parameter costs, each |u - o|^p.
Shape separable(uint64_t Seed) {
  Rng R(Seed);
  Shape S;
  S.Params = {{"block_x", powers(16, 128)}, {"block_y", powers(1, 32)},
              {"tile", ints({1, 2, 3, 4, 5})}, {"unroll", ints({0, 1, 2, 3, 4, 5, 6, 7})},
              {"vec", ints({1, 2, 4})}, {"stages", ints({1, 2, 3, 4})}};
  auto O = draws(R, 6, 0, 1), W = draws(R, 6, 0.2, 1.5), P = draws(R, 6, 1, 2.5);
  S.Time = [=](const std::vector<double> &U, const std::vector<size_t> &X) {
    if (U[0] + U[1] > 1.6)
      return -1.0;
    if (scatter(X, Seed) < 0.03)
      return double(NAN);
    double T = 1;
    for (size_t I = 0; I < U.size(); ++I)
      T += W[I] * std::pow(std::fabs(U[I] - O[I]), P[I]);
    return T;
  };
  return S;
}

/// The lowest of eight cone-shaped basins; the global one is 5-40%
/// better than the others.
Shape multimodal(uint64_t Seed) {
  Rng R(Seed * 7 + 1);
  Shape S;
  S.Params = {{"bx", powers(8, 128)}, {"by", powers(1, 16)}, {"tx", ints({1, 2, 4, 8})},
              {"ty", ints({1, 2, 3, 4, 5, 6})}, {"pf", ints({0, 1, 2, 3})},
              {"sh", ints({0, 1, 2})}};
  const size_t K = 8;
  std::vector<std::vector<double>> C;
  for (size_t I = 0; I < K; ++I)
    C.push_back(draws(R, 6, 0, 1));
  std::vector<double> Depth = draws(R, K, 1.05, 1.4), W = draws(R, 6, 0.3, 1.2);
  Depth[0] = 1;
  S.Time = [=](const std::vector<double> &U, const std::vector<size_t> &X) {
    if (U[2] + U[3] > 1.5)
      return -1.0;
    if (scatter(X, Seed) < 0.02)
      return double(NAN);
    double T = INFINITY;
    for (size_t I = 0; I < K; ++I) {
      double D = 0;
      for (size_t J = 0; J < U.size(); ++J)
        D += W[J] * std::fabs(U[J] - C[I][J]);
      T = std::min(T, Depth[I] * (1 + 0.6 * D));
    }
    return T;
  };
  return S;
}

/// Five flat levels of a separable score; only the lowest is within a
/// few percent of the optimum.
Shape plateau(uint64_t Seed) {
  Rng R(Seed * 13 + 5);
  Shape S;
  S.Params = {{"a", ints({1, 2, 3, 4, 5, 6, 7, 8})}, {"b", powers(1, 128)},
              {"c", ints({0, 1, 2, 3, 4, 5})}, {"d", ints({1, 2, 4, 8})},
              {"e", ints({0, 1, 2, 3})}};
  auto O = draws(R, 5, 0, 1), W = draws(R, 5, 0.5, 1.5);
  double Sum = 0;
  for (double X : W)
    Sum += X;
  S.Time = [=](const std::vector<double> &U, const std::vector<size_t> &X) {
    if (scatter(X, Seed) < 0.05)
      return double(NAN);
    double Score = 0;
    for (size_t I = 0; I < U.size(); ++I)
      Score += W[I] * std::fabs(U[I] - O[I]) / Sum;
    return 1 + 0.4 * std::floor(Score * 10) / 2 + 0.02 * Score;
  };
  return S;
}

/// Most of the product is restricted or fails; the optimum lies next to
/// the failing region (as register or shared-memory limits put it).
Shape invalid(uint64_t Seed) {
  Rng R(Seed * 17 + 3);
  Shape S;
  S.Params = {{"bm", powers(8, 256)}, {"bn", powers(8, 256)}, {"k", ints({1, 2, 4, 8})},
              {"regs", ints({1, 2, 3, 4})}, {"db", ints({0, 1, 2})},
              {"swz", ints({0, 1, 2, 3, 4})}};
  auto O = draws(R, 6, 0, 1), W = draws(R, 6, 0.3, 1.2);
  O[0] = 0.55 + 0.3 * R.uniform(), O[1] = 0.55 + 0.3 * R.uniform(), O[3] = 0.7;
  S.Time = [=](const std::vector<double> &U, const std::vector<size_t> &X) {
    if (U[0] + U[1] + U[2] > 1.7)
      return -1.0;
    if (U[3] * (U[0] + U[1]) > 0.9 || scatter(X, Seed) < 0.1)
      return double(NAN); // "too many registers", and scattered failures
    double T = 1 + 0.8 * std::pow(U[0] * U[1] - O[0] * O[1], 2);
    for (size_t I = 0; I < U.size(); ++I)
      T += W[I] * (U[I] - O[I]) * (U[I] - O[I]);
    return T;
  };
  return S;
}

/// Powers of two, plain integers, strings and booleans, where the best
/// tile and vector width depend on the layout and shared memory pays only
/// with large blocks.
Shape mixed(uint64_t Seed) {
  Rng R(Seed * 19 + 11);
  Shape S;
  S.Params = {{"block", powers(16, 1024)}, {"tile", ints({1, 2, 3, 4, 5, 6, 7, 8})},
              {"layout", {"row", "col", "tiled"}}, {"vector", ints({1, 2, 4, 8})},
              {"use_shared", {false, true}}, {"unroll", ints({0, 1, 2, 4, 8, 16})}};
  std::vector<std::vector<double>> O; // per layout: block, tile, vector, unroll
  for (int L = 0; L < 3; ++L)
    O.push_back(draws(R, 4, 0, 1));
  std::vector<double> Cost = {1, 1 + 0.1 * R.uniform(), 1 + 0.2 * R.uniform()};
  S.Time = [=](const std::vector<double> &U, const std::vector<size_t> &X) {
    double Block = 16 << X[0], Tile = 1 + double(X[1]);
    if (Block * Tile > 2048)
      return -1.0;
    if (scatter(X, Seed) < 0.04)
      return double(NAN);
    const std::vector<double> &Q = O[X[2]];
    double T = Cost[X[2]] + 0.7 * std::fabs(U[0] - Q[0]) + 0.9 * std::pow(U[1] - Q[1], 2) +
               0.5 * std::fabs(U[3] - Q[2]) + 0.3 * std::pow(U[5] - Q[3], 2);
    T *= X[4] ? (Block >= 128 ? 0.85 : 1.2) : 1;
    return T;
  };
  return S;
}

ordered_json cacheOf(const Shape &S, const std::string &Name) {
  ordered_json J;
  J["kernel_name"] = Name;
  J["objective"] = "time";
  std::vector<std::string> Keys;
  for (const auto &[K, V] : S.Params)
    Keys.push_back(K), J["tune_params"][K] = V;
  J["tune_params_keys"] = Keys;
  ordered_json Cache = ordered_json::object();
  std::vector<size_t> X(S.Params.size(), 0);
  std::vector<double> U(S.Params.size());
  for (bool More = true; More;) {
    for (size_t I = 0; I < X.size(); ++I)
      U[I] = S.Params[I].second.size() > 1
                 ? double(X[I]) / double(S.Params[I].second.size() - 1)
                 : 0;
    double T = S.Time(U, X);
    if (T != -1.0) {
      ordered_json E;
      std::string Key;
      for (size_t I = 0; I < X.size(); ++I) {
        E[S.Params[I].first] = S.Params[I].second[X[I]];
        Key += (I ? "," : "") + S.Params[I].second[X[I]].dump();
      }
      E["time"] = std::isnan(T) ? ordered_json("RuntimeFailedConfig") : ordered_json(T);
      if (!std::isnan(T))
        E["times"] = {T};
      E["compile_time"] = 500;
      Cache[Key] = E;
    }
    More = false;
    for (size_t I = 0; I < X.size() && !More; ++I)
      if (++X[I] < S.Params[I].second.size())
        More = true;
      else
        X[I] = 0;
  }
  J["cache"] = std::move(Cache);
  return J;
}

} // namespace

const std::vector<std::string> &syntheticKinds() {
  static const std::vector<std::string> K = {"separable", "multimodal", "plateau",
                                             "invalid", "mixed"};
  return K;
}

llvm::Expected<SyntheticSpace> syntheticSpace(const std::string &Kind, uint64_t Seed) {
  static const std::map<std::string, Shape (*)(uint64_t)> Makers = {
      {"separable", separable}, {"multimodal", multimodal}, {"plateau", plateau},
      {"invalid", invalid},     {"mixed", mixed}};
  auto It = Makers.find(Kind);
  if (It == Makers.end())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "unknown synthetic kind '" + Kind + "'");
  std::string Name = Kind + "-" + std::to_string(Seed);
  return SyntheticSpace{Name, cacheOf(It->second(Seed), Name)};
}

std::vector<SyntheticSpace> syntheticFamily(unsigned Instances) {
  std::vector<SyntheticSpace> Out;
  for (const std::string &K : syntheticKinds())
    for (unsigned I = 1; I <= Instances; ++I)
      Out.push_back(llvm::cantFail(syntheticSpace(K, I))); // a known kind
  return Out;
}

} // namespace gevo::bench
