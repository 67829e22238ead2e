//===- Report.h - report.html from a run directory ---------------*- C++ -*-===//
//
// The report is rebuilt from the run directory's files alone (config.json,
// generations.csv, pareto.json, summary.json when the run finished), so
// gevo-report can regenerate it for any run, finished or not. The page is
// self-contained: inline CSS and SVG, no scripts, no network.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_REPORT_H
#define GEVO_EVOLVE_REPORT_H

#include "gevo/evolve/RunDir.h"

#include <string>
#include <vector>

namespace gevo::evolve {

/// The column names of generations.csv, in order.
extern const char *const GenerationsCsvHeader;

/// report.html's text for run directory \p D.
llvm::Expected<std::string> renderReport(const RunDir &D);

/// An SVG line chart: one polyline per series over shared X values.
struct Series {
  std::string Name;
  std::vector<double> Y;
};
std::string svgLineChart(const std::string &Title, const std::string &XLabel,
                         const std::vector<double> &X,
                         const std::vector<Series> &Ys);
/// An SVG scatter plot of points (X[i], Y[i]), with one point marked and
/// labelled (the base, by default).
std::string svgScatter(const std::string &Title, const std::string &XLabel,
                       const std::string &YLabel, const std::vector<double> &X,
                       const std::vector<double> &Y, double MarkX, double MarkY,
                       const std::string &MarkLabel = "base");

} // namespace gevo::evolve

#endif
