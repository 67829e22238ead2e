//===- Plot.cpp - Convergence curves over seeds and their chart -----------===//
//
// A comparison plots one statistic per strategy: the median over seeds of
// the best-so-far curve, with the band between the 25th and 75th
// percentiles and a dashed line at the optimum, drawn by Chart.js in a
// self-contained page (Charts.h).
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Compare.h"

#include "gevo/evolve/Charts.h"
#include "gevo/support/Stats.h"

#include <algorithm>
#include <cmath>

namespace gevo::evolve::tune {

std::vector<double> quantileCurve(const CompareRow &R, size_t Length, double Q) {
  std::vector<double> Out(Length, NAN), At;
  for (size_t X = 1; X <= Length; ++X) {
    At.clear();
    for (const auto &C : R.Curves)
      if (!C.empty())
        if (double V = C[std::min(X, C.size()) - 1]; !std::isnan(V))
          At.push_back(V);
    if (!At.empty() && At.size() == R.Curves.size())
      Out[X - 1] = quantile(At, Q);
  }
  return Out;
}

std::string plotPage(const std::string &Title, const std::string &Header,
                     const std::string &XLabel, const std::string &YLabel,
                     const std::vector<Series> &S,
                     std::optional<double> Reference,
                     const std::string &RefLabel) {
  using charts::Chart;
  static const char *const Colors[] = {
      "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
      "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
  Chart C(Chart::Kind::XY, Title, XLabel, YLabel);
  C.integerX();
  size_t Length = 1;
  for (size_t I = 0; I < S.size(); ++I) {
    const char *Color = Colors[I % 10];
    Length = std::max(Length, S[I].Y.size());
    if (!S[I].Lo.empty() && S[I].Lo.size() == S[I].Hi.size())
      C.band(S[I].Name + " 25-75%", {}, S[I].Lo, S[I].Hi, Color);
    C.series(S[I].Name, {}, S[I].Y, {Color});
  }
  if (Reference)
    C.series(RefLabel, {1, double(Length)}, {*Reference, *Reference},
             {"#000000", true, true});
  std::string Text = Header;
  Text.erase(std::remove(Text.begin(), Text.end(), '`'), Text.end());
  return charts::pageStart(Title) + "<h1>" + charts::escapeHtml(Title) +
         "</h1>\n<p>" + charts::escapeHtml(Text) + "</p>\n" + C.html() +
         charts::pageEnd();
}

} // namespace gevo::evolve::tune
