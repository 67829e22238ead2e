//===- Summary.h - What a suite run found, app by app ------------*- C++ -*-===//
//
// Each app's result comes from how its gevo-evolve ended, its log and its
// run directory's summary.json (evolve/gevo/Finish.cpp). The suite's
// summary.json holds these results and is what --previous reads back to
// show the change since an earlier run.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_GEVO_SUITE_SUMMARY_H
#define GEVO_TOOLS_GEVO_SUITE_SUMMARY_H

#include "Apps.h"
#include "Runner.h"

#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace gevo::suite {

/// A held-out speedup at or above this is an improvement.
constexpr double ImprovedAt = 1.01;

struct AppResult {
  std::string App;
  /// ok (the run finished and wrote its summary), failed (error exit),
  /// crashed (killed by a signal), timeout (past the per-app limit), not
  /// run (no kernel, or gevo-evolve could not be started), interrupted
  /// (the suite was stopped by a signal).
  std::string Status;
  std::string Message; ///< one line: why it failed, or a note
  std::vector<std::string> LogTail;
  double Seconds = 0;
  std::optional<uint64_t> Instructions; ///< in the kernel IR's functions
  unsigned Generations = 0;
  uint64_t Evaluations = 0;
  std::string HeldoutStatus; ///< gevo-evolve's: ok, none passed, no variant
  /// On the held-out cases; 1 when the base stays the best: no variant
  /// passed them, or none was faster on the evolution cases.
  double Speedup = 1;
  double Error = 0; ///< the best variant's held-out output error
  double EvolvedSpeedup = 1; ///< the best's on the evolution cases
  /// gevo-evolve's best variant's held-out speedup, even when that variant
  /// was no faster than the base on the evolution cases.
  std::optional<double> BestHeldoutSpeedup;
  std::vector<std::string> EditTexts; ///< the best's edits (text form)
  std::vector<std::string> Edits;     ///< the same, described
  bool Minimised = false;
  // Filled by compareWith.
  std::optional<double> PreviousSpeedup; ///< none when it was not ok then
  std::string Change; ///< new improvement, lost improvement, new app, ...

  bool ok() const { return Status == "ok"; }
  bool improved() const { return ok() && Speedup >= ImprovedAt; }
};

struct SuiteSummary {
  nlohmann::json Setup = nlohmann::json::object(); ///< command, date, options
  std::vector<AppResult> Apps;
  double Seconds = 0;
  std::string PreviousFile; ///< empty without --previous
  std::optional<double> PreviousGeomean;

  /// Geometric mean of the held-out speedups of the apps that are ok.
  std::optional<double> geomean() const;
  size_t countOk() const;
  size_t countImproved() const;
};

/// App A's result; AppDir holds its log (gevo-evolve.log) and run dir (run/).
AppResult readResult(const App &A, const Ending &E, const std::string &AppDir,
                     double LimitSeconds);

nlohmann::json toJson(const SuiteSummary &S);

/// An earlier suite's summary.json, or the directory holding one; errors
/// are one line.
llvm::Expected<nlohmann::json> loadPrevious(const std::string &Path);

/// Sets each app's previous speedup and change from an earlier summary.
void compareWith(SuiteSummary &S, const nlohmann::json &Previous,
                 const std::string &File);

} // namespace gevo::suite

#endif
