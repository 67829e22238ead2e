//===- Stats.h - Rank statistics ----------------------------------*- C++ -*-===//
//
// Rank correlation, for comparing how two measures order the same things
// (gevo-model-check: predicted vs measured kernel times).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_STATS_H
#define GEVO_EVOLVE_STATS_H

#include <vector>

namespace gevo::evolve {

/// The rank of each value of \p X, from 1; tied values share the mean of
/// their ranks.
std::vector<double> ranks(const std::vector<double> &X);

/// Spearman's rank correlation of \p X and \p Y (the same length): Pearson's
/// correlation of their ranks, in [-1, 1]; 0 when either is constant or
/// they have fewer than two values.
double spearman(const std::vector<double> &X, const std::vector<double> &Y);

} // namespace gevo::evolve

#endif // GEVO_EVOLVE_STATS_H
