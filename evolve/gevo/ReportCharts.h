//===- ReportCharts.h - The charts of report.html ---------------*- C++ -*-===//
//
// Each chart of a run's report from the run directory's files; each returns
// nothing when its data is absent (a run in progress, an older run dir).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_GEVO_REPORTCHARTS_H
#define GEVO_EVOLVE_GEVO_REPORTCHARTS_H

#include "gevo/evolve/Charts.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gevo::evolve::report {

/// generations.csv's columns by name (absent columns: empty).
using Columns = std::map<std::string, std::vector<double>>;

/// Best and median objective per generation.
std::optional<charts::Chart> convergence(const Columns &Gen,
                                         const std::string &Objective);
/// The front's hypervolume per generation (hover: the front's size).
std::optional<charts::Chart> frontQuality(const Columns &Gen);
/// Stacked bars: the statuses of each generation's evaluations, from
/// log.jsonl's text (lines that do not parse are skipped: a run killed
/// mid-write).
std::optional<charts::Chart> statuses(const std::string &LogJsonl);
/// The final front, objective against error, with the base and the best
/// variant marked; hover: objective, error, speedup, number of edits.
std::optional<charts::Chart> front(const nlohmann::json &Pareto,
                                   const nlohmann::json &Summary,
                                   const std::string &Objective);
/// Held-out speedups: per case when summary.json's "heldout" lists
/// "cases", else per validated variant (pareto.json's "heldout").
std::optional<charts::Chart> heldOut(const nlohmann::json &Summary,
                                     const nlohmann::json &Pareto);

} // namespace gevo::evolve::report

#endif
