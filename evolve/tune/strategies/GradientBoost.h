//===- GradientBoost.h - Small gradient-boosted trees -----------*- C++ -*-===//
//
// Gradient boosting of regression trees (Friedman 2001) as XGBoost 1.7
// (Chen and Guestrin 2016) grows them with tree_method exact and the
// settings AutoTVM gives it: the same trees, leaf for leaf and bit for bit
// (a unit test compares them with Debian's libxgboost for each loss).
// Trees grow level by level to Depth by exact greedy splits; a leaf of
// gradient sum G and hessian sum H weighs -eta G / (H + lambda), a split
// needs hessian MinChild on each side and is undone when its loss change
// is under gamma (XGBoost's prune). Losses: pairwise ranking (XGBoost's
// rank:pairwise with one group: each row against a row of another label
// drawn at random per round, from XGBoost's generator and seeds),
// logistic (predicts the probability of label 1) and squared error.
//
// gevo's tuners need it because XGBoost's C API costs about 0.1 ms per
// boosting round whatever the rows (benchmarks/tuners, section (a)); here a
// round on n rows of d features costs O(n d Depth) with a few operations
// each (every feature's column is sorted once per fit). XGBoost sums the
// gradients row by row in each column's order, and a double's sum depends
// on its order; but in a round whose gradients all share a fine enough
// grid (`exactSums`: the usual case, checked per round) every such sum is
// exact, so the sums come from histograms per node, feature and value
// instead (a child's as its parent's less its sibling's), and a split is
// weighed once per value rather than once per row: the same trees, about
// twice as fast. Other rounds take the row-by-row scan.
//
// `bind` compiles the trees for discrete inputs (CompiledTrees.h: a tuning
// config scored by a few table lookups per tree, never a feature vector).
// Deterministic: a fit's Seed (0: XGBoost's) offsets the pair draws' seeds.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_STRATEGIES_GRADIENTBOOST_H
#define GEVO_EVOLVE_TUNE_STRATEGIES_GRADIENTBOOST_H

#include "CompiledTrees.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <numeric>
#include <random>
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

/// std::uniform_int_distribution<unsigned>(0, Range - 1) over
/// std::minstd_rand, drawn as libstdc++ draws it (the generator's range is
/// not a power of two, so: values at or above the largest multiple of
/// Range under it redrawn, the rest divided by its quotient), with that
/// quotient computed once instead of per draw. A unit test compares the
/// two.
class UniformBelow {
public:
  explicit UniformBelow(uint32_t Range)
      : Scaling(Span / Range), Past(Range * Scaling) {}
  uint32_t operator()(std::minstd_rand &R) const {
    uint32_t V;
    do
      V = uint32_t(R() - std::minstd_rand::min());
    while (V >= Past);
    return V / Scaling;
  }

private:
  static constexpr uint32_t Span =
      uint32_t(std::minstd_rand::max() - std::minstd_rand::min());
  uint32_t Scaling, Past;
};

class GradientBoost {
public:
  enum class Loss { Pairwise, Logistic, Squared };
  struct Settings {
    unsigned Rounds = 100, Depth = 3;
    unsigned Pairs = 1; ///< pairwise: pairs drawn per row and round
    double Eta = 0.3, Lambda = 1, Gamma = 1e-4, MinChild = 1;
    /// Sum through histograms in the rounds where that is exact (the
    /// same trees; off: always the scan, for tests).
    bool Histograms = true;
  };

