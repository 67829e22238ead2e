//===- Nsga2.cpp - NSGA-II selection utilities ----------------------------===//

#include "gevo/evolve/Nsga2.h"

#include <algorithm>
#include <cmath>
#include <cassert>
#include <limits>
#include <numeric>

namespace gevo::evolve {

bool dominates(const Objectives &A, const Objectives &B) {
  assert(A.size() == B.size() && "objective vectors of different lengths");
  bool Better = false;
  for (size_t I = 0; I < A.size(); ++I) {
    if (A[I] > B[I])
      return false;
    Better |= A[I] < B[I];
  }
  return Better;
}

std::vector<std::vector<size_t>>
nonDominatedSort(const std::vector<Objectives> &Points) {
  size_t N = Points.size();
  std::vector<std::vector<size_t>> Dominated(N); // whom each point dominates
  std::vector<size_t> DominatedBy(N, 0);
  std::vector<std::vector<size_t>> Fronts(1);
  for (size_t P = 0; P < N; ++P) {
    for (size_t Q = 0; Q < N; ++Q) {
      if (dominates(Points[P], Points[Q]))
        Dominated[P].push_back(Q);
      else if (dominates(Points[Q], Points[P]))
        ++DominatedBy[P];
    }
    if (DominatedBy[P] == 0)
      Fronts[0].push_back(P);
  }
  while (!Fronts.back().empty()) {
    std::vector<size_t> Next;
    for (size_t P : Fronts.back())
      for (size_t Q : Dominated[P])
        if (--DominatedBy[Q] == 0)
          Next.push_back(Q);
    std::sort(Next.begin(), Next.end());
    Fronts.push_back(std::move(Next));
  }
  Fronts.pop_back();
  return Fronts;
}

std::vector<double> crowdingDistance(const std::vector<Objectives> &Points,
                                     const std::vector<size_t> &Front) {
  constexpr double Inf = std::numeric_limits<double>::infinity();
  size_t N = Front.size();
  std::vector<double> D(N, 0.0);
  if (N <= 2)
    return std::vector<double>(N, Inf);
  std::vector<size_t> Order(N);
  bool AnySpread = false;
  for (size_t M = 0; M < Points[Front[0]].size(); ++M) {
    std::iota(Order.begin(), Order.end(), 0);
    auto Value = [&](size_t I) { return Points[Front[I]][M]; };
    std::stable_sort(Order.begin(), Order.end(),
                     [&](size_t A, size_t B) { return Value(A) < Value(B); });
    double Range = Value(Order.back()) - Value(Order.front());
    if (!(Range > 0) || !std::isfinite(Range))
      continue; // all equal (or unbounded): this objective says nothing
    AnySpread = true;
    D[Order.front()] = D[Order.back()] = Inf;
    for (size_t K = 1; K + 1 < N; ++K)
      D[Order[K]] += (Value(Order[K + 1]) - Value(Order[K - 1])) / Range;
  }
  if (!AnySpread) // a front of equal points: none is more crowded than another
    D.assign(N, Inf);
  return D;
}

bool Ranking::better(size_t A, size_t B) const {
  if (Rank[A] != Rank[B])
    return Rank[A] < Rank[B];
  if (Crowding[A] != Crowding[B])
    return Crowding[A] > Crowding[B];
  return A < B;
}

Ranking rank(const std::vector<Objectives> &Points) {
  Ranking R;
  R.Rank.assign(Points.size(), 0);
  R.Crowding.assign(Points.size(), 0.0);
  auto Fronts = nonDominatedSort(Points);
  for (unsigned F = 0; F < Fronts.size(); ++F) {
    std::vector<double> D = crowdingDistance(Points, Fronts[F]);
    for (size_t I = 0; I < Fronts[F].size(); ++I) {
      R.Rank[Fronts[F][I]] = F;
      R.Crowding[Fronts[F][I]] = D[I];
    }
  }
  return R;
}

size_t crowdedTournament(const Ranking &R, Rng &G) {
  size_t A = G.below(R.Rank.size());
  size_t B = G.below(R.Rank.size());
  return R.better(B, A) ? B : A;
}

std::vector<size_t> selectBest(const Ranking &R, size_t N) {
  std::vector<size_t> Order(R.Rank.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(),
            [&](size_t A, size_t B) { return R.better(A, B); });
  Order.resize(std::min(N, Order.size()));
  return Order;
}

} // namespace gevo::evolve
