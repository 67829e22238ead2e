//===- GradientBoost.h - Small gradient-boosted trees -----------*- C++ -*-===//
//
// Gradient boosting of regression trees (Friedman 2001) with the
// second-order split gain and leaf weights of XGBoost (Chen and Guestrin
// 2016): a leaf of gradient sum G and hessian sum H weighs -eta G / (H +
// lambda); a split gains (GL^2/(HL+lambda) + GR^2/(HR+lambda) -
// G^2/(H+lambda)) / 2 - gamma and needs hessian MinChild on each side.
// Trees grow level by level to Depth with exact greedy splits: every
// boundary between two distinct values of a feature among the rows is a
// candidate. Losses: pairwise ranking (each row against one row of another
// label drawn at random per round, logistic loss on the score difference
// with the hessian doubled, as XGBoost's rank:pairwise with one group),
// logistic (predicts the
// probability of label 1) and squared error.
//
// gevo's tuners need it because XGBoost's C API costs about 0.1 ms per
// boosting round whatever the rows (benchmarks/tuners, section (a)); here a
// round on n rows of d features costs O(n d Depth) with a few operations
// each (every feature's distinct values are binned once per fit).
//
// `bind` compiles the trees for inputs whose every feature is a function
// of one small discrete input (a tuning config: a feature belongs to one
// parameter, a function of its value index): each split becomes a table
// over that input's values, so scoring a config is a few table lookups per
// tree and never builds a feature vector. Deterministic: the pair draws
// come from a generator seeded by the fit's Seed.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_STRATEGIES_GRADIENTBOOST_H
#define GEVO_EVOLVE_TUNE_STRATEGIES_GRADIENTBOOST_H

#include "gevo/support/Rng.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <numeric>
#include <vector>

namespace gevo::evolve::tune {

/// A tree grown elsewhere (XGBoost's, `Booster::trees`), node 0 its root:
/// per node Feature (-1: a leaf), Value (a split's threshold: rows whose
/// feature is >= it go Right, the others Left; a leaf's weight) and the
/// children's node numbers.
struct TreeNodes {
  std::vector<int32_t> Feature, Left, Right;
  std::vector<float> Value;
};

class GradientBoost {
public:
  enum class Loss { Pairwise, Logistic, Squared };
  struct Settings {
    unsigned Rounds = 100, Depth = 3;
    unsigned Pairs = 1; ///< pairwise: pairs drawn per row and round
    double Eta = 0.3, Lambda = 1, Gamma = 1e-4, MinChild = 1;
  };

  /// A fresh model: Set.Rounds trees on X, Y.size() rows of D features
  /// (row-major).
  void fit(const std::vector<float> &X, const std::vector<float> &Y, size_t D,
           Loss L, const Settings &Set, uint64_t Seed = 0) {
    Nodes.clear(), Roots.clear(), Right.clear(), Inputs.clear(), Tables.clear(),
        Leaves.clear();
    Bound = 0;
    Depth = Set.Depth;
    Lss = L;
    Base = L == Loss::Squared ? 0.5f : 0.f;
    boost(X, Y, D, Set, Seed);
  }
  /// Set.Rounds more trees, fit on X, Y from the model's current margins
  /// (continued training: the data may have changed since the last fit).
  void boost(const std::vector<float> &X, const std::vector<float> &Y, size_t D,
             const Settings &Set, uint64_t Seed = 0) {
    size_t N = Y.size();
    if (!N)
      return;
    std::vector<float> Score(N);
    for (size_t I = 0; I < N; ++I)
      Score[I] = margin(&X[I * D]);
    bin(X, N, D);
    std::vector<double> G(N), H(N);
    Rng R(Seed + Roots.size());
    PairOrder PO(Y);
    Settings S = Set;
    S.Depth = Depth; // as the model's first trees
    for (unsigned T = 0; T < S.Rounds; ++T) {
      gradients(Y, Score, PO, S.Pairs, G, H, R);
      Roots.push_back(uint32_t(Nodes.size()));
      grow(G, H, D, S, Score);
    }
  }
  /// An empty model for trees grown elsewhere (`adopt`), of loss L and
  /// depth at most MaxDepth, its margins starting at BaseMargin: the base
  /// is a first tree (a lone leaf), so that a margin sums as XGBoost's
  /// predictor does, the base first, then each tree's leaf in order.
  void adoptStart(Loss L, unsigned MaxDepth, float BaseMargin) {
    *this = GradientBoost();
    Lss = L, Depth = MaxDepth;
    Roots.push_back(uint32_t(Nodes.size()));
    Nodes.push_back({-1, BaseMargin});
  }
  /// Appends a tree grown elsewhere (after adoptStart).
  void adopt(const TreeNodes &T) {
    Roots.push_back(uint32_t(Nodes.size()));
    Nodes.emplace_back();
    copyNode(T, 0, Roots.back());
  }