  /// A fresh model: Set.Rounds trees on X, Y.size() rows of D features
  /// (row-major), after a first tree of XGBoost's base_score 0.5 as a
  /// margin (logit(0.5) = 0 for the logistic loss).
  void fit(const std::vector<float> &X, const std::vector<float> &Y, size_t D,
           Loss L, const Settings &Set, uint64_t Seed = 0) {
    adoptStart(L, Set.Depth, L == Loss::Logistic ? 0.f : 0.5f);
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
    sortColumns(X, N, D);
    binColumns(N, D);
    std::vector<float> G(N), H(N);
    if (Lss == Loss::Pairwise)
      order(Y);
    Settings S = Set;
    S.Depth = Depth; // as the model's first trees
    for (unsigned T = 0; T < S.Rounds; ++T) {
      // XGBoost draws round r's pairs from minstd_rand((r + 1) * 1111).
      gradients(Y, Score, S.Pairs, uint32_t((Rounds + 1) * 1111 + Seed), G, H);
      bool Exact = S.Histograms && exactSums(G) && exactSums(H) &&
                   std::all_of(H.begin(), H.end(), [](float V) { return V > 0; });
      HistogramRounds += Exact;
      grow(X, G, H, D, S, Score, Exact);
      ++Rounds;
    }
  }
  /// An empty model of loss L and depth at most MaxDepth whose first tree
  /// is a lone leaf, BaseMargin, so that a margin sums as XGBoost's
  /// predictor does, the base first, then each tree's leaf in order: for
  /// `fit`, or for trees grown elsewhere (`adopt`).
  void adoptStart(Loss L, unsigned MaxDepth, float BaseMargin) {
    Nodes.clear(), Roots.clear(), Compiled.clear();
    Rounds = 0, HistogramRounds = 0;
    Lss = L, Depth = MaxDepth;
    Roots.push_back(0);
    Nodes.push_back({-1, BaseMargin});
  }
  /// No model (ready() is false); the buffers stay for the next fit.
  void clear() { adoptStart(Lss, Depth, 0), Roots.clear(), Nodes.clear(); }
  /// Appends a tree grown elsewhere (after adoptStart).
  void adopt(const TreeNodes &T) {
    Roots.push_back(uint32_t(Nodes.size()));
    Nodes.emplace_back();
    copyNode(T, 0, Roots.back());
  }

  bool ready() const { return !Roots.empty(); }
  /// Rounds grown through histograms (the others by the scan).
  size_t histogramRounds() const { return HistogramRounds; }
  size_t trees() const { return Roots.size(); }

  /// The prediction for one row of D features: a probability for the
  /// logistic loss, else the summed score.
  float predict(const float *Row) const { return link(margin(Row)); }
  /// The prediction for a margin: every tree's leaf summed (`addMargins`
  /// from tree 0, the base's included).
  float finish(float Sum) const { return link(Sum); }

