//===- Restrictions.h - Restrictions learned as rules ------------*- C++ -*-===//
//
// Kernel Tuner's restrictions are conjunctions of small integer relations
// between tile parameters: divisibilities ("MWG % (MDIMC*VWM) == 0") and
// bounds on products ("block_size_x*block_size_y <= 1024"). On a space
// searched as a Cartesian product the configs that break them fail, and a
// tree model over per-parameter features cannot see such a relation. This
// learner enumerates candidate atomic rules over the discrete parameters
// whose values are positive integers (at least two values):
//
//   a % b == 0,  a % (b*c) == 0,  a >= b,  a*b <= T,  a*b >= T
//
// A rule is a candidate when every config observed to be valid satisfies
// it, at least MinViolations observed failures break it, and it is not
// one that every valid observation would satisfy by chance: with p the
// share of the parameters' value combinations that satisfy it (exact, over
// the product of their values), p^(valid observations) <= Chance. The
// bounds T are the loosest consistent with the observations (a*b <= T:
// one less than the smallest failed product above the largest valid one).
// Rules are then picked greedily as a set cover of the observed failures
// (most newly covered first; ties: the lower p, then the earlier rule),
// each covering at least MinViolations not covered before, at most MaxRules.
//
//===----------------------------------------------------------------------===//

#ifndef GEVO_EVOLVE_TUNE_STRATEGIES_RESTRICTIONS_H
#define GEVO_EVOLVE_TUNE_STRATEGIES_RESTRICTIONS_H

#include "gevo/evolve/tune/Space.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace gevo::evolve::tune {

/// One atomic rule over parameter indices A, B (and C for DividesProduct).
struct Rule {
  enum Kind { Divides, DividesProduct, AtLeast, ProductAtMost, ProductAtLeast };
  Kind K;
  size_t A, B, C = 0;
  int64_t T = 0; ///< the bound of ProductAtMost / ProductAtLeast
  /// Whether values V (V[I]: parameter I's value) satisfy it.
  template <typename Values> bool holds(const Values &V) const {
    switch (K) {
    case Divides:
      return V[A] % V[B] == 0;
    case DividesProduct:
      return V[A] % (V[B] * V[C]) == 0;
    case AtLeast:
      return V[A] >= V[B];
    case ProductAtMost:
      return V[A] * V[B] <= T;
    case ProductAtLeast:
      return V[A] * V[B] >= T;
    }
    return true;
  }
  /// "a % (b*c) == 0" with S's parameter names.
  std::string str(const Space &S) const {
    auto N = [&](size_t I) { return S.param(I).name(); };
    switch (K) {
    case Divides:
      return N(A) + " % " + N(B) + " == 0";
    case DividesProduct:
      return N(A) + " % (" + N(B) + "*" + N(C) + ") == 0";
    case AtLeast:
      return N(A) + " >= " + N(B);
    case ProductAtMost:
      return N(A) + "*" + N(B) + " <= " + std::to_string(T);
    case ProductAtLeast:
      return N(A) + "*" + N(B) + " >= " + std::to_string(T);
    }
    return "";
  }
};

class Restrictions {
public:
  Restrictions(const Space &S, size_t MinViolations, double Chance, size_t MaxRules = 8)
      : S(S), MinViolations(MinViolations), Chance(Chance), MaxRules(MaxRules) {
    for (size_t I = 0; I < S.size(); ++I) {
      const Param &P = S.param(I);
      bool Ok = P.kind() == ParamKind::Discrete && P.size() > 1;
      std::vector<int64_t> V;
      for (uint32_t J = 0; Ok && J < P.size(); ++J) {
        double X = P.raw(J)[0];
        Ok = X >= 1 && X <= 1 << 20 && X == std::floor(X);
        V.push_back(int64_t(X));
      }
      Values.push_back(Ok ? V : std::vector<int64_t>(P.size(), 1));
      if (Ok)
        Ints.push_back(I);
    }
    Shapes = candidates();
  }