  bool ready() const { return !Roots.empty(); }
  size_t trees() const { return Roots.size(); }

  /// The prediction for one row of D features: a probability for the
  /// logistic loss, else the summed score.
  float predict(const float *Row) const { return link(margin(Row)); }
  /// The prediction for a summed margin (trees' leaves, without the base).
  float finish(float Sum) const { return link(Base + Sum); }

  /// Compiles the trees not compiled yet for discrete inputs: feature F
  /// is Table[F][V] when its input InputOf[F] takes value index V. Each
  /// tree becomes a complete tree of depth Depth (a leaf above it a split
  /// that always goes left, its leaf repeated below), so that a walk is
  /// Depth table lookups without a branch on the node's kind.
  void bind(const std::vector<uint32_t> &InputOf,
            const std::vector<std::vector<float>> &Table) {
    if (Right.empty()) { // the always-left table, as long as any input's
      size_t Most = 1;
      for (const auto &T : Table)
        Most = std::max(Most, T.size());
      Right.assign(Most, 0);
    }
    for (size_t I = Bound; I < Nodes.size(); ++I) {
      Node &Nd = Nodes[I];
      if (Nd.Feature < 0)
        continue;
      Nd.Input = InputOf[Nd.Feature];
      Nd.Table = uint32_t(Right.size());
      for (float V : Table[Nd.Feature])
        Right.push_back(V >= Nd.Threshold);
    }
    Bound = Nodes.size();
    size_t Slots = (size_t(1) << Depth) - 1;
    for (size_t T = Inputs.size() / Slots; T < Roots.size(); ++T) {
      Inputs.resize((T + 1) * Slots), Tables.resize((T + 1) * Slots);
      Leaves.resize((T + 1) * (Slots + 1));
      place(Roots[T], T, 0);
    }
  }
  /// Adds to Sum[R] the leaves of trees [From, trees()) for Rows discrete
  /// inputs (after bind), In[R * Stride + K] being row R's input K. Tree by
  /// tree, so that the walks of different rows overlap.
  void addMargins(const uint32_t *In, size_t Rows, size_t Stride, size_t From,
                  float *Sum) const {
    size_t Slots = (size_t(1) << Depth) - 1;
    for (size_t T = From; T < Roots.size(); ++T) {
      const uint32_t *Inp = &Inputs[T * Slots], *Tab = &Tables[T * Slots];
      const float *Leaf = &Leaves[T * (Slots + 1)];
      for (size_t R = 0; R < Rows; ++R) {
        const uint32_t *Row = In + R * Stride;
        size_t K = 0;
        for (unsigned D = 0; D < Depth; ++D)
          K = 2 * K + 1 + Right[Tab[K] + Row[Inp[K]]];
        Sum[R] += Leaf[K - Slots];
      }
    }
  }

private:
  struct Node {
    int32_t Feature = -1; ///< -1: a leaf, whose Threshold is its weight
    float Threshold = 0;  ///< rows with Feature >= Threshold go right
    uint32_t Left = 0;    ///< children at Left, Left + 1
    uint32_t Input = 0, Table = 0; ///< after bind
  };
  /// Rows sorted by label, and for each row the run of rows of its label.
  struct PairOrder {
    explicit PairOrder(const std::vector<float> &Y)
        : Sorted(Y.size()), Lo(Y.size()), Hi(Y.size()) {
      std::iota(Sorted.begin(), Sorted.end(), 0);
      std::stable_sort(Sorted.begin(), Sorted.end(),
                       [&](uint32_t A, uint32_t B) { return Y[A] < Y[B]; });
      for (size_t I = 0, J; I < Sorted.size(); I = J) {
        for (J = I; J < Sorted.size() && Y[Sorted[J]] == Y[Sorted[I]]; ++J)
          ;
        for (size_t K = I; K < J; ++K)
          Lo[Sorted[K]] = uint32_t(I), Hi[Sorted[K]] = uint32_t(J);
      }
    }
    std::vector<uint32_t> Sorted, Lo, Hi;
  };

