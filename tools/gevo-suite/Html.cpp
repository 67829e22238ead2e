//===- Html.cpp - summary.html: a bar chart of speedups and the table -----===//
//
// The chart follows the GEVO paper's Figure 6: one horizontal bar per app
// (its held-out speedup) and a geometric-mean bar; with --previous, a
// second bar per app gives the previous run's speedup. Chart.js draws it
// (gevo/evolve/Charts.h); the page is one self-contained file.
//
//===----------------------------------------------------------------------===//

#include "Render.h"

#include "gevo/evolve/Charts.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace gevo::suite {

namespace {
using charts::escapeHtml;

std::string times(std::optional<double> V) {
  if (!V)
    return "not ok";
  char Text[32];
  std::snprintf(Text, sizeof(Text), "%.3fx", *V);
  return Text;
}

/// Held-out speedup per app (a failed app: no bar, its status in its
/// name), the geometric mean last; the previous run's beside each.
charts::Chart speedupChart(const SuiteSummary &S) {
  std::vector<std::string> Names;
  std::vector<double> Now, Before;
  charts::Style NowStyle{"#2ca02c"}, BeforeStyle{"#9e9e9e"};
  for (const AppResult &A : S.Apps) {
    Names.push_back(A.ok() ? A.App : A.App + " (" + A.Status + ")");
    Now.push_back(A.ok() ? A.Speedup : NAN);
    Before.push_back(A.PreviousSpeedup.value_or(NAN));
    NowStyle.Tips.push_back(A.App + ": " +
                            (A.ok() ? speedupText(A) : A.Status));
    BeforeStyle.Tips.push_back(A.App + " before: " + times(A.PreviousSpeedup));
  }
  Names.push_back("geomean");
  std::optional<double> G = S.geomean();
  Now.push_back(G.value_or(NAN));
  Before.push_back(S.PreviousGeomean.value_or(NAN));
  NowStyle.Tips.push_back("geomean: " + times(G));
  BeforeStyle.Tips.push_back("geomean before: " + times(S.PreviousGeomean));
  charts::Chart C(charts::Chart::Kind::Bar, "Held-out speedup per app", "app",
                  "speedup over the unmodified kernel (1 = unchanged)");
  C.categories(Names).bars("this run", Now, NowStyle);
  if (!S.PreviousFile.empty())
    C.bars("previous run", Before, BeforeStyle);
  return C.horizontal();
}

std::string table(const SuiteSummary &S) {
  std::ostringstream O;
  O << "<table><tr>";
  for (const std::string &C : columnNames(S))
    O << "<th>" << escapeHtml(C) << "</th>";
  O << "</tr>";
  for (const AppResult &A : S.Apps) {
    std::vector<std::string> Cells = rowCells(S, A);
    O << "<tr class='" << (A.ok() ? (A.improved() ? "up" : "ok") : "bad")
      << "'><td>"
      << (A.ok() ? "<a href='" + escapeHtml(A.App) + "/run/report.html'>" +
                       escapeHtml(A.App) + "</a>"
                 : escapeHtml(A.App))
      << "</td>";
    for (size_t I = 1; I < Cells.size(); ++I)
      O << "<td" << (I <= 4 ? " class='n'" : "") << ">" << escapeHtml(Cells[I])
        << "</td>";
    O << "</tr>";
  }
  O << "</table>";
  return O.str();
}
} // namespace

std::string renderHtml(const SuiteSummary &S) {
  std::string Name = S.Setup.value("suite_name", "");
  std::ostringstream O;
  O << charts::pageStart("gevo-suite: " + Name,
                         "tr.up td:nth-child(4){color:#1a7f1a;font-weight:bold}"
                         "tr.bad td{color:#a00}code{background:#f4f4f4;"
                         "padding:1px 3px}")
    << "<h1>gevo-suite: " << escapeHtml(Name) << "</h1>\n<p>"
    << escapeHtml(headline(S)) << "</p>\n<p><code>"
    << escapeHtml(S.Setup.value("command", "")) << "</code> ("
    << escapeHtml(S.Setup.value("date", "")) << ")</p>\n"
    << speedupChart(S).html() << table(S)
    << "\n<p>The name of each app that finished links to its run's report; "
       "every app's gevo-evolve output is in <code>APP/gevo-evolve.log</code>."
       "</p>\n"
    << charts::pageEnd();
  return O.str();
}

} // namespace gevo::suite
