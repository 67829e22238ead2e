//===- Smo.h - Binary C-SVC training by working-set SMO on a device -*- C++ -*-===//
//
// The host side of kernel.cu's decomposition: compute the kernel matrix
// once when it fits the cache (else the working set's rows each time), pick
// the working set from the optimality indicators f, launch smo_solve and
// update_f, and stop
// when the global gap max_low f - min_up f is under eps (or after MaxOuter
// working sets, whatever a variant kernel does). All host decisions break
// ties by index, so training is deterministic.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_BENCHMARKS_ML_SVM_SMO_H
#define GEVO_BENCHMARKS_ML_SVM_SMO_H

#include "../common/Device.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>
#include <utility>
#include <vector>

namespace gevo::ml {

struct SvmParams {
  float C = 10;
  float Gamma = 0.02f;
  float Eps = 1e-3f;
  unsigned WorkingSet = 64; ///< q, at most 1024
  unsigned MaxOuter = 2000; ///< working sets per binary problem
  int MaxInner = 10000;     ///< SMO steps per working set
  /// Kernel cache: the whole n x n kernel matrix is computed once when it
  /// fits in this many bytes, else the working set's rows every time.
  size_t CacheBytes = size_t(256) << 20;
};

/// A trained binary model over its problem's samples.
struct BinaryModel {
  std::vector<float> Coef; ///< alpha_i * y_i
  float Rho = 0;
  unsigned WorkingSets = 0; ///< outer iterations run
  float Gap = 0;            ///< global gap at the end
};

/// Samples on the device: an n x d matrix and its squared row norms.
struct DeviceSamples {
  DevPtr X, Norms;
  size_t N = 0, D = 0;
};

inline DeviceSamples uploadSamples(Device &Dev, const std::vector<float> &X,
                                   size_t N, size_t D) {
  DeviceSamples S{Dev.upload(X), Dev.alloc<float>(N), N, D};
  Dev.launch("sq_norms", {unsigned((N + 127) / 128)}, {128}, 0, S.X, int(N),
             int(D), S.Norms);
  return S;
}

/// K's rows for the samples rows[0..M) of A against all of B (rbf_rows).
inline void kernelRows(Device &Dev, const DeviceSamples &A, DevPtr Rows,
                       size_t M, const DeviceSamples &B, float Gamma,
                       DevPtr K) {
  Dev.launch("rbf_rows", {unsigned((B.N + 31) / 32), unsigned((M + 31) / 32)},
             {16, 16}, 0, A.X, A.Norms, Rows, int(M), B.X, B.Norms, int(B.N),
             int(B.D), Gamma, K);
}

inline unsigned powerOfTwoAtLeast(size_t N) {
  unsigned P = 1;
  while (P < N)
    P <<= 1;
  return P;
}

inline bool inUp(float Y, float A, float C) {
  return (Y > 0 && A < C) || (Y < 0 && A > 0);
}
inline bool inLow(float Y, float A, float C) {
  return (Y > 0 && A > 0) || (Y < 0 && A < C);
}

/// The Q most violating samples, taken alternately from I_up by increasing
/// f and from I_low by decreasing f; Gap gets max_low f - min_up f (-inf
/// when a set is empty). Samples whose f is NaN are in neither set.
inline std::vector<int> selectWorkingSet(const std::vector<float> &F,
                                         const std::vector<float> &Alpha,
                                         const std::vector<float> &Y, float C,
                                         size_t Q, float &Gap) {
  std::vector<std::pair<float, int>> Up, Low;
  for (size_t I = 0; I < F.size(); ++I) {
    if (std::isnan(F[I]))
      continue;
    if (inUp(Y[I], Alpha[I], C))
      Up.push_back({F[I], int(I)});
    if (inLow(Y[I], Alpha[I], C))
      Low.push_back({-F[I], int(I)});
  }
  std::sort(Up.begin(), Up.end());
  std::sort(Low.begin(), Low.end());
  Gap = Up.empty() || Low.empty() ? -std::numeric_limits<float>::infinity()
                                  : -Low[0].first - Up[0].first;
  std::vector<int> Ws;
  std::set<int> Taken;
  size_t U = 0, L = 0;
  while (Ws.size() < Q && (U < Up.size() || L < Low.size())) {
    auto &List = (Ws.size() % 2 == 0 && U < Up.size()) || L >= Low.size()
                     ? Up
                     : Low;
    size_t &Pos = &List == &Up ? U : L;
    int I = List[Pos++].second;
    if (Taken.insert(I).second)
      Ws.push_back(I);
  }
  return Ws;
}

/// rho: the mean f of the free support vectors, or the middle of the
/// bracket [max_low f, min_up f] when there is none.
inline float computeRho(const std::vector<float> &F,
                        const std::vector<float> &Alpha,
                        const std::vector<float> &Y, float C) {
  double Sum = 0;
  size_t Free = 0;
  float MinUp = std::numeric_limits<float>::infinity(), MaxLow = -MinUp;
  for (size_t I = 0; I < F.size(); ++I) {
    if (Alpha[I] > 0 && Alpha[I] < C) {
      Sum += F[I];
      ++Free;
    }
    if (inUp(Y[I], Alpha[I], C))
      MinUp = std::min(MinUp, F[I]);
    if (inLow(Y[I], Alpha[I], C))
      MaxLow = std::max(MaxLow, F[I]);
  }
  if (Free > 0)
    return float(Sum / double(Free));
  return std::isfinite(MinUp) && std::isfinite(MaxLow) ? (MinUp + MaxLow) / 2
                                                       : 0.0f;
}

/// Trains on the samples S with labels \p Y (+1 / -1, S.N of them).
inline BinaryModel trainBinary(Device &Dev, const DeviceSamples &S,
                               const std::vector<float> &Y,
                               const SvmParams &P) {
  size_t N = S.N;
  size_t Q = std::min<size_t>(P.WorkingSet, N);
  unsigned Threads = powerOfTwoAtLeast(Q);
  std::vector<float> F(N), Alpha(N, 0.0f);
  for (size_t I = 0; I < N; ++I)
    F[I] = -Y[I];
  DevPtr DY = Dev.upload(Y), DAlpha = Dev.upload(Alpha), DF = Dev.upload(F);
  DevPtr DWs = Dev.alloc<int>(Q), DDiff = Dev.alloc<float>(Q);

  // With the kernel cache, a working-set slot's row is its sample's row of
  // the whole matrix (krow = ws); without, the rows computed for it.
  bool Cached = N * N * sizeof(float) <= P.CacheBytes;
  DevPtr DK = Dev.alloc<float>((Cached ? N : Q) * N);
  DevPtr DKRow = DWs;
  if (Cached) {
    std::vector<int> All(N);
    std::iota(All.begin(), All.end(), 0);
    kernelRows(Dev, S, Dev.upload(All), N, S, P.Gamma, DK);
  } else {
    std::vector<int> Slots(Q);
    std::iota(Slots.begin(), Slots.end(), 0);
    DKRow = Dev.upload(Slots);
  }

  BinaryModel M;
  for (; M.WorkingSets < P.MaxOuter; ++M.WorkingSets) {
    std::vector<int> Ws = selectWorkingSet(F, Alpha, Y, P.C, Q, M.Gap);
    if (!(M.Gap >= P.Eps))
      break;
    int Q1 = int(Ws.size());
    Dev.write(DWs, Ws);
    if (!Cached)
      kernelRows(Dev, S, DWs, size_t(Q1), S, P.Gamma, DK);
    Dev.launch("smo_solve", {1}, {Threads}, 4 * Threads * 4, DWs, DKRow, Q1,
               DY, DAlpha, DF, DK, int(N), P.C, P.Eps, P.MaxInner, DDiff);
    Dev.launch("update_f", {unsigned((N + 127) / 128)}, {128}, 0, DF, DDiff,
               DKRow, DK, Q1, int(N));
    F = Dev.read<float>(DF, N);
    Alpha = Dev.read<float>(DAlpha, N);
  }
  M.Coef.resize(N);
  for (size_t I = 0; I < N; ++I)
    M.Coef[I] = Alpha[I] * Y[I];
  M.Rho = computeRho(F, Alpha, Y, P.C);
  return M;
}

} // namespace gevo::ml

#endif
