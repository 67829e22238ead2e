//===- Report.cpp - report.html from a run directory ----------------------===//

#include "gevo/evolve/Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <map>
#include <cmath>
#include <cstdio>
#include <sstream>

using namespace llvm;

namespace gevo::evolve {

const char *const GenerationsCsvHeader =
    "generation,evaluations,valid_rate,best_objective,best_speedup,"
    "best_error,front_size,elapsed_s";

namespace {
constexpr int W = 560, H = 300, L = 70, R = 20, T = 30, B = 45;
const char *const Colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd"};

std::string esc(StringRef S) {
  std::string Out;
  for (char C : S)
    Out += C == '<' ? "&lt;" : C == '>' ? "&gt;" : C == '&' ? "&amp;"
         : C == '"' ? "&quot;" : std::string(1, C);
  return Out;
}

std::string num(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.4g", V);
  return Buf;
}

/// Maps [Lo, Hi] onto a pixel range, padding a flat range.
struct Axis {
  double Lo, Hi;
  Axis(double A, double B) : Lo(A), Hi(B) {
    if (!(Hi > Lo)) {
      double Pad = std::fabs(Lo) * 0.05 + 1e-9;
      Lo -= Pad;
      Hi += Pad;
    }
  }
  double at(double V, double P0, double P1) const {
    return P0 + (V - Lo) / (Hi - Lo) * (P1 - P0);
  }
};

std::string frame(const std::string &Title, const std::string &XLabel,
                  const std::string &YLabel, const Axis &X, const Axis &Y) {
  std::ostringstream S;
  S << "<svg xmlns='http://www.w3.org/2000/svg' width='" << W << "' height='"
    << H << "' font-family='sans-serif' font-size='11'>"
    << "<text x='" << W / 2 << "' y='16' text-anchor='middle' font-size='13'>"
    << esc(Title) << "</text><rect x='" << L << "' y='" << T << "' width='"
    << W - L - R << "' height='" << H - T - B
    << "' fill='none' stroke='#999'/>";
  for (int I = 0; I <= 4; ++I) {
    double XV = X.Lo + (X.Hi - X.Lo) * I / 4, YV = Y.Lo + (Y.Hi - Y.Lo) * I / 4;
    S << "<text x='" << X.at(XV, L, W - R) << "' y='" << H - B + 14
      << "' text-anchor='middle'>" << num(XV) << "</text>";
    S << "<text x='" << L - 4 << "' y='" << Y.at(YV, H - B, T) + 4
      << "' text-anchor='end'>" << num(YV) << "</text>";
  }
  S << "<text x='" << (L + W - R) / 2 << "' y='" << H - 8
    << "' text-anchor='middle'>" << esc(XLabel) << "</text>";
  S << "<text x='14' y='" << (T + H - B) / 2 << "' transform='rotate(-90 14 "
    << (T + H - B) / 2 << ")' text-anchor='middle'>" << esc(YLabel)
    << "</text>";
  return S.str();
}
} // namespace

std::string svgLineChart(const std::string &Title, const std::string &XLabel,
                         const std::vector<double> &X,
                         const std::vector<Series> &Ys) {
  if (X.empty())
    return "<p>(no data yet)</p>";
  double YLo = INFINITY, YHi = -INFINITY;
  for (const Series &S : Ys)
    for (double V : S.Y)
      if (std::isfinite(V)) {
        YLo = std::min(YLo, V);
        YHi = std::max(YHi, V);
      }
  if (!std::isfinite(YLo))
    YLo = YHi = 0;
  Axis AX(X.front(), X.back()), AY(YLo, YHi);
  std::string Out = frame(Title, XLabel, Ys.size() == 1 ? Ys[0].Name : "", AX, AY);
  for (size_t K = 0; K < Ys.size(); ++K) {
    std::ostringstream P;
    P << "<polyline fill='none' stroke-width='2' stroke='" << Colors[K % 4]
      << "' points='";
    for (size_t I = 0; I < X.size() && I < Ys[K].Y.size(); ++I)
      if (std::isfinite(Ys[K].Y[I]))
        P << AX.at(X[I], L, W - R) << "," << AY.at(Ys[K].Y[I], H - B, T) << " ";
    P << "'/><text x='" << L + 8 << "' y='" << T + 14 + 14 * K << "' fill='"
      << Colors[K % 4] << "'>" << esc(Ys[K].Name) << "</text>";
    Out += P.str();
  }
  return Out + "</svg>";
}

std::string svgScatter(const std::string &Title, const std::string &XLabel,
                       const std::string &YLabel, const std::vector<double> &X,
                       const std::vector<double> &Y, double BaseX, double BaseY,
                       const std::string &MarkLabel) {
  std::vector<double> AllX = X, AllY = Y;
  AllX.push_back(BaseX);
  AllY.push_back(BaseY);
  Axis AX(*std::min_element(AllX.begin(), AllX.end()),
          *std::max_element(AllX.begin(), AllX.end()));
  Axis AY(*std::min_element(AllY.begin(), AllY.end()),
          *std::max_element(AllY.begin(), AllY.end()));
  std::ostringstream S;
  S << frame(Title, XLabel, YLabel, AX, AY);
  for (size_t I = 0; I < X.size(); ++I)
    S << "<circle r='4' fill='" << Colors[0] << "' cx='" << AX.at(X[I], L, W - R)
      << "' cy='" << AY.at(Y[I], H - B, T) << "'/>";
  S << "<rect width='8' height='8' fill='" << Colors[1] << "' x='"
    << AX.at(BaseX, L, W - R) - 4 << "' y='" << AY.at(BaseY, H - B, T) - 4
    << "'/><text x='" << AX.at(BaseX, L, W - R) + 6 << "' y='"
    << AY.at(BaseY, H - B, T) - 6 << "' fill='" << Colors[1]
    << "'>" << MarkLabel << "</text></svg>";
  return S.str();
}

namespace {
/// generations.csv as columns by name.
std::map<std::string, std::vector<double>> readCsv(StringRef Text) {
  std::map<std::string, std::vector<double>> Cols;
  SmallVector<StringRef> Lines, Names;
  Text.split(Lines, '\n', -1, false);
  if (Lines.empty())
    return Cols;
  Lines[0].split(Names, ',');
  for (size_t I = 1; I < Lines.size(); ++I) {
    SmallVector<StringRef> Cells;
    Lines[I].split(Cells, ',');
    for (size_t C = 0; C < Names.size() && C < Cells.size(); ++C) {
      double V = NAN;
      Cells[C].trim().getAsDouble(V);
      Cols[Names[C].str()].push_back(V);
    }
  }
  return Cols;
}

std::string editsTable(const nlohmann::json &Best) {
  if (!Best.is_object()) // absent from an older or hand-edited summary
    return "<p>none</p>";
  std::ostringstream S;
  S << "<table><tr><th>edit</th><th>what it does</th>"
    << "<th>objectives without it</th></tr>";
  const nlohmann::json &Ab = Best.value("ablation", nlohmann::json::array());
  const nlohmann::json &Desc = Best.value("descriptions", nlohmann::json::array());
  const nlohmann::json &Edits = Best.value("edits", nlohmann::json::array());
  for (size_t I = 0; I < Edits.size(); ++I) {
    std::string Without = "—";
    if (I < Ab.size())
      Without = Ab[I].is_null() ? "invalid" : Ab[I].dump();
    S << "<tr><td><code>" << esc(Edits[I].get<std::string>())
      << "</code></td><td>"
      << esc(I < Desc.size() ? Desc[I].get<std::string>() : "") << "</td><td>"
      << esc(Without) << "</td></tr>";
  }
  return S.str() + "</table>";
}

/// The report; throws nlohmann's exceptions on a file of the wrong shape,
/// \p Reading naming it.
Expected<std::string> render(const RunDir &D, const char *&Reading) {
  Reading = "config.json";
  Expected<nlohmann::json> Config = D.readJson("config.json");
  if (!Config)
    return Config.takeError();
  std::map<std::string, std::vector<double>> Gen;
  if (Expected<std::string> Csv = D.readFile("generations.csv"))
    Gen = readCsv(*Csv);
  else
    consumeError(Csv.takeError());
  std::string Objective = Config->value("objective", "time");
  std::ostringstream S;
  S << "<!DOCTYPE html><html><head><meta charset='utf-8'><title>gevo run: "
    << esc(Config->value("kernel", "")) << "</title><style>"
    << "body{font-family:sans-serif;max-width:1180px;margin:20px auto;}"
    << "table{border-collapse:collapse;margin:8px 0;}td,th{border:1px solid "
    << "#ccc;padding:3px 8px;font-size:13px;text-align:left;}"
    << "code{font-size:12px;}.big{font-size:20px;}</style></head><body>";
  S << "<h1>gevo: " << esc(Config->value("kernel", "")) << "</h1><p>mode "
    << esc(Config->value("mode", "")) << ", objective " << esc(Objective)
    << ", target " << esc(Config->value("target", "")) << ", seed "
    << Config->value("seed", 0) << ", population " << Config->value("pop", 0)
    << "</p>";
  nlohmann::json Summary;
  Reading = "summary.json";
  if (Expected<nlohmann::json> J = D.readJson("summary.json"))
    Summary = *J;
  else
    consumeError(J.takeError());
  if (!Summary.is_null()) {
    const nlohmann::json &Held = Summary.value("heldout", nlohmann::json::object());
    if (!Held.value("held_out", true))
      S << "<p>Nothing was held out: the tests dir has no held-out cases "
        << "and declares no ranges to draw them from, so the variants were "
        << "validated on the evolution cases.</p>";
    if (unsigned Drawn = Held.value("drawn_cases", 0u))
      S << "<p>Held-out validation included " << Drawn
        << " case(s) drawn from the ranges the tests dir declares.</p>";
    if (Summary.value("best", nlohmann::json::object()).value("demoted", false))
      S << "<p class='big'>the best variant was demoted: "
        << esc(Held.value("message", "")) << "; the base stays the best</p>";
    else if (Summary.contains("best"))
      S << "<p class='big'>best speedup " << num(Summary.value("best_speedup", 0.0))
        << "x over the base on the evolution cases; held-out validation: "
        << esc(Held.value("status", "not run")) << ", speedup "
        << num(Held.value("speedup", 0.0)) << "x, error "
        << num(Held.value("error", 0.0)) << "</p>";
    else
      S << "<p class='big'>no variant passed held-out validation ("
        << esc(Held.value("status", "not run")) << "): the base stays the "
        << "best</p>";
    if (Held.contains("best"))
      S << "<p>The best evolved variant failed held-out validation: "
        << esc(Held["best"].value("status", "")) << ", "
        << esc(Held["best"].value("message", "")) << "</p>";
  } else {
    S << "<p class='big'>run in progress or interrupted (no summary yet)</p>";
  }
  const std::vector<double> &X = Gen["generation"];
  S << svgLineChart("best " + Objective + " by generation", "generation", X,
                    {{"best " + Objective, Gen["best_objective"]}});
  S << svgLineChart("best error and valid rate by generation", "generation", X,
                    {{"best error", Gen["best_error"]},
                     {"valid rate", Gen["valid_rate"]}});
  Reading = "pareto.json";
  if (Expected<nlohmann::json> P = D.readJson("pareto.json")) {
    std::vector<double> Px, Py;
    for (const nlohmann::json &M : P->at("front")) {
      Px.push_back(M["objectives"][0]);
      Py.push_back(M.value("error", 0.0));
    }
    S << "<h2>Pareto front (" << Px.size() << " variants)</h2>"
      << svgScatter("final front", Objective, "error", Px, Py,
                    P->at("base").value("objective", 0.0), 0.0);
  } else {
    consumeError(P.takeError());
  }
  Reading = "summary.json";
  if (!Summary.is_null()) {
    if (Summary.contains("best"))
      S << "<h2>Best variant</h2>" << editsTable(Summary["best"]);
    S << "<h2>As evolved</h2><p>the best variant's edits before delta "
         "debugging dropped those that do not contribute:</p>"
      << editsTable(Summary.value("evolved", nlohmann::json()));
    S << "<h2>Time</h2><pre>" << esc(Summary.value("time_shares", nlohmann::json()).dump(2))
      << "</pre>";
    // On a GPU: the device, the gate, the timing rule, the base's times,
    // and compute-sanitizer's checks of the final variant.
    for (auto [Key, Title] : {std::pair<const char *, const char *>{
                                  "measured_on", "Measured on"},
                              {"final_check", "Final check"}})
      if (Summary.contains(Key))
        S << "<h2>" << Title << "</h2><pre>" << esc(Summary[Key].dump(2))
          << "</pre>";
  }
  S << "</body></html>\n";
  return S.str();
}
} // namespace

Expected<std::string> renderReport(const RunDir &D) {
  const char *Reading = "";
  try {
    return render(D, Reading);
  } catch (const nlohmann::json::exception &E) {
    return createStringError(inconvertibleErrorCode(),
                             "%s: not a gevo run's %s: %s",
                             D.file(Reading).c_str(), Reading, E.what());
  }
}

} // namespace gevo::evolve
