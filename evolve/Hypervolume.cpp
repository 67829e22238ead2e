//===- Hypervolume.cpp - The hypervolume of a two-objective front ---------===//

#include "gevo/evolve/Hypervolume.h"

#include <algorithm>
#include <cmath>

namespace gevo::evolve {

double hypervolume2d(std::vector<std::pair<double, double>> Points, double RefX,
                     double RefY) {
  Points.erase(std::remove_if(Points.begin(), Points.end(),
                              [&](const std::pair<double, double> &P) {
                                return !std::isfinite(P.first) ||
                                       !std::isfinite(P.second) ||
                                       !(P.first < RefX) || !(P.second < RefY);
                              }),
               Points.end());
  // Sweep along x: each point's box reaches to the next point's x, at the
  // lowest y seen so far.
  std::sort(Points.begin(), Points.end());
  double Area = 0, LowestY = RefY;
  for (size_t I = 0; I < Points.size(); ++I) {
    LowestY = std::min(LowestY, Points[I].second);
    double NextX = I + 1 < Points.size() ? Points[I + 1].first : RefX;
    Area += (NextX - Points[I].first) * (RefY - LowestY);
  }
  return Area;
}

double frontHypervolume(const std::vector<std::vector<double>> &Objectives,
                        double BaseCost, double ErrorBound) {
  std::vector<std::pair<double, double>> Points;
  for (const std::vector<double> &O : Objectives) {
    bool HasError = ErrorBound > 0 && O.size() > 1;
    Points.push_back({O[0] / BaseCost, HasError ? O[1] / ErrorBound : 0.0});
  }
  return hypervolume2d(std::move(Points), 1.0, 1.0);
}

} // namespace gevo::evolve
