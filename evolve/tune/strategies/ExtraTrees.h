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

/// Reorders Items[0, N) as libstdc++'s std::partition does with a
/// predicate true for the items at the positions I with Under[I] (moved
/// first), without a branch per item: that swaps the k-th item from the
/// left that is not under with the k-th from the right that is, while the
/// first is left of the second, and those are the items on the wrong side
/// of the count under. Returns that count; Buf is scratch.
inline size_t partitionAsStd(uint32_t *Items, const uint8_t *Under, size_t N,
                             std::vector<uint32_t> &Buf) {
  size_t Mid = 0;
  for (size_t I = 0; I < N; ++I)
    Mid += Under[I];
  Buf.resize(2 * N);
  uint32_t *Wrong = Buf.data(), *Stray = Buf.data() + N;
  size_t NW = 0, NS = 0;
  for (size_t I = 0; I < Mid; ++I)
    Wrong[NW] = uint32_t(I), NW += !Under[I];
  for (size_t I = N; I-- > Mid;)
    Stray[NS] = uint32_t(I), NS += Under[I];
  for (size_t K = 0; K < NW; ++K)
    std::swap(Items[Wrong[K]], Items[Stray[K]]);
  return Mid;
}

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
      Roots.push_back(uint32_t(Nodes.size()));
      Nodes.emplace_back();
      grow(X, Y, Idx, 0, Rows, L, 0, R, Roots.back());
    }
  }
  bool ready() const { return !Roots.empty(); }
  /// Nodes over all trees (at most Trees x (2^(MaxDepth+1) - 1)).
  size_t nodes() const { return Nodes.size(); }

  /// Mean and standard deviation over the trees for one row of D features.
  std::pair<double, double> predict(const float *Row) const {
    double Mean, Sd;
    predict(Row, 1, &Mean, &Sd);
    return {Mean, Sd};
  }
  /// The same for Rows rows of D features (row-major), into Mean[0, Rows)
  /// and, unless null, Sd[0, Rows): Block rows walk each tree together, so
  /// their walks' loads overlap; each row sums the trees in order, as one
  /// row's walk.
  void predict(const float *X, size_t Rows, double *Mean, double *Sd = nullptr) const {
    constexpr size_t Block = 8;
    for (size_t B = 0; B < Rows; B += Block) {
      size_t K = std::min(Block, Rows - B);
      double Sum[Block] = {}, Sq[Block] = {};
      for (uint32_t Root : Roots) {
        uint32_t N[Block];
        for (size_t I = 0; I < K; ++I)
          N[I] = Root;
        for (bool Inner = true; Inner;) {
          Inner = false;
          for (size_t I = 0; I < K; ++I) {
            const Node &At = Nodes[N[I]];
            if (At.Feature < 0)
              continue;
            // Right is Left + 1 (a NaN goes right, as `<` is false).
            N[I] = At.Left + !(X[(B + I) * D + size_t(At.Feature)] < At.Value);
            Inner = true;
          }
        }
        for (size_t I = 0; I < K; ++I) {
          double V = Nodes[N[I]].Value;
          Sum[I] += V, Sq[I] += V * V;
        }
      }
      for (size_t I = 0; I < K; ++I) {
        double M = Sum[I] / double(Roots.size());
        Mean[B + I] = M;
        if (Sd)
          Sd[B + I] = std::sqrt(std::max(0.0, Sq[I] / double(Roots.size()) - M * M));
      }
    }
  }

private:
  struct Node {
    int32_t Feature; // -1: a leaf whose prediction is Value
    float Value;     // the threshold of a split
    uint32_t Left;   // the left child; the right is Left + 1
  };

  /// Nodes[Me] := the subtree of rows Idx[Lo, Hi) (reordered in place).
  void grow(const std::vector<float> &X, const std::vector<float> &Y, std::vector<uint32_t> &Idx,
            size_t Lo, size_t Hi, const Settings &L, unsigned Depth, Rng &R, uint32_t Me) {
    size_t N = Hi - Lo;
    // The node's targets, and below each drawn feature's values, gathered
    // into contiguous buffers once.
    Ys.resize(N), Xs.resize(N);
    double Sum = 0, Sq = 0;
    for (size_t I = 0; I < N; ++I) {
      float V = Y[Idx[Lo + I]];
      Ys[I] = V, Sum += V, Sq += double(V) * V;
    }
    double Sse = Sq - Sum * Sum / double(N);
    Nodes[Me] = {-1, float(Sum / double(N)), 0}; // a leaf unless split below
    if (N < L.MinSplit || Depth >= L.MaxDepth || Sse <= 1e-12)
      return;
    int BestF = -1;
    float BestT = 0;
    double BestSse = Sse;
    for (size_t K = 0; K < L.Features; ++K) {
      if (L.Features < D) // a random subset, drawn without replacement
        std::swap(Order[K], Order[K + R.below(D - K)]);
      size_t F = Order[K];
      float Min = X[Idx[Lo] * D + F], Max = Min;
      for (size_t I = 0; I < N; ++I) {
        float V = X[Idx[Lo + I] * D + F];
        Xs[I] = V, Min = std::min(Min, V), Max = std::max(Max, V);
      }
      if (!(Max > Min))
        continue;
      float T = Min + float(R.uniform()) * (Max - Min);
      if (!(T > Min))
        T = std::nextafter(Min, Max);
      // The sums of the (finite) targets left of T in row order; the rows
      // right of it add exact zeros (a branch per row would be
      // mispredicted half the time).
      double SL = 0, QL = 0;
      size_t NL = 0;
      for (size_t I = 0; I < N; ++I) {
        bool Left = Xs[I] < T;
        double V = Ys[I] * float(Left);
        SL += V, QL += V * V, NL += Left;
      }
      double SR = Sum - SL, QR = Sq - QL;
      double Split = (QL - SL * SL / double(NL)) + (QR - SR * SR / double(N - NL));
      if (Split < BestSse)
        BestSse = Split, BestF = int(F), BestT = T;
    }
    if (BestF < 0)
      return;
    Under.resize(N);
    for (size_t I = 0; I < N; ++I)
      Under[I] = X[Idx[Lo + I] * D + size_t(BestF)] < BestT;
    size_t Mid = Lo + partitionAsStd(&Idx[Lo], Under.data(), N, Wrong);
    uint32_t Left = uint32_t(Nodes.size());
    Nodes[Me] = {BestF, BestT, Left};
    Nodes.resize(Nodes.size() + 2);
    grow(X, Y, Idx, Lo, Mid, L, Depth + 1, R, Left);
    grow(X, Y, Idx, Mid, Hi, L, Depth + 1, R, Left + 1);
  }

  size_t D = 0;
  std::vector<uint32_t> Order; // feature indices, shuffled per node
  std::vector<float> Xs, Ys;   // grow's buffers: a node's values, targets
  std::vector<uint8_t> Under;  // the rows left of the best split
  std::vector<uint32_t> Wrong; // partitionAsStd's buffer
  std::vector<Node> Nodes;
  std::vector<uint32_t> Roots;
};

} // namespace gevo::evolve::tune

#endif
