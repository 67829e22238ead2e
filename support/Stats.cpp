//===- Stats.cpp - The statistics every part of gevo uses ----------------===//

#include "gevo/support/Stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gevo {

double mean(const std::vector<double> &X) {
  if (X.empty())
    return NAN;
  return std::accumulate(X.begin(), X.end(), 0.0) / double(X.size());
}

double stddev(const std::vector<double> &X) {
  if (X.size() < 2)
    return 0;
  double M = mean(X), Sum = 0;
  for (double V : X)
    Sum += (V - M) * (V - M);
  return std::sqrt(Sum / double(X.size() - 1));
}

double median(std::vector<double> X) { return quantile(std::move(X), 0.5); }

double quantile(std::vector<double> X, double Q) {
  if (X.empty())
    return NAN;
  std::sort(X.begin(), X.end());
  double Pos = std::clamp(Q, 0.0, 1.0) * double(X.size() - 1);
  size_t Lo = size_t(std::floor(Pos));
  size_t Hi = std::min(Lo + 1, X.size() - 1);
  return X[Lo] + (Pos - double(Lo)) * (X[Hi] - X[Lo]);
}

double medianSpread(std::vector<double> X) {
  size_t N = X.size();
  double Mid = median(X);
  if (N < 2)
    return HUGE_VAL;
  if (!(Mid > 0))
    return 0;
  std::sort(X.begin(), X.end());
  double Half = 1.96 * std::sqrt(double(N)) / 2;
  auto Low = size_t(std::max(1.0, std::floor(N / 2.0 - Half)));
  auto High = size_t(std::min(double(N), std::ceil(1 + N / 2.0 + Half)));
  return (X[High - 1] - X[Low - 1]) / 2 / Mid;
}

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

} // namespace gevo