  /// Node From of T into Nodes[To], its children appended as a pair.
  void copyNode(const TreeNodes &T, int32_t From, uint32_t To) {
    Nodes[To].Threshold = T.Value[From];
    if (T.Feature[From] < 0)
      return;
    uint32_t Kids = uint32_t(Nodes.size());
    Nodes[To].Feature = T.Feature[From], Nodes[To].Left = Kids;
    Nodes.resize(Kids + 2);
    copyNode(T, T.Left[From], Kids);
    copyNode(T, T.Right[From], Kids + 1);
  }

  float link(float Sum) const {
    return Lss == Loss::Logistic ? 1 / (1 + std::exp(-Sum)) : Sum;
  }
  float margin(const float *Row) const {
    float Sum = Base;
    for (uint32_t N : Roots) {
      while (Nodes[N].Feature >= 0)
        N = Nodes[N].Left + (Row[Nodes[N].Feature] >= Nodes[N].Threshold);
      Sum += Nodes[N].Threshold;
    }
    return Sum;
  }

  void gradients(const std::vector<float> &Y, const std::vector<float> &Score,
                 const PairOrder &PO, unsigned Pairs, std::vector<double> &G,
                 std::vector<double> &H, Rng &R) const {
    size_t N = Y.size();
    if (Lss != Loss::Pairwise) {
      for (size_t I = 0; I < N; ++I) {
        double P = link(Score[I]);
        G[I] = P - Y[I];
        H[I] = Lss == Loss::Logistic ? std::max(P * (1 - P), 1e-16) : 1;
      }
      return;
    }
    std::fill(G.begin(), G.end(), 0), std::fill(H.begin(), H.end(), 0);
    double Scale = 1.0 / Pairs; // each pair weighs 1 / Pairs, as XGBoost's
    for (size_t I = 0; I < N; ++I) {
      size_t Others = N - (PO.Hi[I] - PO.Lo[I]);
      for (unsigned Draw = 0; Others && Draw < Pairs; ++Draw) {
        size_t K = R.below(Others);
        uint32_t J = PO.Sorted[K < PO.Lo[I] ? K : K + (PO.Hi[I] - PO.Lo[I])];
        uint32_t Hi = Y[I] > Y[J] ? uint32_t(I) : J,
                 Lo = Hi == I ? J : uint32_t(I);
        double P = 1 / (1 + std::exp(-(double(Score[Hi]) - Score[Lo])));
        double G1 = Scale * (P - 1),
               H1 = Scale * 2 * std::max(P * (1 - P), 1e-16);
        G[Hi] += G1, G[Lo] -= G1, H[Hi] += H1, H[Lo] += H1;
      }
    }
  }

  /// Bins[F * N + I]: the rank of row I's feature F among its distinct
  /// values Cuts[F].
  void bin(const std::vector<float> &X, size_t N, size_t D) {
    Cuts.assign(D, {});
    Bins.assign(D * N, 0);
    for (size_t F = 0; F < D; ++F) {
      std::vector<float> &C = Cuts[F];
      for (size_t I = 0; I < N; ++I)
        C.push_back(X[I * D + F]);
      std::sort(C.begin(), C.end());
      C.erase(std::unique(C.begin(), C.end()), C.end());
      for (size_t I = 0; I < N; ++I)
        Bins[F * N + I] = uint32_t(
            std::lower_bound(C.begin(), C.end(), X[I * D + F]) - C.begin());
    }
  }

