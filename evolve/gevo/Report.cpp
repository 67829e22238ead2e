//===- Report.cpp - report.html from a run directory ----------------------===//

#include "gevo/evolve/Report.h"
#include "ReportCharts.h"

#include "gevo/evolve/Charts.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

using namespace llvm;

namespace gevo::evolve {

const char *const GenerationsCsvHeader =
    "generation,evaluations,valid_rate,best_objective,best_speedup,"
    "best_error,front_size,elapsed_s,median_objective,hypervolume";

namespace {
using charts::Chart;
using nlohmann::json;

std::string esc(StringRef S) { return charts::escapeHtml(S); }

std::string num(double V) { return charts::number(V); }

/// generations.csv as columns by name.
report::Columns readCsv(StringRef Text) {
  report::Columns Cols;
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
      if (Cells[C].trim().getAsDouble(V))
        V = NAN;
      Cols[Names[C].trim().str()].push_back(V);
    }
  }
  return Cols;
}

std::string cell(const json &V);

/// A JSON value as a table: an object's keys down the side, an array of
/// objects a row each.
std::string table(const json &V) {
  std::ostringstream S;
  if (V.is_object()) {
    S << "<table>";
    for (const auto &[Key, Item] : V.items())
      S << "<tr><th>" << esc(Key) << "</th><td>" << cell(Item) << "</td></tr>";
    S << "</table>";
    return S.str();
  }
  std::vector<std::string> Keys; // the rows' keys, first seen first
  std::set<std::string> Seen;
  for (const json &Row : V)
    for (const auto &[Key, Item] : Row.items())
      if (Seen.insert(Key).second)
        Keys.push_back(Key);
  S << "<table><tr>";
  for (const std::string &K : Keys)
    S << "<th>" << esc(K) << "</th>";
  S << "</tr>";
  for (const json &Row : V) {
    S << "<tr>";
    for (const std::string &K : Keys)
      S << "<td>" << (Row.contains(K) ? cell(Row[K]) : "") << "</td>";
    S << "</tr>";
  }
  S << "</table>";
  return S.str();
}

std::string cell(const json &V) {
  if (V.is_object() && !V.empty())
    return table(V);
  if (V.is_array() && !V.empty() &&
      std::all_of(V.begin(), V.end(),
                  [](const json &E) { return E.is_object(); }))
    return table(V);
  if (V.is_array()) {
    std::string Out;
    for (const json &E : V)
      Out += (Out.empty() ? "" : ", ") + cell(E);
    return Out;
  }
  if (V.is_number())
    return num(V.get<double>());
  if (V.is_string())
    return esc(V.get<std::string>());
  return V.is_null() || V.empty() ? "—" : esc(V.dump());
}

std::string editsTable(const json &Best) {
  if (!Best.is_object()) // absent from an older or hand-edited summary
    return "<p>none</p>";
  std::ostringstream S;
  S << "<table><tr><th>edit</th><th>what it does</th>"
    << "<th>objectives without it</th></tr>";
  const json &Ab = Best.value("ablation", json::array());
  const json &Desc = Best.value("descriptions", json::array());
  const json &Edits = Best.value("edits", json::array());
  for (size_t I = 0; I < Edits.size(); ++I) {
    std::string Without = "—"; // HTML
    if (I < Ab.size())
      Without = Ab[I].is_null() ? "invalid" : cell(Ab[I]);
    S << "<tr><td><code>" << esc(Edits[I].get<std::string>())
      << "</code></td><td>"
      << esc(I < Desc.size() ? Desc[I].get<std::string>() : "") << "</td><td>"
      << Without << "</td></tr>";
  }
  return S.str() + "</table>";
}

/// best/kernel.diff by each line's first character: added, removed, hunk
/// header, a source annotation ('#'), else context.
std::string diffHtml(StringRef Text) {
  std::string Out = "<pre class='diff'>";
  SmallVector<StringRef> Lines;
  Text.split(Lines, '\n');
  if (!Lines.empty() && Lines.back().empty())
    Lines.pop_back();
  for (StringRef L : Lines) {
    const char *Class = L.starts_with("+++") || L.starts_with("---") ? "file"
                        : L.starts_with("+")                         ? "add"
                        : L.starts_with("-")                         ? "del"
                        : L.starts_with("@")                         ? "hunk"
                        : L.starts_with("#")                         ? "note"
                                                                     : "ctx";
    // Block spans: one line each, no newline between them.
    Out += std::string("<span class='") + Class + "'>" + esc(L) + "</span>";
  }
  return Out + "</pre>";
}

const char *const Css =
    ".big{font-size:20px}code{font-size:12px}"
    "pre.diff{font-size:12px;border:1px solid #ccc;padding:6px;overflow-x:auto}"
    "pre.diff span{display:block}.add{background:#e6ffec;color:#116329}"
    ".del{background:#ffebe9;color:#82071e}.hunk{color:#0550ae;"
    "background:#ddf4ff}.note{color:#6e4c00;background:#fff8c5;"
    "font-style:italic}.file{font-weight:bold}";

