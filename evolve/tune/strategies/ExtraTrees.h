//===- ExtraTrees.h - A small extremely randomised trees regressor -*- C++ -*-===//
//
// Geurts, Ernst and Wehenkel's extra-trees (2006): each tree is grown on
// all rows; a node above MaxDepth with at least MinSplit rows and distinct
// targets draws, for each of Features random features (all by default)
// that is not constant in it, one threshold uniformly between the
// feature's minimum and maximum there, and keeps the split that lowers the
// summed squared error most. A leaf predicts its rows' mean. The forest
// predicts the mean over trees and their spread (standard deviation),
// which Bayesian optimisation reads as the model's uncertainty.
//
// Cost: a tree on n rows and d features is O(d n MaxDepth) to grow (each
// level passes over every row twice per feature); predicting a row is one
// walk of at most MaxDepth nodes per tree. Randomness comes only from the Rng
// passed in, so a fit is deterministic for a seed.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_STRATEGIES_EXTRATREES_H
#define GEVO_EVOLVE_TUNE_STRATEGIES_EXTRATREES_H

#include "gevo/support/Rng.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

namespace gevo::evolve::tune {

class ExtraTrees {
public:
  struct Settings {
    unsigned Trees = 20;
    unsigned MinSplit = 3;  ///< nodes of fewer rows are leaves
    unsigned MaxDepth = 10; ///< and so are nodes this deep
    unsigned Features = 0;  ///< features drawn per node (0: all)
  };

  /// X: Rows x D row-major, Y: Rows targets.
  void fit(const std::vector<float> &X, const std::vector<float> &Y, size_t D, const Settings &Set,
           Rng &R) {
    Nodes.clear();
    Roots.clear();
    this->D = D;
    Order.resize(D);
    std::iota(Order.begin(), Order.end(), 0);
    size_t Rows = Y.size();
    if (!Rows)
      return;
    Settings L = Set;
    L.MinSplit = std::max(2u, L.MinSplit);
    if (!L.Features || L.Features > D)
      L.Features = unsigned(D);
    std::vector<uint32_t> Idx(Rows);
    for (unsigned T = 0; T < L.Trees; ++T) {
      std::iota(Idx.begin(), Idx.end(), 0);
      Roots.push_back(grow(X, Y, Idx, 0, Rows, L, 0, R));
    }
  }
  bool ready() const { return !Roots.empty(); }
  /// Nodes over all trees (at most Trees x (2^(MaxDepth+1) - 1)).
  size_t nodes() const { return Nodes.size(); }

  /// Mean and standard deviation over the trees for one row of D features.
  std::pair<double, double> predict(const float *Row) const {
    double Sum = 0, Sq = 0;
    for (uint32_t Root : Roots) {
      uint32_t N = Root;
      while (Nodes[N].Feature >= 0)
        N = Row[Nodes[N].Feature] < Nodes[N].Value ? Nodes[N].Left : Nodes[N].Right;
      Sum += Nodes[N].Value;
      Sq += double(Nodes[N].Value) * Nodes[N].Value;
    }
    double M = Sum / Roots.size();
    return {M, std::sqrt(std::max(0.0, Sq / Roots.size() - M * M))};
  }

private:
  struct Node {
    int32_t Feature; // -1: a leaf whose prediction is Value
    float Value;     // the threshold of a split
    uint32_t Left, Right;
  };

  uint32_t leaf(const std::vector<float> &Y, const std::vector<uint32_t> &Idx, size_t Lo,
                size_t Hi) {
    double Sum = 0;
    for (size_t I = Lo; I < Hi; ++I)
      Sum += Y[Idx[I]];
    Nodes.push_back({-1, float(Sum / double(Hi - Lo)), 0, 0});
    return uint32_t(Nodes.size() - 1);
  }

  /// Grows the subtree of rows Idx[Lo, Hi) (reordered in place).
  uint32_t grow(const std::vector<float> &X, const std::vector<float> &Y,
                std::vector<uint32_t> &Idx, size_t Lo, size_t Hi, const Settings &L, unsigned Depth,
                Rng &R) {
    size_t N = Hi - Lo;
    double Sum = 0, Sq = 0;
    for (size_t I = Lo; I < Hi; ++I)
      Sum += Y[Idx[I]], Sq += double(Y[Idx[I]]) * Y[Idx[I]];
    double Sse = Sq - Sum * Sum / double(N);
    if (N < L.MinSplit || Depth >= L.MaxDepth || Sse <= 1e-12)
      return leaf(Y, Idx, Lo, Hi);
    int BestF = -1;
    float BestT = 0;
    double BestSse = Sse;
    for (size_t K = 0; K < L.Features; ++K) {
      if (L.Features < D) // a random subset, drawn without replacement
        std::swap(Order[K], Order[K + R.below(D - K)]);
      size_t F = Order[K];
      float Min = X[Idx[Lo] * D + F], Max = Min;
      for (size_t I = Lo + 1; I < Hi; ++I) {
        float V = X[Idx[I] * D + F];
        Min = std::min(Min, V), Max = std::max(Max, V);
      }
      if (!(Max > Min))
        continue;
      float T = Min + float(R.uniform()) * (Max - Min);
      if (!(T > Min))
        T = std::nextafter(Min, Max);
      double SL = 0, QL = 0;
      size_t NL = 0;
      for (size_t I = Lo; I < Hi; ++I)
        if (X[Idx[I] * D + F] < T)
          SL += Y[Idx[I]], QL += double(Y[Idx[I]]) * Y[Idx[I]], ++NL;
      double SR = Sum - SL, QR = Sq - QL;
      double Split = (QL - SL * SL / double(NL)) + (QR - SR * SR / double(N - NL));
      if (Split < BestSse)
        BestSse = Split, BestF = int(F), BestT = T;
    }
    if (BestF < 0)
      return leaf(Y, Idx, Lo, Hi);
    size_t Mid = size_t(std::partition(Idx.begin() + Lo, Idx.begin() + Hi,
                                       [&](uint32_t I) { return X[I * D + BestF] < BestT; }) -
                        Idx.begin());
    uint32_t Me = uint32_t(Nodes.size());
    Nodes.push_back({BestF, BestT, 0, 0});
    uint32_t Left = grow(X, Y, Idx, Lo, Mid, L, Depth + 1, R);
    uint32_t Right = grow(X, Y, Idx, Mid, Hi, L, Depth + 1, R);
    Nodes[Me].Left = Left, Nodes[Me].Right = Right;
    return Me;
  }

  size_t D = 0;
  std::vector<uint32_t> Order; // feature indices, shuffled per node
  std::vector<Node> Nodes;
  std::vector<uint32_t> Roots;
};

} // namespace gevo::evolve::tune

#endif
