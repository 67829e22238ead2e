//===- ReportCharts.cpp - The charts of report.html -----------------------===//

#include "ReportCharts.h"

#include "gevo/harness/Status.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <sstream>

namespace gevo::evolve::report {
using charts::Chart;
using nlohmann::json;

namespace {

std::string num(double V) { return charts::number(V); }

const std::vector<double> &column(const Columns &Gen, const char *Name) {
  static const std::vector<double> None;
  auto It = Gen.find(Name);
  return It == Gen.end() ? None : It->second;
}

bool anyFinite(const std::vector<double> &V) {
  return std::any_of(V.begin(), V.end(),
                     [](double X) { return std::isfinite(X); });
}

/// A status's colour: ok green, every other status its own colour by its
/// place in the Status enum (so a new status gets one without a table).
std::string statusColor(const std::string &Name) {
  static constexpr const char *Palette[] = {
      "#ff7f0e", "#d62728", "#9467bd", "#8c564b", "#7f7f7f", "#e377c2", "#f7b6d2",
      "#bcbd22", "#17becf", "#c7c7c7", "#aec7e8", "#ffbb78", "#ff9896", "#c5b0d5",
      "#1f77b4", "#dbdb8d", "#9edae5", "#c49c94", "#393b79"};
  static_assert(NumStatuses <= 1 + std::size(Palette), "a status without a colour");
  std::optional<Status> S = parseStatus(Name);
  if (!S)
    return "";
  return *S == Status::Ok ? "#2ca02c" : Palette[unsigned(*S) - 1];
}

/// Hover text of a front member or a marked point.
std::string tip(const std::string &Name, const std::string &Objective,
                double Obj, double Error, double Speedup, size_t Edits) {
  return Name + "\n" + Objective + " " + num(Obj) + "\nerror " + num(Error) +
         "\nspeedup " + num(Speedup) + "x\n" + std::to_string(Edits) +
         (Edits == 1 ? " edit" : " edits");
}

} // namespace

std::optional<Chart> convergence(const Columns &Gen,
                                 const std::string &Objective) {
  const std::vector<double> &X = column(Gen, "generation"),
                            &Best = column(Gen, "best_objective"),
                            &Median = column(Gen, "median_objective");
  if (X.empty() || !anyFinite(Best))
    return std::nullopt;
  Chart C(Chart::Kind::XY, "best and median " + Objective + " by generation",
          "generation", Objective);
  C.series("best", X, Best, {"#1f77b4", true, false, 3});
  if (anyFinite(Median)) // absent from runs before the column
    C.series("population median", X, Median, {"#ff7f0e", true, true, 3});
  return C.integerX();
}

std::optional<Chart> frontQuality(const Columns &Gen) {
  const std::vector<double> &X = column(Gen, "generation"),
                            &Hv = column(Gen, "hypervolume"),
                            &Size = column(Gen, "front_size");
  if (X.empty() || !anyFinite(Hv))
    return std::nullopt;
  charts::Style S{"#9467bd", true, false, 3};
  for (size_t I = 0; I < Hv.size(); ++I)
    S.Tips.push_back("generation " + num(X[I]) + "\nhypervolume " + num(Hv[I]) +
                     (I < Size.size() ? "\nfront size " + num(Size[I]) : ""));
  Chart C(Chart::Kind::XY, "hypervolume of the front by generation",
          "generation", "hypervolume");
  C.series("hypervolume", X, Hv, S);
  return C.yRange(0, 1).integerX();
}

std::optional<Chart> statuses(const std::string &LogJsonl) {
  std::map<std::string, std::vector<double>> Counts;
  size_t Generations = 0;
  std::istringstream In(LogJsonl);
  for (std::string Line; std::getline(In, Line);) {
    json J = json::parse(Line, nullptr, /*allow_exceptions=*/false);
    if (!J.is_object() || !J["gen"].is_number_unsigned() ||
        !J["status"].is_string())
      continue;
    size_t Gen = J["gen"].get<size_t>();
    Generations = std::max(Generations, Gen + 1);
    std::vector<double> &V = Counts[J["status"].get<std::string>()];
    V.resize(std::max(V.size(), Gen + 1), 0);
    ++V[Gen];
  }
  if (Counts.empty())
    return std::nullopt;
  std::vector<std::string> Names;
  for (size_t G = 0; G < Generations; ++G)
    Names.push_back(std::to_string(G));
  Chart C(Chart::Kind::Bar, "evaluations by status per generation",
          "generation", "evaluations");
  C.categories(Names).stacked();
  // ok first, then the failures by name.
  std::vector<std::string> Order;
  if (Counts.count("ok"))
    Order.push_back("ok");
  for (const auto &[Status, V] : Counts)
    if (Status != "ok")
      Order.push_back(Status);
  for (const std::string &Status : Order) {
    std::vector<double> &V = Counts[Status];
    V.resize(Generations, 0);
    C.bars(Status, V, {statusColor(Status)});
  }
  return C;
}

std::optional<Chart> front(const json &Pareto, const json &Summary,
                           const std::string &Objective) {
  const json &Members = Pareto.at("front");
  const json &Base = Pareto.at("base");
  double BaseObj = Base.value("objective", 0.0);
  std::vector<double> BaseObjs =
      Base.value("objectives", std::vector<double>{});
  double BaseErr = BaseObjs.size() > 1 ? BaseObjs[1] : 0.0;
  std::vector<double> X, Y;
  charts::Style Points{"#1f77b4", false, false, 5};
  for (const json &M : Members) {
    X.push_back(M.at("objectives").at(0).get<double>());
    Y.push_back(M.value("error", 0.0));
    Points.Tips.push_back(tip("front variant", Objective, X.back(), Y.back(),
                              M.value("speedup", 0.0),
                              M.value("edits", json::array()).size()));
  }
  Chart C(Chart::Kind::XY,
          "final Pareto front: " + Objective + " against error", Objective,
          "error");
  C.series("front (" + std::to_string(X.size()) +
               (X.size() == 1 ? " variant)" : " variants)"),
           X, Y, Points);
  C.fromZero();
  C.series("base", {BaseObj}, {BaseErr},
           {"#d62728",
            false,
            false,
            8,
            "rect",
            {tip("base", Objective, BaseObj, BaseErr, 1.0, 0)}});
  const json &Best =
      Summary.is_object() ? Summary.value("best", json()) : json();
  if (Best.is_object() && Best.contains("objectives") &&
      !Best["objectives"].empty()) {
    std::vector<double> O = Best["objectives"].get<std::vector<double>>();
    double Err = O.size() > 1 ? O[1] : 0.0;
    std::string Name = Best.value("demoted", false) ? "best (demoted)" : "best";
    C.series(Name, {O[0]}, {Err},
             {"#2ca02c",
              false,
              false,
              10,
              "star",
              {tip(Name + " variant", Objective, O[0], Err,
                   O[0] > 0 ? BaseObj / O[0] : 0.0,
                   Best.value("edits", json::array()).size())}});
  }
  return C;
}

std::optional<Chart> heldOut(const json &Summary, const json &Pareto) {
  std::vector<std::string> Names;
  std::vector<double> Speedups;
  charts::Style S{"#2ca02c"};
  std::string Title, Axis;
  const json &Held =
      Summary.is_object() ? Summary.value("heldout", json()) : json();
  if (Held.is_object() && Held.value("cases", json()).is_array()) {
    Title = "held-out speedup of the best variant per case";
    Axis = "case";
    for (const json &Case : Held["cases"]) {
      Names.push_back(Case.value("name", "?"));
      Speedups.push_back(Case.value("speedup", NAN));
      S.Tips.push_back(Names.back() + ": " + num(Speedups.back()) + "x");
    }
  } else if (Pareto.is_object() && Pareto.contains("front")) {
    Title = "held-out speedup of each validated front variant";
    Axis = "front variant (by cost)";
    size_t I = 0;
    for (const json &M : Pareto["front"]) {
      ++I;
      if (!M.value("heldout", json()).is_object())
        continue;
      const json &H = M["heldout"];
      Names.push_back("#" + std::to_string(I));
      bool Ok = H.value("status", "") == "ok";
      Speedups.push_back(Ok ? H.value("speedup", NAN) : NAN);
      S.Tips.push_back("front variant #" + std::to_string(I) + ": " +
                       H.value("status", "") +
                       (Ok ? ", " + num(Speedups.back()) + "x" : ""));
    }
  }
  if (Names.empty())
    return std::nullopt;
  Chart C(Chart::Kind::Bar, Title, Axis, "speedup over the base (x)");
  C.categories(Names).bars("held-out speedup", Speedups, S);
  return C;
}

} // namespace gevo::evolve::report
