//===- Surrogate.h - The xgb strategies' boosted-trees model ----*- C++ -*-===//
//
// One boosted-trees model of a space's configs, AutoTVM's XGBoost model,
// grown either by gevo's own `GradientBoost.h` (the default: the same
// trees bit for bit, without XGBoost's fixed cost per round) or by
// XGBoost through its C API (`Booster.h`). Configs are
// passed flat: Rows x S.size() value indices. Fit on the parameters'
// features (`Space::features`); the model then scores a config from its
// value indices directly (`GradientBoost::bind`): XGBoost's trees are
// copied into a GradientBoost after each fit (`mirror`), which gives
// XGBoost's predictions bit for bit without the C API's cost per call
// (about 0.15 ms, whatever the rows). Each copy is checked against
// XGBoost's own predictions of the rows it was fit on; if one differed
// (another XGBoost's predictor), the model would predict through XGBoost.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_STRATEGIES_SURROGATE_H
#define GEVO_EVOLVE_TUNE_STRATEGIES_SURROGATE_H

#include "gevo/evolve/tune/Space.h"

#include "Booster.h"
#include "GradientBoost.h"

#include <unordered_set>

namespace gevo::evolve::tune {

class Surrogate {
public:
  enum class Loss { Rank, Regression, Classifier };

  Surrogate(const Space &S, bool Own, unsigned Pairs = 1)
      : S(S), Own(Own), Pairs(Pairs), W(S.featureWidth()) {
    for (size_t P = 0; P < S.size(); ++P)
      for (size_t K = 0; K < S.param(P).width(); ++K) {
        InputOf.push_back(uint32_t(P));
        Table.emplace_back();
        for (uint32_t V = 0; V < S.param(P).size(); ++V)
          Table.back().push_back(float(S.param(P).features(V)[K]));
      }
  }
  void reset() {
    XGB.reset(), GB.clear();
    Mirrored = false;
    ++Generation;
  }
  bool ready() const { return Own ? GB.ready() : XGB.ready(); }
  /// Whether configs are scored by table lookups (addMargins, finish):
  /// gevo's own model, or XGBoost's copied.
  bool lookups() const { return Own || Mirrored; }
  /// Changes with every fresh fit (not with boost).
  uint64_t generation() const { return Generation; }

  /// A fresh model: Rounds trees on X (Y.size() rows of the space's
  /// features).
  void fit(const std::vector<float> &X, const std::vector<float> &Y,
           unsigned Rounds, Loss L) {
    reset();
    Lss = L;
    if (!Own) {
      XGB.fit(X, Y, W, Rounds, objective());
      return mirror(X, Y.size());
    }
    GradientBoost::Settings Set;
    Set.Rounds = Rounds;
    Set.Pairs = Pairs;
    GB.fit(X, Y, W, gbLoss(), Set);
    GB.bind(InputOf, Table);
  }
  /// Rounds more trees on X, Y (continued training).
  void boost(const std::vector<float> &X, const std::vector<float> &Y,
             unsigned Rounds) {
    if (!Own) {
      XGB.boost(X, Y, W, Rounds, objective());
      return mirror(X, Y.size());
    }
    GradientBoost::Settings Set;
    Set.Rounds = Rounds;
    Set.Pairs = Pairs;
    GB.boost(X, Y, W, Set);
    GB.bind(InputOf, Table);
  }

