//===- Html.cpp - summary.html: a bar chart of speedups and the table -----===//
//
// The chart follows the GEVO paper's Figure 6: one horizontal bar per app
// (its held-out speedup), a dashed line at 1.0x and a geometric-mean bar;
// with --previous, a tick marks each app's previous speedup.
//
//===----------------------------------------------------------------------===//

#include "Render.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

using namespace llvm;

namespace gevo::suite {

namespace {
constexpr int LabelW = 130, BarsW = 460, RightW = 190, RowH = 22, Top = 34,
              AxisH = 36;

std::string esc(StringRef S) {
  std::string Out;
  raw_string_ostream OS(Out);
  printHTMLEscaped(S, OS);
  return Out;
}

std::string num(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%g", std::round(V * 100) / 100);
  return Buf;
}

/// A tick step of 1, 2 or 5 times a power of ten giving about five ticks.
double tickStep(double Max) {
  double Raw = Max / 5, Pow = std::pow(10, std::floor(std::log10(Raw)));
  for (double M : {1.0, 2.0, 5.0})
    if (Raw <= M * Pow)
      return M * Pow;
  return 10 * Pow;
}

class Chart {
public:
  explicit Chart(const SuiteSummary &S) : S(S) {
    double Max = 1;
    for (const AppResult &A : S.Apps) {
      if (A.ok())
        Max = std::max(Max, A.Speedup);
      if (A.PreviousSpeedup)
        Max = std::max(Max, *A.PreviousSpeedup);
    }
    Step = tickStep(Max * 1.05);
    XMax = std::ceil(Max * 1.05 / Step) * Step;
  }

  std::string svg() {
    int Bottom = Top + int(S.Apps.size() + 1) * RowH + 8; // 8: above geomean
    O << "<svg xmlns='http://www.w3.org/2000/svg' width='"
      << LabelW + BarsW + RightW << "' height='" << Bottom + AxisH
      << "' font-family='sans-serif' font-size='12'>"
      << "<text x='" << LabelW + BarsW / 2
      << "' y='18' text-anchor='middle' font-size='14'>Held-out speedup "
         "per app</text>";
    grid(Top, Bottom);
    int Y = Top;
    for (const AppResult &A : S.Apps) {
      row(A.App, Y, A.ok() ? std::optional<double>(A.Speedup) : std::nullopt,
          A.improved() ? "#2ca02c" : "#999999",
          A.ok() ? speedupText(A) : A.Status);
      if (A.PreviousSpeedup)
        mark(*A.PreviousSpeedup, Y);
      Y += RowH;
    }
    Y += 8;
    std::optional<double> G = S.geomean();
    char Text[32];
    std::snprintf(Text, sizeof(Text), "%.3fx", G.value_or(0));
    row("geomean", Y, G, "#1f4e99", G ? Text : "-");
    O << "<line x1='" << x(1.0) << "' x2='" << x(1.0) << "' y1='" << Top - 4
      << "' y2='" << Bottom << "' stroke='#c00' stroke-dasharray='4 3'/>";
    O << "</svg>";
    return O.str();
  }

private:
  int x(double V) const { return LabelW + int(std::lround(V / XMax * BarsW)); }

  void row(const std::string &Name, int Y, std::optional<double> V,
           const char *Color, const std::string &Label) {
    O << "<text x='" << LabelW - 6 << "' y='" << Y + 15
      << "' text-anchor='end'>" << esc(Name) << "</text>";
    int End = LabelW;
    if (V) {
      End = x(*V);
      O << "<rect x='" << LabelW << "' y='" << Y + 3 << "' width='"
        << End - LabelW << "' height='" << RowH - 6 << "' fill='" << Color
        << "'/>";
    }
    O << "<text x='" << std::max(End, x(1.0)) + 6 << "' y='" << Y + 15
      << "' fill='" << (V ? "#000" : "#c00") << "'>" << esc(Label)
      << "</text>";
  }

  void mark(double V, int Y) {
    O << "<line x1='" << x(V) << "' x2='" << x(V) << "' y1='" << Y + 1
      << "' y2='" << Y + RowH - 1
      << "' stroke='#000' stroke-width='2'><title>previous: " << num(V)
      << "x</title></line>";
  }

  /// Vertical grid lines with their values below, under the bars.
  void grid(int Y0, int Y1) {
    for (double T = 0; T <= XMax + 1e-9; T += Step)
      O << "<line x1='" << x(T) << "' x2='" << x(T) << "' y1='" << Y0
        << "' y2='" << Y1 << "' stroke='#e4e4e4'/><text x='" << x(T)
        << "' y='" << Y1 + 14 << "' text-anchor='middle'>" << num(T)
        << "</text>";
    O << "<text x='" << LabelW + BarsW / 2 << "' y='" << Y1 + 30
      << "' text-anchor='middle'>speedup over the unmodified kernel (dashed: "
         "1.0x)</text>";
  }

  const SuiteSummary &S;
  double Step, XMax;
  std::ostringstream O;
};

std::string table(const SuiteSummary &S) {
  std::ostringstream O;
  O << "<table><tr>";
  for (const std::string &C : columnNames(S))
    O << "<th>" << esc(C) << "</th>";
  O << "</tr>";
  for (const AppResult &A : S.Apps) {
    std::vector<std::string> Cells = rowCells(S, A);
    O << "<tr class='" << (A.ok() ? (A.improved() ? "up" : "ok") : "bad")
      << "'><td>"
      << (A.ok() ? "<a href='" + esc(A.App) + "/run/report.html'>" +
                       esc(A.App) + "</a>"
                 : esc(A.App))
      << "</td>";
    for (size_t I = 1; I < Cells.size(); ++I)
      O << "<td" << (I <= 4 ? " class='n'" : "") << ">" << esc(Cells[I])
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
  O << "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>gevo-suite: "
    << esc(Name) << "</title><style>"
    << "body{font-family:sans-serif;margin:2em;max-width:1200px}"
    << "table{border-collapse:collapse;font-size:13px}"
    << "td,th{border:1px solid #ccc;padding:3px 6px;vertical-align:top}"
    << "th{background:#f0f0f0}td.n{text-align:right;white-space:nowrap}"
    << "tr.up td:nth-child(4){color:#1a7f1a;font-weight:bold}"
    << "tr.bad td{color:#a00}code{background:#f4f4f4;padding:1px 3px}"
    << "</style></head><body>\n<h1>gevo-suite: " << esc(Name) << "</h1>\n<p>"
    << esc(headline(S)) << "</p>\n<p><code>"
    << esc(S.Setup.value("command", "")) << "</code> ("
    << esc(S.Setup.value("date", "")) << ")</p>\n"
    << Chart(S).svg() << "\n" << table(S)
    << "\n<p>The name of each app that finished links to its run's report; "
       "every app's gevo-evolve output is in <code>APP/gevo-evolve.log</code>."
       "</p>\n</body></html>\n";
  return O.str();
}

} // namespace gevo::suite