/// The headline: what the run found and how it was validated.
void headline(std::ostringstream &S, const json &Summary) {
  if (Summary.is_null()) {
    S << "<p class='big'>run in progress or interrupted (no summary yet)</p>";
    return;
  }
  const json &Held = Summary.value("heldout", json::object());
  if (!Held.value("held_out", true))
    S << "<p>Nothing was held out: the tests dir has no held-out cases "
      << "and declares no ranges to draw them from, so the variants were "
      << "validated on the evolution cases.</p>";
  if (unsigned Drawn = Held.value("drawn_cases", 0u))
    S << "<p>Held-out validation included " << Drawn
      << " case(s) drawn from the ranges the tests dir declares.</p>";
  if (Summary.value("best", json::object()).value("demoted", false))
    S << "<p class='big'>the best variant was demoted: "
      << esc(Held.value("message", "")) << "; the base stays the best</p>";
  else if (Summary.contains("best"))
    S << "<p class='big'>best speedup "
      << num(Summary.value("best_speedup", 0.0))
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
}

void section(std::ostringstream &S, const std::string &Title,
             const std::optional<Chart> &C, const std::string &Text = "") {
  if (!C)
    return;
  S << "<div class='gevo-charts-only'><h2>" << esc(Title) << "</h2>" << Text
    << C->html() << "</div>";
}

/// D's file Name, "" when the run has not written it (yet).
Expected<std::string> optionalFile(const RunDir &D, const char *Name) {
  if (!sys::fs::exists(D.file(Name)))
    return "";
  return D.readFile(Name);
}

/// D's JSON file Name, null when the run has not written it (yet); a file
/// that is there but is not JSON is an Error.
Expected<json> optionalJson(const RunDir &D, const char *Name) {
  if (!sys::fs::exists(D.file(Name)))
    return json();
  return D.readJson(Name);
}

/// The report; throws nlohmann's exceptions on a file of the wrong shape,
/// \p Reading naming it.
Expected<std::string> render(const RunDir &D, const char *&Reading) {
  Reading = "config.json";
  Expected<json> Config = D.readJson("config.json");
  if (!Config)
    return Config.takeError();
  Expected<std::string> Csv = optionalFile(D, "generations.csv");
  if (!Csv)
    return Csv.takeError();
  if (!Csv->empty() && !StringRef(*Csv).starts_with("generation,"))
    return createStringError(inconvertibleErrorCode(),
                             D.file("generations.csv") +
                                 ": not a gevo run's generations.csv (no header)");
  report::Columns Gen = readCsv(*Csv);
  std::string Objective = Config->value("objective", "time");
  std::string Kernel = Config->value("kernel", "");
  std::ostringstream S;
  S << charts::pageStart("gevo run: " + Kernel, Css);
  S << "<h1>gevo: " << esc(Kernel) << "</h1><p>mode "
    << esc(Config->value("mode", "")) << ", objective " << esc(Objective)
    << ", target " << esc(Config->value("target", "")) << ", seed "
    << Config->value("seed", 0) << ", population " << Config->value("pop", 0)
    << "</p>";
  Reading = "summary.json";
  Expected<json> SummaryOr = optionalJson(D, "summary.json");
  if (!SummaryOr)
    return SummaryOr.takeError();
  json Summary = std::move(*SummaryOr);
  headline(S, Summary);
  Reading = "pareto.json";
  Expected<json> ParetoOr = optionalJson(D, "pareto.json");
  if (!ParetoOr)
    return ParetoOr.takeError();
  json Pareto = std::move(*ParetoOr);

  section(S, "Convergence", report::convergence(Gen, Objective));
  Reading = "log.jsonl";
  Expected<std::string> Log = optionalFile(D, "log.jsonl");
  if (!Log)
    return Log.takeError();
  if (!Log->empty())
    section(S, "Evaluations by status", report::statuses(*Log));
  Reading = "pareto.json";
  if (!Pareto.is_null())
    section(S, "Pareto front", report::front(Pareto, Summary, Objective));
  std::string HvText;
  if (const std::vector<double> &Hv = Gen["hypervolume"]; !Hv.empty())
    HvText = "<p>Final hypervolume " +
             num(Summary.is_object() ? Summary.value("hypervolume", Hv.back())
                                     : Hv.back()) +
             " (cost over the base's, error over the mode's bound; reference "
             "point (1, 1); 1 - best/base when error is not an objective).</p>";
  section(S, "Front quality", report::frontQuality(Gen), HvText);
  Reading = "summary.json";
  section(S, "Held-out speedups", report::heldOut(Summary, Pareto));

  if (!Summary.is_null()) {
    if (Summary.contains("best"))
      S << "<h2>Best variant</h2>" << editsTable(Summary["best"]);
    if (Expected<std::string> Diff = D.readFile("best/kernel.diff"))
      S << "<h2>The best variant's diff</h2>" << diffHtml(*Diff);
    else
      consumeError(Diff.takeError());
    S << "<h2>As evolved</h2><p>the best variant's edits before delta "
         "debugging dropped those that do not contribute:</p>"
      << editsTable(Summary.value("evolved", json()));
    if (Summary.contains("time_shares"))
      S << "<h2>Time</h2>" << table(Summary["time_shares"]);
    // On a GPU: the device, the gate, the timing rule, the base's times,
    // and compute-sanitizer's checks of the final variant.
    for (auto [Key, Title] : {std::pair<const char *, const char *>{
                                  "measured_on", "Measured on"},
                              {"final_check", "Final check"}})
      if (Summary.contains(Key))
        S << "<h2>" << Title << "</h2>" << cell(Summary[Key]);
  }
  S << charts::pageEnd();
  return S.str();
}
} // namespace

Expected<std::string> renderReport(const RunDir &D) {
  const char *Reading = "";
  try {
    return render(D, Reading);
  } catch (const json::exception &E) {
    return createStringError(inconvertibleErrorCode(),
                             "%s: not a gevo run's %s: %s",
                             D.file(Reading).c_str(), Reading, E.what());
  }
}

} // namespace gevo::evolve