  /// Predictions for Rows configs, Flat[R * S.size() + P] being row R's
  /// value of parameter P.
  std::vector<float> predict(const uint32_t *Flat, size_t Rows) const {
    size_t D = S.size();
    if (lookups()) {
      std::vector<float> Sum(Rows, 0.f);
      GB.addMargins(Flat, Rows, D, 0, Sum.data());
      for (float &V : Sum)
        V = GB.finish(V);
      return Sum;
    }
    std::vector<float> X;
    X.reserve(Rows * W);
    for (size_t R = 0; R < Rows; ++R)
      for (size_t P = 0; P < D; ++P)
        for (double F : S.param(P).features(Flat[R * D + P]))
          X.push_back(float(F));
    return XGB.predict(X, Rows, W);
  }
  /// With lookups: the trees, and the leaves of trees [From, trees())
  /// added to Sum.
  size_t trees() const { return GB.trees(); }
  void addMargins(const uint32_t *Flat, size_t Rows, size_t From,
                  float *Sum) const {
    GB.addMargins(Flat, Rows, S.size(), From, Sum);
  }
  float finish(float Sum) const { return GB.finish(Sum); }

private:
  /// Copies XGBoost's trees not copied yet into GB (all of them after a
  /// fresh fit) and checks the copy against XGBoost's predictions of the
  /// Rows rows of X it was fit on: bit for bit, else (or if the model's
  /// form cannot be read) it is not used.
  void mirror(const std::vector<float> &X, size_t Rows) {
    bool Fresh = !Mirrored;
    float Base;
    std::vector<TreeNodes> Trees;
    try {
      Trees = XGB.trees(Fresh ? 0 : GB.trees() - 1, Base);
    } catch (const std::exception &) { // another XGBoost's model form
      Mirrored = false;
      return;
    }
    if (Fresh)
      GB.adoptStart(gbLoss(), Booster::MaxDepth, Base);
    for (const TreeNodes &T : Trees)
      GB.adopt(T);
    GB.bind(InputOf, Table);
    // The copy's walk over features: the same leaves, summed in the same
    // order, as the lookups that score configs.
    std::vector<float> Mine(Rows);
    for (size_t R = 0; R < Rows; ++R)
      Mine[R] = GB.predict(&X[R * W]);
    Mirrored = Mine == XGB.predict(X, Rows, W);
  }
  GradientBoost::Loss gbLoss() const {
    return Lss == Loss::Rank         ? GradientBoost::Loss::Pairwise
           : Lss == Loss::Classifier ? GradientBoost::Loss::Logistic
                                     : GradientBoost::Loss::Squared;
  }
  const char *objective() const {
    return Lss == Loss::Rank         ? "rank:pairwise"
           : Lss == Loss::Classifier ? "binary:logistic"
                                     : "reg:squarederror";
  }
  const Space &S;
  bool Own;
  unsigned Pairs;
  size_t W;
  Loss Lss = Loss::Rank;
  uint64_t Generation = 0;
  bool Mirrored = false; ///< GB holds XGBoost's trees, checked
  std::vector<uint32_t> InputOf; ///< per feature: its parameter
  std::vector<std::vector<float>>
      Table; ///< per feature: its value per value index
  Booster XGB;
  GradientBoost GB;
};

/// A config's score in a plan: the ranking's prediction, less 1e4 where
/// the failure classifier gives it under Cut chance of not failing, so
/// likely failures rank below every likely success.
inline float planScore(float Rank, float OkChance, float Cut) {
  return OkChance < Cut ? Rank - 1e4f : Rank;
}

/// Candidate configs kept across refits with their margins under one or
/// two models (with gevo's own model: after a boost only the new trees are
/// walked, after a fresh fit all of them).
class KeptCandidates {
public:
  explicit KeptCandidates(size_t D) : D(D) {}
  size_t size() const { return Codes.size(); }
  bool contains(uint64_t Code) const { return In.count(Code); }
  void add(uint64_t Code, const Config &C) {
    Codes.push_back(Code), In.insert(Code);
    Flat.insert(Flat.end(), C.begin(), C.end());
  }
  /// Drops the candidates Drop says to, keeping the others' order.
  template <typename Pred> void dropIf(Pred Drop) {
    size_t Out = 0;
    for (size_t I = 0; I < Codes.size(); ++I) {
      if (Drop(Codes[I])) {
        In.erase(Codes[I]);
        continue;
      }
      Codes[Out] = Codes[I];
      std::copy(Flat.begin() + I * D, Flat.begin() + (I + 1) * D,
                Flat.begin() + Out * D);
      for (Margins &M : Sums)
        if (I < M.Sum.size())
          M.Sum[Out] = M.Sum[I];
      ++Out;
    }
    Codes.resize(Out), Flat.resize(Out * D);
    for (Margins &M : Sums)
      M.Sum.resize(std::min(M.Sum.size(), Out));
  }
  /// (planScore with Cut, code) per candidate (the classifier's, when it
  /// is ready), or with Only per candidate I where (*Only)[I] (scored
  /// apart: the kept margins are neither used nor updated; the same scores).
  std::vector<std::pair<float, uint64_t>> scores(const Surrogate &Rank, const Surrogate &Ok,
                                                 float Cut,
                                                 const std::vector<bool> *Only = nullptr) {
    std::vector<float> P, Q;
    std::vector<uint64_t> Which;
    if (Only) {
      std::vector<uint32_t> Some;
      for (size_t I = 0; I < Codes.size(); ++I)
        if ((*Only)[I])
          Which.push_back(Codes[I]),
              Some.insert(Some.end(), Flat.begin() + I * D, Flat.begin() + (I + 1) * D);
      P = Rank.predict(Some.data(), Which.size());
      if (Ok.ready())
        Q = Ok.predict(Some.data(), Which.size());
    } else {
      Which = Codes;
      P = predictions(0, Rank);
      if (Ok.ready())
        Q = predictions(1, Ok);
    }
    std::vector<std::pair<float, uint64_t>> Out;
    for (size_t I = 0; I < Which.size(); ++I)
      Out.push_back({Q.empty() ? P[I] : planScore(P[I], Q[I], Cut), Which[I]});
    return Out;
  }
  const std::vector<uint64_t> &codes() const { return Codes; }

private:
  struct Margins {
    std::vector<float> Sum; ///< for the first Sum.size() candidates,
    size_t Trees = 0;       ///< over trees [0, Trees)
    uint64_t Generation = UINT64_MAX;
  };
  /// Model M's predictions of every candidate (from the kept margins).
  std::vector<float> predictions(size_t K, const Surrogate &M) {
    if (!M.lookups())
      return M.predict(Flat.data(), Codes.size());
    Margins &Mg = Sums[K];
    if (Mg.Generation != M.generation())
      Mg = {{}, 0, M.generation()};
    size_t Old = Mg.Sum.size();
    Mg.Sum.resize(Codes.size(), 0.f);
    M.addMargins(Flat.data(), Old, Mg.Trees, Mg.Sum.data());
    M.addMargins(Flat.data() + Old * D, Codes.size() - Old, 0,
                 Mg.Sum.data() + Old);
    Mg.Trees = M.trees();
    std::vector<float> P = Mg.Sum;
    for (float &V : P)
      V = M.finish(V);
    return P;
  }
  size_t D;
  std::vector<uint64_t> Codes;
  std::vector<uint32_t> Flat;
  std::unordered_set<uint64_t> In;
  Margins Sums[2];
};

} // namespace gevo::evolve::tune

#endif
