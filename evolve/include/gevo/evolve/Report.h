//===- Report.h - report.html from a run directory ---------------*- C++ -*-===//
//
// The report is rebuilt from the run directory's files alone (config.json,
// generations.csv, log.jsonl, pareto.json, and summary.json and
// best/kernel.diff when the run finished), so
// gevo-report can regenerate it for any run, finished or not. The page is
// one self-contained file: its charts are drawn by Chart.js, inlined from
// the installed library (Charts.h), and it needs no network.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_REPORT_H
#define GEVO_EVOLVE_REPORT_H

#include "gevo/evolve/RunDir.h"

#include <string>

namespace gevo::evolve {

/// The column names of generations.csv, in order.
extern const char *const GenerationsCsvHeader;

/// report.html's text for run directory \p D.
llvm::Expected<std::string> renderReport(const RunDir &D);

} // namespace gevo::evolve

#endif
