//===- Compare.h - Running tuners and comparing them -------------*- C++ -*-===//
//
// One tuning run through the Engine (best-so-far curve, tuner time), many
// runs of strategies x seeds summarised at trial checkpoints (mean and std
// of the best value, fraction of the space optimum when it is known), and
// the Markdown/CSV tables and self-contained SVG plots gevo-tune writes.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_COMPARE_H
#define GEVO_EVOLVE_TUNE_COMPARE_H

#include "gevo/evolve/tune/Strategies.h"

namespace gevo::evolve::tune {

struct RunResult {
  std::vector<double> BestSoFar; ///< best value after each trial (NaN: none ok yet)
  std::optional<Config> Best;
  double BestValue = NAN;
  uint64_t Trials = 0;
  double TunerSeconds = 0;    ///< the Engine's timeShares().Strategy
  double SimulatedSeconds = 0;
};

struct RunOptions {
  std::string Strategy;
  Options Opts;
  uint64_t Seed = 0;
  Budget Limit;
  size_t BatchSize = 0; ///< 0: the strategy's default
  unsigned Threads = 1;
  std::function<void(const LogEntry &)> OnEvaluation;
};

RunResult runTuner(TuneProblem &P, const RunOptions &O);

/// Fraction of the optimum reached (1: optimal), by direction.
double fractionOfOptimum(double Value, double Optimum, bool HigherIsBetter);

struct CompareRow {
  std::string Strategy;
  std::vector<std::vector<double>> Curves; ///< one BestSoFar per seed
  double TunerSeconds = 0;                 ///< summed over seeds
  uint64_t Trials = 0;                     ///< summed over seeds
};

/// The best value any curve of Rows reached (nullopt: none succeeded): the
/// reference for fractions when the space's optimum is unknown.
std::optional<double> bestOfRows(const std::vector<CompareRow> &Rows, bool HigherIsBetter);

/// Markdown (Csv: false) or CSV table: per strategy and checkpoint, mean
/// and std of the best value, and with an optimum the median and mean
/// fraction of it and the share of runs within Within of it.
std::string compareTable(const std::vector<CompareRow> &Rows,
                         const std::vector<uint64_t> &Checkpoints,
                         std::optional<double> Optimum, bool HigherIsBetter,
                         bool Csv, double Within = 0.03);

struct Series {
  std::string Name;
  std::vector<double> Y; ///< at x = 1, 2, ...; NaN points are skipped
};
/// A self-contained SVG line plot.
std::string svgPlot(const std::string &Title, const std::string &XLabel,
                    const std::string &YLabel, const std::vector<Series> &S);
/// The mean over seeds of a row's curves (carrying each curve's last
/// value forward).
std::vector<double> meanCurve(const CompareRow &R, size_t Length);

} // namespace gevo::evolve::tune

#endif