  /// Compiles the trees not compiled yet for discrete inputs: feature F
  /// is Table[F][V] when its input InputOf[F] takes value index V
  /// (CompiledTrees::bind).
  void bind(const std::vector<uint32_t> &InputOf,
            const std::vector<std::vector<float>> &Table) {
    Compiled.bind(Nodes, Roots, Depth, InputOf, Table);
  }
  /// Adds to Sum[R] the leaves of trees [From, trees()) for Rows discrete
  /// inputs (after bind), In[R * Stride + K] being row R's input K.
  void addMargins(const uint32_t *In, size_t Rows, size_t Stride, size_t From,
                  float *Sum) const {
    Compiled.addMargins(In, Rows, Stride, From, Sum);
  }

private:
  /// A histogram's bin: the sums of its rows' gradients (every row's
  /// hessian is positive where histograms are used, so H > 0 where the
  /// bin has rows).
  struct HistBin {
    double G = 0, H = 0;
  };
  using Node = CompiledTrees::Node; ///< children at Left, Left + 1
  /// A row's node or open node that is none: the row is in a leaf.
  static constexpr uint32_t Done = UINT32_MAX;
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
    float Sum = 0;
    for (uint32_t N : Roots) {
      while (Nodes[N].Feature >= 0)
        N = Nodes[N].Left + (Row[Nodes[N].Feature] >= Nodes[N].Threshold);
      Sum += Nodes[N].Threshold;
    }
    return Sum;
  }

  /// XGBoost's gradients, in floats as its GradientPair: squared error
  /// and logistic per row; pairwise as its rank:pairwise with one group:
  /// the rows ordered by score (stably, best first), then by label (stably,
  /// highest first), and for each row Pairs partners drawn from the rows of
  /// other labels (uniform_int_distribution over minstd_rand(PairSeed)),
  /// each pair's logistic gradient added to both rows in draw order. The
  /// label order is fixed within a boost (`order`), so a round only sorts
  /// the rows of a repeated label by score.
  void gradients(const std::vector<float> &Y, const std::vector<float> &Score,
                 unsigned Pairs, uint32_t PairSeed, std::vector<float> &G,
                 std::vector<float> &H) {
    size_t N = Y.size();
    if (Lss != Loss::Pairwise) {
      for (size_t I = 0; I < N; ++I) {
        float P = link(Score[I]);
        G[I] = P - Y[I];
        H[I] = Lss == Loss::Logistic ? std::max(P * (1.f - P), 1e-16f) : 1.f;
      }
      return;
    }
    std::fill(G.begin(), G.end(), 0.f), std::fill(H.begin(), H.end(), 0.f);
    // ByLabel: the rows by label, highest first (Runs: where each label's
    // run starts), within a run by score, highest first, then row.
    for (size_t K = 0; K + 1 < Runs.size(); ++K)
      if (Runs[K + 1] - Runs[K] > 1)
        std::sort(ByLabel.begin() + Runs[K], ByLabel.begin() + Runs[K + 1],
                  [&](uint32_t A, uint32_t B) {
                    return Score[A] != Score[B] ? Score[A] > Score[B] : A < B;
                  });
    std::minstd_rand R(PairSeed);
    Drawn.resize(N * Pairs); // (row of the higher label, row of the lower)
    size_t Pair = 0;
    for (size_t K = 0; K + 1 < Runs.size(); ++K) {
      uint32_t I = Runs[K], J = Runs[K + 1];
      auto Others = unsigned(N - (J - I));
      if (!Others)
        continue;
      UniformBelow Below(Others);
      for (unsigned Draw = 0; Draw < Pairs; ++Draw)
        for (uint32_t P = I; P < J; ++P) {
          unsigned O = Below(R);
          Drawn[Pair++] = O < I ? std::pair{ByLabel[O], ByLabel[P]}
                                : std::pair{ByLabel[P], ByLabel[O + (J - I)]};
        }
    }
    Drawn.resize(Pair);
    float W = 1.f / float(Pairs);
    for (auto [A, B] : Drawn) {
      float P = 1.f / (1.f + std::exp(-(Score[A] - Score[B])));
      float G1 = (P - 1.f) * W, H1 = 2.f * W * std::max(P * (1.f - P), 1e-16f);
      G[A] += G1, H[A] += H1;
      G[B] += -G1, H[B] += H1;
    }
  }

  /// ByLabel: the rows stably sorted by label, highest first; Runs[K]:
  /// where the K-th label's rows start, then N.
  void order(const std::vector<float> &Y) {
    ByLabel.resize(Y.size());
    std::iota(ByLabel.begin(), ByLabel.end(), 0u);
    std::stable_sort(ByLabel.begin(), ByLabel.end(),
                     [&](uint32_t A, uint32_t B) { return Y[A] > Y[B]; });
    Runs.clear();
    for (uint32_t I = 0; I < ByLabel.size(); ++I)
      if (!I || Y[ByLabel[I]] != Y[ByLabel[I - 1]])
        Runs.push_back(I);
    Runs.push_back(uint32_t(ByLabel.size()));
  }

  /// Column F: the rows by their feature F, as XGBoost's exact method
  /// orders a column (its entries in row order, then std::sort by value,
  /// which leaves equal values in the order XGBoost's does), so that a
  /// scan sums the same numbers in the same order.
  void sortColumns(const std::vector<float> &X, size_t N, size_t D) {
    Columns.resize(D);
    for (size_t F = 0; F < D; ++F) {
      std::vector<Entry> &C = Columns[F];
      C.resize(N);
      for (size_t I = 0; I < N; ++I)
        C[I] = {uint32_t(I), X[I * D + F]};
      std::sort(C.begin(), C.end(),
                [](const Entry &A, const Entry &B) { return A.Value < B.Value; });
    }
  }

  /// One tree by XGBoost's exact method (its `grow_colmaker,prune`),
  /// appended to the model, its leaves added to Score. Level by level: a
  /// node's best split is found per feature by scanning its column from
  /// the highest value down, summing the rows above a boundary as its
  /// right side (the left is the node's sums less those), a split at the
  /// midpoint between two values the node's rows take gaining loss_chg =
  /// GL^2/(HL+lambda) + GR^2/(HR+lambda) - G^2/(H+lambda) (each term a
  /// float, as XGBoost's); the first best is kept (features in order, and
  /// within one the highest boundary). A node splits when loss_chg > 1e-6
  /// and both sides have hessian MinChild. Then, bottom up, a split whose
  /// sides are both leaves and whose loss_chg < Gamma becomes a leaf again.
  /// A leaf weighs Eta x -G/(H+lambda) (0 when H < MinChild).
  ///
  /// With Exact (every sum of the rows' G, and of their H, is exact in a
  /// double, so any order of summation gives it; every H positive), the
  /// sums come from histograms: per node, feature and value, the sums of
  /// its rows, then each feature's values scanned from the highest down,
  /// one step per value the node's rows take; the same splits, far fewer
  /// steps.
  void grow(const std::vector<float> &X, const std::vector<float> &G,
            const std::vector<float> &H, size_t D, const Settings &S,
            std::vector<float> &Score, bool Exact) {
    const float Lambda = float(S.Lambda), MinChild = float(S.MinChild),
                Eta = float(S.Eta), Gamma = float(S.Gamma);
    auto Gain = [&](double SumG, double SumH) { // as XGBoost 1.7 rounds it
      return SumH <= 0 ? 0.f : float(SumG * SumG) / float(SumH + Lambda);
    };
    auto Weight = [&](double SumG, double SumH) {
      return SumH < MinChild || SumH <= 0 ? 0.f : float(-SumG / (SumH + Lambda));
    };
    size_t N = G.size();
    TreeNodes T; // grown here, then pruned, then appended
    std::vector<float> Chg, BaseWeight; // per node: its split's, its own
    auto AddNode = [&] {
      T.Feature.push_back(-1), T.Left.push_back(-1), T.Right.push_back(-1);
      T.Value.push_back(0), Chg.push_back(0), BaseWeight.push_back(0);
    };
    AddNode();
    At.assign(N, 0);      // each row's open node (index in Level), or Done
    RowNode.assign(N, 0); // each row's node in T
    Level.assign(1, 0);
    for (unsigned Lv = 0; !Level.empty(); ++Lv) {
      size_t M = Level.size();
      bool Split = Lv < S.Depth, Hist = Exact && Split && D;
      if (Hist && Lv == 0)
        rootHistogram(G, H, D);
      SG.assign(M, 0), SH.assign(M, 0);
      if (Hist) { // exact sums: feature 0's bins summed in any order
        for (size_t K = 0; K < M; ++K)
          for (size_t V = BinAt[0]; V < BinAt[1]; ++V)
            SG[K] += Histogram[K * BinAt.back() + V].G,
                SH[K] += Histogram[K * BinAt.back() + V].H;
        for (size_t I = 0; I < N; ++I)
          if (At[I] != Done)
            RowNode[I] = Level[At[I]];
      } else {
        Rows.resize(N);
        for (size_t I = 0; I < N; ++I) {
          if (Split) // the scan's
            Rows[I] = {At[I], G[I], H[I]};
          if (At[I] != Done)
            SG[At[I]] += G[I], SH[At[I]] += H[I], RowNode[I] = Level[At[I]];
        }
      }
      BestF.assign(M, -1), BestThr.assign(M, 0), BestChg.assign(M, 0);
      Root.resize(M);
      for (size_t K = 0; K < M; ++K)
        Root[K] = Gain(SG[K], SH[K]);
      // A node's scan of one feature meets a row of value Value: the
      // split below it is weighed if the right side already has rows of a
      // higher value; Step then adds the row to the right side.
      auto Weigh = [&](Lane &A, float Value, uint32_t K) {
        if (A.HR != 0 && Value != A.Last && A.HR >= MinChild &&
            SH[K] - A.HR >= MinChild) {
          float Ch = (Gain(SG[K] - A.GR, SH[K] - A.HR) + Gain(A.GR, A.HR)) - Root[K];
          if (Ch > A.Chg)
            A.Chg = Ch, A.Thr = (Value + A.Last) * 0.5f;
        }
        A.Last = Value;
      };
      auto Step = [&](Lane &A, const Entry &E, const RowStat &R) {
        Weigh(A, E.Value, R.K);
        A.GR += R.G, A.HR += R.H;
      };
      if (Hist)
        histogramScan(M, D, MinChild, Gain);
      // Else the scan: Lanes features at once (independent chains of
      // sums), each lane's first best per node kept, then merged in
      // feature order: the choice a scan of one feature after another
      // makes. At the root every row is in node 0, and the lanes stay in
      // registers.
      constexpr size_t Lanes = 4;
      for (size_t F0 = 0; !Hist && Split && F0 < D; F0 += Lanes) {
        size_t L = std::min(Lanes, D - F0);
        Scan.assign(Lanes * M, {});
        if (M == 1 && Lv == 0) {
          Lane Own[Lanes] = {};
          for (size_t J = N; J-- > 0;)
            for (size_t F = 0; F < Lanes; ++F)
              if (F < L) {
                const Entry &E = Columns[F0 + F][J];
                Step(Own[F], E, Rows[E.Row]);
              }
          std::copy(Own, Own + L, Scan.begin());
        } else {
          for (size_t J = N; J-- > 0;)
            for (size_t F = 0; F < L; ++F) {
              const Entry &E = Columns[F0 + F][J];
              const RowStat &R = Rows[E.Row];
              if (R.K != Done)
                Step(Scan[F * M + R.K], E, R);
            }
        }
        for (size_t F = 0; F < L; ++F)
          for (size_t K = 0; K < M; ++K)
            if (Scan[F * M + K].Chg > BestChg[K])
              BestChg[K] = Scan[F * M + K].Chg, BestF[K] = int32_t(F0 + F),
              BestThr[K] = Scan[F * M + K].Thr;
      }
      Next.clear(), ChildOf.assign(M, Done);
      for (size_t K = 0; K < M; ++K) {
        uint32_t Nd = Level[K];
        BaseWeight[Nd] = Weight(SG[K], SH[K]);
        T.Value[Nd] = BaseWeight[Nd] * Eta;
        if (BestF[K] < 0 || !(BestChg[K] > 1e-6f))
          continue;
        T.Feature[Nd] = BestF[K];
        T.Value[Nd] = BestThr[K];
        Chg[Nd] = BestChg[K];
        T.Left[Nd] = int32_t(T.Feature.size()), AddNode();
        T.Right[Nd] = int32_t(T.Feature.size()), AddNode();
        ChildOf[K] = uint32_t(Next.size());
        Next.push_back(uint32_t(T.Left[Nd])), Next.push_back(uint32_t(T.Right[Nd]));
      }
      for (size_t I = 0; I < N; ++I) {
        if (At[I] == Done)
          continue;
        uint32_t K = At[I];
        At[I] = ChildOf[K] == Done
                    ? Done
                    : ChildOf[K] + !(X[I * D + size_t(BestF[K])] < BestThr[K]);
      }
      if (Hist && Lv + 1 < S.Depth && !Next.empty())
        childHistograms(G, H, M, D);
      Level.swap(Next);
    }
    // XGBoost's prune, bottom up (a node's children are numbered after
    // it): a split of two leaves whose loss_chg is under Gamma becomes a
    // leaf.
    for (size_t Nd = T.Feature.size(); Nd-- > 0;)
      if (T.Feature[Nd] >= 0 && T.Feature[T.Left[Nd]] < 0 &&
          T.Feature[T.Right[Nd]] < 0 && Chg[Nd] < Gamma)
        T.Feature[Nd] = -1, T.Value[Nd] = Eta * BaseWeight[Nd];
    // Each row's leaf: the node it ended in, or the ancestor pruning made
    // a leaf (top down, a pruned node's below it).
    Leaf.resize(T.Feature.size());
    std::iota(Leaf.begin(), Leaf.end(), 0u);
    for (size_t Nd = 0; Nd < Leaf.size(); ++Nd)
      if (T.Left[Nd] >= 0 && (T.Feature[Nd] < 0 || Leaf[Nd] != Nd))
        Leaf[T.Left[Nd]] = Leaf[T.Right[Nd]] = Leaf[Nd];
    for (size_t I = 0; I < N; ++I)
      Score[I] += T.Value[Leaf[RowNode[I]]];
    adopt(T);
  }

  /// Whether every sum of some of V's values, in any order, is exact in
  /// a double: each value a multiple of 2^Q (Q the lowest set bit's
  /// place among them) and the sum of their magnitudes under 2^52 x 2^Q,
  /// so every partial sum is an integer multiple of 2^Q that a double's
  /// 53 bits hold.
  static bool exactSums(const std::vector<float> &V) {
    int Low = INT32_MAX;
    double Sum = 0;
    for (float F : V) {
      uint32_t Bits;
      std::memcpy(&Bits, &F, sizeof Bits);
      uint32_t Exp = (Bits >> 23) & 0xff, Man = Bits & 0x7fffff;
      if (!Exp && !Man)
        continue; // a zero
      if (!Exp || Exp == 0xff)
        return false; // subnormal, infinite or NaN
      // F = (Man | 2^23) x 2^(Exp - 150)
      Low = std::min(Low, int(Exp) - 150 + __builtin_ctz(Man | 0x800000));
      Sum += std::fabs(F);
    }
    return Low == INT32_MAX || std::ldexp(Sum, -Low) < 0x1p52;
  }

  /// Feature F's bins: [BinAt[F], BinAt[F+1]), one per value its column
  /// takes, ascending, of values BinValue, their rows ending at BinEnd in
  /// the column; Bin[I * D + F]: row I's.
  void binColumns(size_t N, size_t D) {
    Bin.resize(N * D), BinAt.assign(1, 0), BinValue.clear(), BinEnd.clear();
    for (size_t F = 0; F < D; ++F) {
      const std::vector<Entry> &C = Columns[F];
      for (size_t J = 0; J < N; ++J) {
        if (!J || C[J].Value != C[J - 1].Value)
          BinValue.push_back(C[J].Value), BinEnd.push_back(0);
        BinEnd.back() = uint32_t(J + 1);
        Bin[C[J].Row * D + F] = uint32_t(BinValue.size() - 1);
      }
      BinAt.push_back(uint32_t(BinValue.size()));
    }
    size_t Most = 0;
    for (size_t F = 0; F < D; ++F)
      Most = std::max<size_t>(Most, BinAt[F + 1] - BinAt[F]);
    CandG.resize(Most), CandH.resize(Most), CandThr.resize(Most), CandChg.resize(Most);
  }

  /// The root's histogram: each bin's rows are a run of its feature's
  /// sorted column (BinEnd), summed in registers, four partial sums at
  /// once (exact sums: their order does not matter).
  void rootHistogram(const std::vector<float> &G, const std::vector<float> &H,
                     size_t D) {
    Histogram.resize(BinAt.back());
    for (size_t F = 0; F < D; ++F) {
      const Entry *C = Columns[F].data();
      uint32_t J = 0;
      for (uint32_t B = BinAt[F]; B < BinAt[F + 1]; ++B) {
        double SG4[4] = {}, SH4[4] = {};
        for (; J + 4 <= BinEnd[B]; J += 4)
          for (unsigned K = 0; K < 4; ++K)
            SG4[K] += G[C[J + K].Row], SH4[K] += H[C[J + K].Row];
        for (; J < BinEnd[B]; ++J)
          SG4[0] += G[C[J].Row], SH4[0] += H[C[J].Row];
        Histogram[B] = {(SG4[0] + SG4[1]) + (SG4[2] + SG4[3]),
                        (SH4[0] + SH4[1]) + (SH4[2] + SH4[3])};
      }
    }
  }

  /// Adds rows Rows[0, N) to the histogram of one node at Node (a bin per
  /// feature and value).
  void addRows(const std::vector<float> &G, const std::vector<float> &H,
               const uint32_t *Rows, size_t N, size_t D, HistBin *Node) const {
    for (size_t J = 0; J < N; ++J) {
      uint32_t I = Rows[J];
      const uint32_t *Of = &Bin[I * D];
      for (size_t F = 0; F < D; ++F) {
        HistBin &Hb = Node[Of[F]];
        Hb.G += G[I], Hb.H += H[I];
      }
    }
  }

  /// The next level's histograms from At (the rows' new nodes, ChildOf[K]
  /// and the next the children of open node K): each split node's child
  /// with fewer rows from its rows, the other as the node's less that one
  /// (exact, as every sum is).
  void childHistograms(const std::vector<float> &G, const std::vector<float> &H,
                       size_t M, size_t D) {
    size_t B = BinAt.back(), C = Next.size();
    // NodeRows: the rows by new node, in row order; RowsAt[c]: child c's.
    RowsAt.assign(C + 1, 0);
    for (uint32_t K : At)
      if (K != Done)
        ++RowsAt[K + 1];
    for (size_t K = 0; K < C; ++K)
      RowsAt[K + 1] += RowsAt[K];
    Fill.assign(RowsAt.begin(), RowsAt.end() - 1);
    NodeRows.resize(At.size());
    for (uint32_t I = 0; I < At.size(); ++I)
      if (At[I] != Done)
        NodeRows[Fill[At[I]]++] = I;
    NextHistogram.assign(C * B, {});
    for (size_t K = 0; K < M; ++K) {
      uint32_t Left = ChildOf[K];
      if (Left == Done)
        continue;
      bool LeftFewer = RowsAt[Left + 1] - RowsAt[Left] <= RowsAt[Left + 2] - RowsAt[Left + 1];
      uint32_t Few = LeftFewer ? Left : Left + 1, More = LeftFewer ? Left + 1 : Left;
      HistBin *Built = &NextHistogram[Few * B], *Rest = &NextHistogram[More * B];
      addRows(G, H, &NodeRows[RowsAt[Few]], RowsAt[Few + 1] - RowsAt[Few], D, Built);
      const HistBin *Whole = &Histogram[K * B];
      for (size_t V = 0; V < B; ++V)
        Rest[V] = {Whole[V].G - Built[V].G, Whole[V].H - Built[V].H};
    }
    Histogram.swap(NextHistogram);
  }

  /// The exact scan's best splits (BestF, BestThr, BestChg) from the open
  /// nodes' histograms (exact sums: see grow). The scan weighs a
  /// split where a node's rows change value, so per node and feature the
  /// candidates are the boundaries between the values its rows take, from
  /// the highest down, with the sums above each; their gains are computed
  /// apart (no branch, so the divisions overlap), then the first best
  /// kept, as the scan keeps it. GainOf is grow's.
  template <typename GainFn>
  void histogramScan(size_t M, size_t D, float MinChild, const GainFn &GainOf) {
    size_t B = BinAt.back();
    for (uint32_t K = 0; K < M; ++K) {
      const double NodeG = SG[K], NodeH = SH[K];
      for (size_t F = 0; F < D; ++F) {
        // The candidates: the right side's sums and the threshold.
        size_t C = 0;
        double GR = 0, HR = 0;
        float Last = 0;
        for (size_t V = BinAt[F + 1]; V-- > BinAt[F];) {
          const HistBin &Hb = Histogram[K * B + V];
          if (Hb.H == 0) // no rows
            continue;
          CandG[C] = GR, CandH[C] = HR, CandThr[C] = (BinValue[V] + Last) * 0.5f;
          C += HR != 0; // the first value (nothing above it) weighs nothing
          GR += Hb.G, HR += Hb.H, Last = BinValue[V];
        }
        for (size_t J = 0; J < C; ++J) {
          bool Fits = CandH[J] >= MinChild && NodeH - CandH[J] >= MinChild;
          float Ch = (GainOf(NodeG - CandG[J], NodeH - CandH[J]) +
                      GainOf(CandG[J], CandH[J])) - Root[K];
          CandChg[J] = Fits ? Ch : 0.f;
        }
        float Best = 0, Thr = 0;
        for (size_t J = 0; J < C; ++J)
          if (CandChg[J] > Best)
            Best = CandChg[J], Thr = CandThr[J];
        if (Best > BestChg[K])
          BestChg[K] = Best, BestF[K] = int32_t(F), BestThr[K] = Thr;
      }
    }
  }

  std::vector<Node> Nodes;
  std::vector<uint32_t> Roots;
  // grow's and gradients' scratch, kept between trees.
  std::vector<uint32_t> At, RowNode, Leaf, Level, Next, ChildOf;
  std::vector<double> SG, SH;
  std::vector<float> BestChg, BestThr, Root;
  /// A feature's scan of one node: its right side's sums, the last value
  /// added, the best split so far.
  struct Lane {
    double GR = 0, HR = 0;
    float Last = 0, Chg = 0, Thr = 0;
  };
  std::vector<Lane> Scan;
  /// A row's open node (index in Level, or Done) and gradients, per level.
  struct RowStat {
    uint32_t K;
    float G, H;
  };
  std::vector<RowStat> Rows;
  std::vector<HistBin> Histogram, NextHistogram; ///< per open node, its bins
  std::vector<uint32_t> NodeRows, RowsAt, Fill;   ///< see childHistograms
  std::vector<uint32_t> Bin, BinAt, BinEnd; ///< see binColumns
  std::vector<float> BinValue;
  /// histogramScan's candidates for one node and feature (as many as the
  /// feature's values at most).
  std::vector<double> CandG, CandH;
  std::vector<float> CandThr, CandChg;
  std::vector<int32_t> BestF;
  std::vector<uint32_t> ByLabel, Runs; ///< see gradients
  std::vector<std::pair<uint32_t, uint32_t>> Drawn;

  unsigned Depth = 3;     ///< of every tree
  CompiledTrees Compiled; ///< see bind
  struct Entry {
    uint32_t Row;
    float Value;
  };
  std::vector<std::vector<Entry>> Columns; ///< see sortColumns
  unsigned Rounds = 0; ///< boosting rounds since the base
  size_t HistogramRounds = 0;
  Loss Lss = Loss::Squared;
};

} // namespace gevo::evolve::tune

#endif
