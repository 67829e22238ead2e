//===- Nsga2.h - NSGA-II selection utilities ---------------------*- C++ -*-===//
//
// Deb et al.'s NSGA-II as free functions over objective vectors (all
// minimised): fast non-dominated sort, crowding distance, the crowded
// tournament and best-N selection. Ties are broken by index, so the result
// depends only on the input order.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_NSGA2_H
#define GEVO_EVOLVE_NSGA2_H

#include "gevo/support/Rng.h"

#include <cstddef>
#include <vector>

namespace gevo::evolve {

using Objectives = std::vector<double>;

/// True when A is no worse than B in every objective and better in one.
bool dominates(const Objectives &A, const Objectives &B);

/// Fronts of indices into Points: front 0 is non-dominated, front 1 is
/// non-dominated once front 0 is removed, ... Each front is in index order.
std::vector<std::vector<size_t>>
nonDominatedSort(const std::vector<Objectives> &Points);

/// Crowding distance of each member of Front (same order). Boundary points
/// and members of fronts of one or two get infinity; an objective on which
/// the whole front is equal adds nothing (never NaN).
std::vector<double> crowdingDistance(const std::vector<Objectives> &Points,
                                     const std::vector<size_t> &Front);

/// Rank (front number) and crowding distance of every point.
struct Ranking {
  std::vector<unsigned> Rank;
  std::vector<double> Crowding;
  /// The crowded-comparison order: lower rank, then larger crowding, then
  /// lower index.
  bool better(size_t A, size_t B) const;
};
Ranking rank(const std::vector<Objectives> &Points);

/// Binary crowded tournament: two uniform draws, the better one wins.
size_t crowdedTournament(const Ranking &R, Rng &G);

/// The N best points by the crowded-comparison order (all when N exceeds
/// the population), best first.
std::vector<size_t> selectBest(const Ranking &R, size_t N);

} // namespace gevo::evolve

#endif
