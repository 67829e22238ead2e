//===- Render.h - summary.md, summary.csv and summary.html -------*- C++ -*-===//
//
// The Markdown and HTML tables share their cells (key edits shortened,
// failures as their one-line message); the CSV has the raw values, one
// column each. summary.html is one self-contained file: its chart is drawn
// by Chart.js, inlined from the installed library (gevo/evolve/Charts.h);
// no network.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_GEVO_SUITE_RENDER_H
#define GEVO_TOOLS_GEVO_SUITE_RENDER_H

#include "Summary.h"

#include <string>
#include <vector>

namespace gevo::suite {

/// Apps run, ok and improved, the geometric mean, wall time (and the
/// previous run's mean), in one sentence.
std::string headline(const SuiteSummary &S);

/// The table's column names and one app's cells, as text.
std::vector<std::string> columnNames(const SuiteSummary &S);
std::vector<std::string> rowCells(const SuiteSummary &S, const AppResult &A);

/// "1.234x", or "-" for an app without results.
std::string speedupText(const AppResult &A);

std::string renderMarkdown(const SuiteSummary &S);
std::string renderCsv(const SuiteSummary &S);
std::string renderHtml(const SuiteSummary &S);

} // namespace gevo::suite

#endif
