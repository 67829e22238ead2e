//===- Stats.cpp - Rank statistics ----------------------------------------===//

#include "gevo/evolve/Stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gevo::evolve {

std::vector<double> ranks(const std::vector<double> &X) {
  std::vector<size_t> Order(X.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t A, size_t B) { return X[A] < X[B]; });
  std::vector<double> R(X.size());
  for (size_t I = 0; I < Order.size();) {
    size_t J = I;
    while (J < Order.size() && X[Order[J]] == X[Order[I]])
      ++J;
    double Mean = (double(I + 1) + double(J)) / 2; // ranks I+1 .. J
    for (size_t K = I; K < J; ++K)
      R[Order[K]] = Mean;
    I = J;
  }
  return R;
}

double spearman(const std::vector<double> &X, const std::vector<double> &Y) {
  size_t N = std::min(X.size(), Y.size());
  if (N < 2)
    return 0;
  std::vector<double> A = ranks({X.begin(), X.begin() + N});
  std::vector<double> B = ranks({Y.begin(), Y.begin() + N});
  double MeanRank = (double(N) + 1) / 2;
  double Cov = 0, VarA = 0, VarB = 0;
  for (size_t I = 0; I < N; ++I) {
    Cov += (A[I] - MeanRank) * (B[I] - MeanRank);
    VarA += (A[I] - MeanRank) * (A[I] - MeanRank);
    VarB += (B[I] - MeanRank) * (B[I] - MeanRank);
  }
  return VarA > 0 && VarB > 0 ? Cov / std::sqrt(VarA * VarB) : 0;
}

} // namespace gevo::evolve
