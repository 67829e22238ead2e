//===- Hypervolume.h - The hypervolume of a two-objective front -*- C++ -*-===//
//
// Front quality as one number: the area a set of points dominates (both
// objectives minimised) up to a reference point. Runs and strategies with
// the same reference compare by it beyond their single best point.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_HYPERVOLUME_H
#define GEVO_EVOLVE_HYPERVOLUME_H

#include <utility>
#include <vector>

namespace gevo::evolve {

/// The area of the union of the boxes [x, RefX] x [y, RefY] over the points
/// (x, y) of \p Points. Points not better than the reference in both
/// objectives and non-finite points add nothing; dominated points and
/// duplicates are allowed. Empty: 0.
double hypervolume2d(std::vector<std::pair<double, double>> Points, double RefX,
                     double RefY);

/// A GEVO front's quality: the hypervolume of its members' objectives
/// (cost, then error when there is one), the cost divided by \p BaseCost and
/// the error by \p ErrorBound (the most the mode accepts; 0: error is not an
/// objective and counts as 0), up to the reference point (1, 1).
double frontHypervolume(const std::vector<std::vector<double>> &Objectives,
                        double BaseCost, double ErrorBound);

} // namespace gevo::evolve

#endif