  /// One tree, level by level; adds its leaves to Score.
  void grow(const std::vector<double> &G, const std::vector<double> &H,
            size_t D, const Settings &S, std::vector<float> &Score) {
    constexpr uint32_t Done = UINT32_MAX;
    size_t N = G.size();
    At.assign(N, 0); // each row's open node (index in Level), or Done
    Level.assign(1, uint32_t(Nodes.size()));
    Nodes.push_back({});
    for (unsigned Lv = 0; !Level.empty(); ++Lv) {
      size_t M = Level.size();
      SG.assign(M, 0), SH.assign(M, 0);
      for (size_t I = 0; I < N; ++I)
        if (At[I] != Done)
          SG[At[I]] += G[I], SH[At[I]] += H[I];
      BestF.assign(M, -1), BestBin.assign(M, 0), BestGain.assign(M, 0);
      for (size_t F = 0; Lv < S.Depth && F < D; ++F) {
        size_t B = Cuts[F].size();
        if (B < 2)
          continue;
        Hist.assign(2 * M * B, 0);
        for (size_t I = 0; I < N; ++I)
          if (At[I] != Done) {
            double *Cell = &Hist[2 * (At[I] * B + Bins[F * N + I])];
            Cell[0] += G[I], Cell[1] += H[I];
          }
        for (size_t K = 0; K < M; ++K) {
          double GL = 0, HL = 0, Parent = SG[K] * SG[K] / (SH[K] + S.Lambda);
          for (size_t V = 0; V + 1 < B; ++V) {
            GL += Hist[2 * (K * B + V)], HL += Hist[2 * (K * B + V) + 1];
            double GR = SG[K] - GL, HR = SH[K] - HL;
            if (HL < S.MinChild || HR < S.MinChild)
              continue;
            double Gain = (GL * GL / (HL + S.Lambda) +
                           GR * GR / (HR + S.Lambda) - Parent) /
                              2 -
                          S.Gamma;
            if (Gain > BestGain[K])
              BestGain[K] = Gain, BestF[K] = int32_t(F),
              BestBin[K] = uint32_t(V);
          }
        }
      }
      Next.clear(), ChildOf.assign(M, 0);
      for (size_t K = 0; K < M; ++K) {
        if (BestF[K] < 0) {
          Nodes[Level[K]].Threshold =
              float(-S.Eta * SG[K] / (SH[K] + S.Lambda));
          continue;
        }
        const std::vector<float> &C = Cuts[BestF[K]];
        Node &Nd = Nodes[Level[K]];
        Nd.Feature = BestF[K];
        Nd.Threshold = (C[BestBin[K]] + C[BestBin[K] + 1]) / 2;
        Nd.Left = uint32_t(Nodes.size());
        ChildOf[K] = uint32_t(Next.size());
        Next.push_back(Nd.Left), Next.push_back(Nd.Left + 1);
        Nodes.push_back({}), Nodes.push_back({});
      }
      for (size_t I = 0; I < N; ++I) {
        if (At[I] == Done)
          continue;
        uint32_t K = At[I];
        if (BestF[K] < 0) {
          Score[I] += Nodes[Level[K]].Threshold;
          At[I] = Done;
        } else {
          At[I] = ChildOf[K] + (Bins[size_t(BestF[K]) * N + I] > BestBin[K]);
        }
      }
      Level.swap(Next);
    }
  }

  std::vector<Node> Nodes;
  std::vector<uint32_t> Roots;
  // grow's scratch, kept between trees.
  std::vector<uint32_t> At, Level, Next, ChildOf, BestBin;
  std::vector<double> SG, SH, BestGain, Hist;
  std::vector<int32_t> BestF;

  /// Slot K of tree T's complete tree (K < Slots) sends input Row[Inputs[T *
  /// Slots + K]] = V right when Right[Tables[T * Slots + K] + V].
  void place(uint32_t N, size_t T, size_t K) {
    size_t Slots = (size_t(1) << Depth) - 1;
    if (K >= Slots) {
      Leaves[T * (Slots + 1) + K - Slots] = Nodes[N].Threshold;
      return;
    }
    bool Leaf = Nodes[N].Feature < 0;
    Inputs[T * Slots + K] = Leaf ? 0 : Nodes[N].Input;
    Tables[T * Slots + K] = Leaf ? 0 : Nodes[N].Table;
    place(Leaf ? N : Nodes[N].Left, T, 2 * K + 1);
    place(Leaf ? N : Nodes[N].Left + 1, T, 2 * K + 2);
  }

  std::vector<uint8_t>
      Right;        ///< after bind: per split, go right by input value
  size_t Bound = 0; ///< Nodes[0, Bound) are compiled
  unsigned Depth = 3;
  std::vector<uint32_t> Inputs,
      Tables; ///< after bind: the complete trees' slots
  std::vector<float> Leaves;
  std::vector<std::vector<float>> Cuts;
  std::vector<uint32_t> Bins;
  float Base = 0;
  Loss Lss = Loss::Squared;
};

} // namespace gevo::evolve::tune

#endif
