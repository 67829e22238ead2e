//===- Charts.cpp - Charts drawn by Chart.js in self-contained pages ------===//

#include "gevo/evolve/Charts.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

namespace gevo::charts {
namespace {

const char *const Palette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                               "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                               "#bcbd22", "#17becf"};

/// "#rrggbb" at opacity A; any other colour as it is.
std::string translucent(const std::string &Hex, double A) {
  unsigned R, G, B;
  if (Hex.size() != 7 ||
      std::sscanf(Hex.c_str(), "#%2x%2x%2x", &R, &G, &B) != 3)
    return Hex;
  char Buf[48];
  std::snprintf(Buf, sizeof(Buf), "rgba(%u,%u,%u,%.2f)", R, G, B, A);
  return Buf;
}

nlohmann::json value(double V) {
  return std::isfinite(V) ? nlohmann::json(V) : nlohmann::json();
}

/// Chart.js's {x, y} points; a NaN y is a gap (null).
nlohmann::json xyPoints(const std::vector<double> &X,
                        const std::vector<double> &Y, size_t &Count) {
  nlohmann::json Out = nlohmann::json::array();
  for (size_t I = 0; I < Y.size(); ++I) {
    double XV = I < X.size() ? X[I] : double(I + 1);
    if (!std::isfinite(XV))
      continue;
    Count += std::isfinite(Y[I]);
    Out.push_back({{"x", XV}, {"y", value(Y[I])}});
  }
  return Out;
}

/// The library's text, read once; none when unreadable or when it could
/// not sit inside a <script> element.
const std::optional<std::string> &library() {
  static const std::optional<std::string> Text =
      []() -> std::optional<std::string> {
    std::ifstream In(chartJsPath(), std::ios::binary);
    if (!In)
      return std::nullopt;
    std::ostringstream S;
    S << In.rdbuf();
    std::string T = S.str(), Lower = T;
    std::transform(Lower.begin(), Lower.end(), Lower.begin(),
                   [](unsigned char C) { return std::tolower(C); });
    if (T.empty() || Lower.find("</script") != std::string::npos)
      return std::nullopt;
    return T;
  }();
  return Text;
}

// Records script errors in the page (before anything else runs).
const char *const ErrorScript =
    "window.gevoErrors=[];function gevoError(m){gevoErrors.push(String(m));"
    "var e=document.getElementById('gevo-errors');if(e){e.textContent="
    "gevoErrors.join('\\n');e.hidden=false;}document.body.setAttribute("
    "'data-errors',gevoErrors.length);}window.addEventListener('error',"
    "function(e){gevoError(e.message);});var gevoConsoleError=console.error;"
    "console.error=function(){gevoError([].join.call(arguments,' '));"
    "gevoConsoleError.apply(console,arguments);};";

// Draws every chart from its spec; the legend hides band edges, tooltips
// show each point's own text.
const char *const DrawScript =
    "document.querySelectorAll('div.gevo-chart').forEach(function(box){try{"
    "var spec=JSON.parse(box.querySelector('script').textContent);"
    "var p=spec.options.plugins;"
    "p.legend={labels:{filter:function(i,d){return !d.datasets[i.datasetIndex]"
    ".gevoNoLegend;}}};"
    "p.tooltip={callbacks:{label:function(c){var t=c.dataset.gevoTips;"
    "if(t&&t[c.dataIndex])return t[c.dataIndex].split('\\n');"
    "return (c.dataset.label||'')+': '+c.formattedValue;}}};"
    "spec.plugins=[{id:'gevoDrawn',afterRender:function(ch){var k=0;"
    "ch.data.datasets.forEach(function(d){d.data.forEach(function(v){"
    "if(v!==null&&typeof v==='object')v=v.y;if(v!==null&&v!==undefined)k++;"
    "});});box.setAttribute('data-drawn',k);}}];"
    "new Chart(box.querySelector('canvas'),spec);"
    "}catch(e){gevoError(e);}});"
    "document.body.setAttribute('data-charts','drawn');";

const char *const PageStyle =
    "body{font-family:sans-serif;max-width:1180px;margin:20px auto;"
    "padding:0 12px}table{border-collapse:collapse;margin:8px 0}"
    "td,th{border:1px solid #ccc;padding:3px 8px;font-size:13px;"
    "text-align:left;vertical-align:top}th{background:#f0f0f0}"
    "td.n{text-align:right;white-space:nowrap}"
    ".gevo-chart{position:relative;margin:12px 0 28px}"
    "body:not(.gevo-charts) .gevo-chart,"
    "body:not(.gevo-charts) .gevo-charts-only{display:none}"
    ".gevo-note{background:#fff3cd;border:1px solid #e0c36c;padding:6px 10px}"
    "#gevo-errors{color:#a00}";

} // namespace

std::string number(double V) {
  char Buf[64];
  if (!std::isfinite(V) || std::fabs(V) < 1e3 || std::fabs(V) >= 1e15) {
    std::snprintf(Buf, sizeof(Buf), "%.4g", V);
    return Buf;
  }
  std::snprintf(Buf, sizeof(Buf), "%.0f", std::fabs(V));
  std::string Digits = Buf, Out = V < 0 ? "-" : "";
  for (size_t I = 0; I < Digits.size(); ++I) {
    if (I && (Digits.size() - I) % 3 == 0)
      Out += ',';
    Out += Digits[I];
  }
  return Out;
}

std::string escapeHtml(std::string_view S) {
  std::string Out;
  for (char C : S)
    switch (C) {
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '&':
      Out += "&amp;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      Out += C;
    }
  return Out;
}

std::string scriptJson(const nlohmann::json &J) {
  std::string Text = J.dump(-1, ' ', false,
                            nlohmann::json::error_handler_t::replace),
              Out;
  for (char C : Text) // '<' only occurs inside JSON strings
    Out += C == '<' ? std::string("\\u003c") : std::string(1, C);
  return Out;
}

std::string chartJsPath() {
  if (const char *Env = std::getenv("GEVO_CHARTJS"); Env && *Env)
    return Env;
  return GEVO_CHARTJS_DEFAULT;
}

Chart::Chart(Kind K, std::string Title, std::string XLabel, std::string YLabel)
    : K(K) {
  Config = {{"type", K == Kind::Bar ? "bar" : "scatter"},
            {"data", {{"datasets", nlohmann::json::array()}}},
            {"options",
             {{"animation", false},
              {"responsive", true},
              {"maintainAspectRatio", false},
              {"interaction",
               {{"mode", K == Kind::Bar ? "index" : "nearest"},
                {"intersect", K == Kind::Bar}}},
              {"plugins", {{"title", {{"display", true}, {"text", Title}}}}},
              {"scales",
               {{"x", {{"title", {{"display", true}, {"text", XLabel}}}}},
                {"y", {{"title", {{"display", true}, {"text", YLabel}}}}}}}}}};
  if (K == Kind::XY)
    Config["options"]["scales"]["x"]["type"] = "linear";
}

std::string Chart::nextColor(const std::string &Given) {
  return Given.empty() ? Palette[Colors++ % 10] : Given;
}

nlohmann::json &Chart::scale(bool Value) {
  bool Horizontal = Config["options"].value("indexAxis", "x") == "y";
  return Config["options"]["scales"][Value != Horizontal ? "y" : "x"];
}

Chart &Chart::series(const std::string &Name, const std::vector<double> &X,
                     const std::vector<double> &Y, Style S) {
  std::string C = nextColor(S.Color);
  nlohmann::json D = {{"label", Name},
                      {"data", xyPoints(X, Y, Points)},
                      {"showLine", S.Line},
                      {"borderColor", C},
                      // Pale where only the legend's box shows it.
                      {"backgroundColor", S.Radius ? C : translucent(C, 0.3)},
                      {"borderWidth", S.Line ? 2 : 1},
                      {"pointRadius", S.Radius},
                      {"pointHoverRadius", S.Radius + 3},
                      {"spanGaps", false}};
  if (S.Dashed)
    D["borderDash"] = {6, 4};
  if (!S.Marker.empty())
    D["pointStyle"] = S.Marker;
  if (!S.Tips.empty())
    D["gevoTips"] = S.Tips;
  Config["data"]["datasets"].push_back(std::move(D));
  return *this;
}

Chart &Chart::band(const std::string &Name, const std::vector<double> &X,
                   const std::vector<double> &Lo, const std::vector<double> &Hi,
                   const std::string &Color) {
  std::string Fill = translucent(Color, 0.18);
  for (const std::vector<double> *Edge : {&Lo, &Hi}) {
    bool Upper = Edge == &Hi;
    Config["data"]["datasets"].push_back(
        {{"label", Name},
         {"data", xyPoints(X, *Edge, Points)},
         {"showLine", true},
         {"borderWidth", 0},
         {"pointRadius", 0},
         {"pointHitRadius", 0},
         {"borderColor", Fill},
         {"backgroundColor", Fill},
         {"fill", Upper ? nlohmann::json("-1") : nlohmann::json(false)},
         {"gevoNoLegend", !Upper}});
  }
  return *this;
}

Chart &Chart::categories(const std::vector<std::string> &Names) {
  Config["data"]["labels"] = Names;
  return *this;
}

Chart &Chart::bars(const std::string &Name, const std::vector<double> &Values,
                   Style S) {
  nlohmann::json Data = nlohmann::json::array();
  for (double V : Values) {
    Points += std::isfinite(V);
    Data.push_back(value(V));
  }
  std::string C = nextColor(S.Color);
  nlohmann::json D = {{"label", Name},
                      {"data", Data},
                      {"backgroundColor", C},
                      {"borderColor", C}};
  if (!S.Tips.empty())
    D["gevoTips"] = S.Tips;
  Config["data"]["datasets"].push_back(std::move(D));
  return *this;
}

Chart &Chart::stacked() {
  for (const char *Axis : {"x", "y"})
    Config["options"]["scales"][Axis]["stacked"] = true;
  return *this;
}

Chart &Chart::horizontal() {
  Config["options"]["indexAxis"] = "y";
  // The axis titles were given as (category, value): swap them over.
  std::swap(Config["options"]["scales"]["x"]["title"],
            Config["options"]["scales"]["y"]["title"]);
  return *this;
}

Chart &Chart::logAxes() {
  for (const char *Axis : {"x", "y"})
    Config["options"]["scales"][Axis]["type"] = "logarithmic";
  return *this;
}

Chart &Chart::yRange(double Lo, double Hi) {
  nlohmann::json &S = scale(/*Value=*/true);
  S["min"] = Lo;
  S["max"] = Hi;
  return *this;
}

Chart &Chart::fromZero() {
  scale(/*Value=*/true)["beginAtZero"] = true;
  return *this;
}

Chart &Chart::integerX() {
  Config["options"]["scales"]["x"]["ticks"]["precision"] = 0;
  return *this;
}

std::string Chart::html() const {
  // Horizontal bars: a row per category.
  int Height = 320;
  if (Config["options"].value("indexAxis", "x") == "y")
    Height = std::max(
        Height, int(80 + 28 * Config["data"]
                                  .value("labels", nlohmann::json::array())
                                  .size()));
  std::ostringstream S;
  S << "<div class=\"gevo-chart\" style=\"height:" << Height
    << "px\" data-points=\"" << Points
    << "\"><canvas></canvas><script type=\"application/json\">"
    << scriptJson(Config) << "</script></div>\n";
  return S.str();
}

std::string pageStart(const std::string &Title, const std::string &Css) {
  bool Have = library().has_value();
  std::string Out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                    "<title>" +
                    escapeHtml(Title) + "</title><style>" + PageStyle + Css +
                    "</style></head><body" +
                    (Have ? " class=\"gevo-charts\"" : "") + ">\n";
  if (!Have)
    Out += "<p class=\"gevo-note\">Charts are not drawn: Chart.js was not "
           "found at " +
           escapeHtml(chartJsPath()) +
           " (apt-get install libjs-chart.js, or set GEVO_CHARTJS to "
           "chart.min.js).</p>\n";
  return Out;
}

std::string pageEnd() {
  std::string Out = "<pre id=\"gevo-errors\" hidden></pre>\n";
  if (const std::optional<std::string> &Lib = library())
    Out += std::string("<script>") + ErrorScript + "</script>\n<script>" +
           *Lib + "\n</script>\n<script>" + DrawScript + "</script>\n";
  return Out + "</body></html>\n";
}

} // namespace gevo::charts