  /// Relearns the rules from configs observed valid and failed.
  void learn(const std::vector<Config> &Valid, const std::vector<Config> &Failed) {
    Rules.clear();
    if (Valid.empty() || Failed.size() < MinViolations)
      return;
    std::vector<std::vector<int64_t>> Ok, Bad;
    for (const Config &C : Valid)
      Ok.push_back(values(C));
    for (const Config &C : Failed)
      Bad.push_back(values(C));
    struct Cand {
      Rule R;
      double P;
      std::vector<size_t> Breaks;
    };
    std::vector<Cand> Cands;
    for (Rule R : Shapes) {
      if (!bound(R, Ok, Bad) ||
          !std::all_of(Ok.begin(), Ok.end(), [&](const auto &V) { return R.holds(V); }))
        continue;
      std::vector<size_t> Breaks;
      for (size_t I = 0; I < Bad.size(); ++I)
        if (!R.holds(Bad[I]))
          Breaks.push_back(I);
      if (Breaks.size() < MinViolations)
        continue;
      double P = passShare(R);
      if (std::pow(P, double(Ok.size())) <= Chance)
        Cands.push_back({R, P, std::move(Breaks)});
    }
    std::vector<bool> Covered(Bad.size());
    while (Rules.size() < MaxRules) {
      size_t Best = Cands.size(), BestNew = 0;
      for (size_t I = 0; I < Cands.size(); ++I) {
        size_t New = std::count_if(Cands[I].Breaks.begin(), Cands[I].Breaks.end(),
                                   [&](size_t F) { return !Covered[F]; });
        if (New > BestNew || (New == BestNew && New && Cands[I].P < Cands[Best].P))
          Best = I, BestNew = New;
      }
      if (Best == Cands.size() || BestNew < MinViolations)
        break;
      for (size_t F : Cands[Best].Breaks)
        Covered[F] = true;
      Rules.push_back(Cands[Best].R);
    }
  }

  /// Whether C breaks a learned rule.
  bool breaks(const Config &C) const {
    ValuesOf V{Values, C};
    return std::any_of(Rules.begin(), Rules.end(), [&](const Rule &R) { return !R.holds(V); });
  }
  const std::vector<Rule> &rules() const { return Rules; }

private:
  /// A config's values, looked up on demand.
  struct ValuesOf {
    const std::vector<std::vector<int64_t>> &Values;
    const Config &C;
    int64_t operator[](size_t I) const { return Values[I][C[I]]; }
  };
  std::vector<int64_t> values(const Config &C) const {
    std::vector<int64_t> V(C.size());
    for (size_t I = 0; I < C.size(); ++I)
      V[I] = Values[I][C[I]];
    return V;
  }

  /// Every rule shape over the integer parameters (bounds still unset).
  std::vector<Rule> candidates() const {
    std::vector<Rule> Out;
    for (size_t A : Ints)
      for (size_t B : Ints) {
        if (A == B)
          continue;
        Out.push_back({Rule::Divides, A, B});
        Out.push_back({Rule::AtLeast, A, B});
        if (A < B) {
          Out.push_back({Rule::ProductAtMost, A, B});
          Out.push_back({Rule::ProductAtLeast, A, B});
        }
        for (size_t C : Ints)
          if (B < C && C != A)
            Out.push_back({Rule::DividesProduct, A, B, C});
      }
    return Out;
  }

  /// Sets a product bound's T, the loosest the observations allow; false
  /// when no failure lies beyond the valid products.
  bool bound(Rule &R, const std::vector<std::vector<int64_t>> &Ok,
             const std::vector<std::vector<int64_t>> &Bad) const {
    if (R.K != Rule::ProductAtMost && R.K != Rule::ProductAtLeast)
      return true;
    bool Most = R.K == Rule::ProductAtMost;
    int64_t Edge = Most ? INT64_MIN : INT64_MAX;
    for (const auto &V : Ok)
      Edge = Most ? std::max(Edge, V[R.A] * V[R.B]) : std::min(Edge, V[R.A] * V[R.B]);
    bool Found = false;
    int64_t Near = 0; // the failed product beyond Edge nearest to it
    for (const auto &V : Bad) {
      int64_t X = V[R.A] * V[R.B];
      if ((Most ? X > Edge : X < Edge) && (!Found || (Most ? X < Near : X > Near)))
        Near = X, Found = true;
    }
    R.T = Most ? Near - 1 : Near + 1;
    return Found;
  }

  /// The share of the rule's parameters' value combinations it holds for.
  double passShare(const Rule &R) const {
    std::vector<int64_t> V(S.size(), 1);
    const auto &A = Values[R.A], &B = Values[R.B];
    const std::vector<int64_t> One{1};
    const auto &C = R.K == Rule::DividesProduct ? Values[R.C] : One;
    size_t Pass = 0;
    for (int64_t X : A)
      for (int64_t Y : B)
        for (int64_t Z : C) {
          V[R.A] = X, V[R.B] = Y;
          if (R.K == Rule::DividesProduct)
            V[R.C] = Z;
          Pass += R.holds(V);
        }
    return double(Pass) / double(A.size() * B.size() * C.size());
  }

  const Space &S;
  size_t MinViolations;
  double Chance;
  size_t MaxRules;
  std::vector<std::vector<int64_t>> Values; ///< per parameter, per value
  std::vector<size_t> Ints;                 ///< the integer parameters
  std::vector<Rule> Shapes;                 ///< candidates(), once per space
  std::vector<Rule> Rules;
};

} // namespace gevo::evolve::tune

#endif
