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

} // namespace gevo::evolve

#endif
