//===- Compare.h - Running tuners and comparing them -------------*- C++ -*-===//
//
// One tuning run through the Engine (best-so-far curve, tuner time), many
// runs of strategies x seeds summarised at trial checkpoints (mean and std
// of the best value, fraction of the space optimum when it is known), and
// the Markdown/CSV tables and the self-contained chart pages gevo-tune writes.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_COMPARE_H
#define GEVO_EVOLVE_TUNE_COMPARE_H

#include "gevo/evolve/tune/Strategies.h"
#include "gevo/support/Strings.h"

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

/// One run; fails, naming it, for an unknown strategy or a bad option.
llvm::Expected<RunResult> runTuner(TuneProblem &P, const RunOptions &O);

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
/// fraction of it and the share of runs within Within of it. Checkpoints
/// past the longest run are left out (no @500 column for 200 trials); the
/// longest run's length is a column when no checkpoint reaches it.
std::string compareTable(const std::vector<CompareRow> &Rows,
                         const std::vector<uint64_t> &Checkpoints,
                         std::optional<double> Optimum, bool HigherIsBetter,
                         bool Csv, double Within = 0.03);

/// One line per run (strategy, seed; the curves of a row are seeds
/// FirstSeed, FirstSeed + 1, ...): trials, the best value at each
/// checkpoint (those compareTable shows) and at the end, and with an
/// optimum the fractions of it.
std::string perSeedCsv(const std::vector<CompareRow> &Rows, uint64_t FirstSeed,
                       const std::vector<uint64_t> &Checkpoints,
                       std::optional<double> Optimum, bool HigherIsBetter);

/// What a comparison ran on, for the header of its table.
struct CompareSetup {
  std::vector<std::string> Files; ///< replay files (else Objective names it)
  std::string Objective;          ///< e.g. "synthetic on MM1", "live:matmul"
  std::optional<bool> Restricted; ///< replay: restricted to the file's configs
  uint64_t FirstSeed = 0, Seeds = 0, Trials = 0;
  std::string Reference; ///< what fractions are of ("the optimum: 10 time")
};
/// A Markdown paragraph: files or objective, seeds, trials, space mode,
/// the reference of the fractions.
std::string compareHeader(const CompareSetup &Setup);

/// A line of trials.jsonl: config, value, status first, then trial,
/// cost_seconds, message and detail (keys always in this order).
nlohmann::ordered_json trialLine(const LogEntry &L, bool HigherIsBetter);

struct Series {
  std::string Name;
  std::vector<double> Y;      ///< at x = 1, 2, ...; NaN points are skipped
  std::vector<double> Lo, Hi; ///< a band around Y (empty: none)
};
/// A self-contained page (Charts.h) titled \p Title, with \p Header (text)
/// above one chart: each series' line over x = 1, 2, ..., its band, and when
/// given a dashed line at Reference (e.g. the optimum) named RefLabel.
std::string plotPage(const std::string &Title, const std::string &Header,
                     const std::string &XLabel, const std::string &YLabel,
                     const std::vector<Series> &S,
                     std::optional<double> Reference = std::nullopt,
                     const std::string &RefLabel = "");
/// Quantile Q over seeds of a row's curves at each trial (each curve's
/// last value carried forward; NaN until every run has a value).
std::vector<double> quantileCurve(const CompareRow &R, size_t Length, double Q);
/// "a,b,,c" -> {"a", "b", "c"} (command-line lists).
using gevo::splitList;

} // namespace gevo::evolve::tune

#endif
