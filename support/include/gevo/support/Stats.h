//===- Stats.h - The statistics every part of gevo uses ---------*- C++ -*-===//
//
// One definition each, so that a "median" means the same thing in a run's
// timing, its report and a tuner benchmark: the median is the middle value
// (the mean of the two middle ones for an even count), quantiles interpolate
// linearly between order statistics (numpy's and R's default), and the
// median's confidence interval is the distribution-free one from order
// statistics.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_SUPPORT_STATS_H
#define GEVO_SUPPORT_STATS_H

#include <vector>

namespace gevo {

/// The mean; NaN for no values.
double mean(const std::vector<double> &X);

/// The sample standard deviation (n - 1); 0 for fewer than two values.
double stddev(const std::vector<double> &X);

/// The median: the middle value, the mean of the two middle ones for an
/// even count; NaN for no values.
double median(std::vector<double> X);

/// The Q-quantile, Q in [0, 1], interpolated linearly between the order
/// statistics at positions Q (n - 1); NaN for no values.
double quantile(std::vector<double> X, double Q);

/// Half the width of the distribution-free 95% confidence interval of the
/// median (the order statistics n/2 -+ 1.96 sqrt(n)/2), relative to the
/// median: 0.01 is +-1%. Infinite for fewer than two values; 0 when the
/// median is not positive (times: nothing to be relative to).
double medianSpread(std::vector<double> X);

/// The rank of each value of X, from 1; tied values share the mean of
/// their ranks.
std::vector<double> ranks(const std::vector<double> &X);

/// Spearman's rank correlation of X and Y (the same length): Pearson's
/// correlation of their ranks, in [-1, 1]; 0 when either is constant or
/// they have fewer than two values.
double spearman(const std::vector<double> &X, const std::vector<double> &Y);

} // namespace gevo

#endif // GEVO_SUPPORT_STATS_H
