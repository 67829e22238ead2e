//===- Charts.h - Charts drawn by Chart.js in HTML pages --------*- C++ -*-===//
//
// Every HTML page gevo writes (gevo-evolve's report.html, gevo-tune
// --compare's compare.html, gevo-suite's summary.html, gevo-model-check's
// plot) draws its charts the same way: C++ describes each chart as a
// Chart.js configuration (JSON, with the data), written into the page in a
// <script type="application/json"> block, and pageEnd() inlines the Chart.js
// library, read at generation time from the installed file, and a small
// script that draws every chart. The page stays one file that works offline.
//
// The library's path is compiled in (found by CMake, Debian's
// libjs-chart.js) and overridden by the environment variable GEVO_CHARTJS.
// Without the file the page is still written, tables and all, with a
// one-line note saying how to get the charts.
//
// After drawing, each chart's container carries data-drawn (the points
// Chart.js holds) beside data-points (the points C++ gave it), and the body
// carries data-charts="drawn" and data-errors (the page's script errors,
// also listed in #gevo-errors), which the headless-browser test reads.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_CHARTS_H
#define GEVO_EVOLVE_CHARTS_H

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gevo::charts {

/// How one series is drawn: Style{Color, Line, Dashed, Radius, Marker, Tips}.
struct Style {
  Style(std::string Color = "", bool Line = true, bool Dashed = false,
        int Radius = 0, std::string Marker = "",
        std::vector<std::string> Tips = {})
      : Color(std::move(Color)), Line(Line), Dashed(Dashed), Radius(Radius),
        Marker(std::move(Marker)), Tips(std::move(Tips)) {}
  std::string Color;             ///< CSS colour; empty: the palette's next
  bool Line;                     ///< join the points
  bool Dashed;                   ///< a dashed line
  int Radius;                    ///< point radius in pixels (0: none drawn)
  std::string Marker;            ///< Chart.js pointStyle ("rect", "star", ...)
  std::vector<std::string> Tips; ///< hover text per point ('\n': lines)
};

/// A chart: a line/scatter chart over numeric x, or a bar chart over
/// categories. Builders return *this.
class Chart {
public:
  enum class Kind { XY, Bar };
  Chart(Kind K, std::string Title, std::string XLabel, std::string YLabel);

  /// An x-y series; NaN values are gaps. X empty: 1, 2, ...
  Chart &series(const std::string &Name, const std::vector<double> &X,
                const std::vector<double> &Y, Style S = {});
  /// A filled band between Lo and Hi (e.g. the 25th-75th percentiles).
  Chart &band(const std::string &Name, const std::vector<double> &X,
              const std::vector<double> &Lo, const std::vector<double> &Hi,
              const std::string &Color);
  /// Bar charts: the categories, then one call per series of values.
  Chart &categories(const std::vector<std::string> &Names);
  Chart &bars(const std::string &Name, const std::vector<double> &Values,
              Style S = {});
  Chart &stacked();    ///< bars of a category stacked, not side by side
  Chart &horizontal(); ///< bars along x, categories down the y axis
  Chart &logAxes();    ///< both axes logarithmic
  Chart &yRange(double Lo, double Hi); ///< fix the value axis
  Chart &fromZero();                   ///< the value axis starts at 0
  Chart &integerX(); ///< x ticks at whole numbers (generations, trials)

  /// Points (non-NaN values) over all series.
  size_t points() const { return Points; }
  /// The chart's container and spec, for the page's body.
  std::string html() const;

private:
  std::string nextColor(const std::string &Given);
  nlohmann::json &scale(bool Value);

  Kind K;
  nlohmann::json Config;
  size_t Points = 0, Colors = 0;
};

/// A number as people read it: 4 significant digits, and from 1,000 up a
/// whole number with thousands separators (2,476,266, never 2.476e+06).
std::string number(double V);
/// Text for HTML (element content or a quoted attribute).
std::string escapeHtml(std::string_view S);
/// JSON for inside a <script> element: every '<' as \u003c.
std::string scriptJson(const nlohmann::json &J);

/// The start of a page up to and including <body>: the title, the shared
/// style plus \p Css, and the note when Chart.js is missing (then charts,
/// and elements of class gevo-charts-only, are not shown).
std::string pageStart(const std::string &Title, const std::string &Css = "");
/// The scripts that draw the page's charts, then </body></html>.
std::string pageEnd();
/// Where Chart.js is read from (GEVO_CHARTJS, else the compiled-in path).
std::string chartJsPath();

} // namespace gevo::charts

#endif
