//===- Compare.cpp - Tuning runs and comparison tables --------------------===//

#include "gevo/evolve/tune/Compare.h"
#include "gevo/support/Stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace gevo::evolve::tune {

llvm::Expected<RunResult> runTuner(TuneProblem &P, const RunOptions &O) {
  llvm::Expected<std::unique_ptr<Tuner>> T =
      makeTuner(O.Strategy, P.space(), P.objective().HigherIsBetter, O.Opts);
  if (!T)
    return T.takeError();
  const StrategyInfo *Info = findStrategy(O.Strategy);
  EngineOptions EO;
  EO.Seed = O.Seed;
  EO.Limit = O.Limit;
  EO.BatchSize = O.BatchSize ? O.BatchSize : Info->BatchSize;
  EO.Threads = O.Threads;
  P.reset(O.Seed);
  Engine<Config> E(P, **T, EO);
  RunResult R;
  bool Hib = P.objective().HigherIsBetter;
  E.OnEvaluation = [&](const LogEntry &L) {
    if (L.Result.S == Status::Ok) {
      double V = valueOf(L.Result, Hib);
      if (std::isnan(R.BestValue) || (Hib ? V > R.BestValue : V < R.BestValue)) {
        R.BestValue = V;
        R.Best = P.space().parse(L.Genome);
      }
    }
    R.BestSoFar.push_back(R.BestValue);
    if (O.OnEvaluation)
      O.OnEvaluation(L);
  };
  E.run();
  R.Trials = E.evaluations();
  R.TunerSeconds = E.timeShares().Strategy;
  R.SimulatedSeconds = E.simulatedSeconds();
  return R;
}

double fractionOfOptimum(double Value, double Optimum, bool HigherIsBetter) {
  if (std::isnan(Value))
    return 0;
  return HigherIsBetter ? Value / Optimum : Optimum / Value;
}

namespace {

double at(const std::vector<double> &Curve, uint64_t Trial) {
  if (Curve.empty())
    return NAN;
  return Curve[std::min<size_t>(Trial, Curve.size()) - 1];
}

std::string fmt(double X, int Digits = 4) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.*g", Digits, X);
  return Buf;
}

/// Checkpoints within the longest run, and its end when none reaches it.
std::vector<uint64_t> checkpointsFor(const std::vector<CompareRow> &Rows,
                                     const std::vector<uint64_t> &Checkpoints) {
  size_t Longest = 0;
  for (const CompareRow &R : Rows)
    for (const auto &Curve : R.Curves)
      Longest = std::max(Longest, Curve.size());
  std::vector<uint64_t> Checks;
  for (uint64_t C : Checkpoints)
    if (C >= 1 && C <= Longest)
      Checks.push_back(C);
  if (Longest && (Checks.empty() || *std::max_element(Checks.begin(), Checks.end()) < Longest))
    Checks.push_back(Longest); // the end of the runs is always a column
  return Checks;
}

} // namespace

std::optional<double> bestOfRows(const std::vector<CompareRow> &Rows, bool Hib) {
  std::optional<double> Best;
  for (const CompareRow &R : Rows)
    for (const auto &Curve : R.Curves)
      for (double V : Curve)
        if (!std::isnan(V) && (!Best || (Hib ? V > *Best : V < *Best)))
          Best = V;
  return Best;
}

std::string compareTable(const std::vector<CompareRow> &Rows,
                         const std::vector<uint64_t> &Checkpoints,
                         std::optional<double> Optimum, bool Hib, bool Csv,
                         double Within) {
  std::vector<uint64_t> Checks = checkpointsFor(Rows, Checkpoints);
  std::vector<std::string> Head = {"strategy", "runs", "tuner ms/trial"};
  for (uint64_t C : Checks) {
    std::string N = "@" + std::to_string(C);
    Head.insert(Head.end(), {"mean best " + N, "std " + N});
    if (Optimum)
      Head.insert(Head.end(), {"median frac " + N, "mean frac " + N,
                               "within " + fmt(Within * 100, 3) + "% " + N});
  }
  std::ostringstream OS;
  auto Line = [&](const std::vector<std::string> &Cells) {
    for (size_t I = 0; I < Cells.size(); ++I)
      OS << (Csv ? (I ? "," : "") : "| ") << Cells[I] << (Csv ? "" : " ");
    OS << (Csv ? "\n" : "|\n");
  };
  Line(Head);
  if (!Csv)
    Line(std::vector<std::string>(Head.size(), "---"));
  for (const CompareRow &R : Rows) {
    std::vector<std::string> Cells = {
        R.Strategy, std::to_string(R.Curves.size()),
        fmt(R.Trials ? R.TunerSeconds * 1e3 / R.Trials : 0, 3)};
    for (uint64_t C : Checks) {
      std::vector<double> Best, Frac;
      size_t In = 0;
      for (const auto &Curve : R.Curves) {
        double B = at(Curve, C);
        if (!std::isnan(B))
          Best.push_back(B);
        if (Optimum) {
          Frac.push_back(fractionOfOptimum(B, *Optimum, Hib));
          double Err = std::isnan(B) ? 1 : std::fabs(B - *Optimum) / std::fabs(*Optimum);
          In += Err <= Within + 1e-12;
        }
      }
      Cells.insert(Cells.end(), {fmt(mean(Best)), fmt(stddev(Best))});
      if (Optimum) {
        Cells.insert(Cells.end(), {fmt(median(Frac)), fmt(mean(Frac)),
                                   fmt(100.0 * In / std::max<size_t>(1, R.Curves.size()), 3) + "%"});
      }
    }
    Line(Cells);
  }
  return OS.str();
}

std::string perSeedCsv(const std::vector<CompareRow> &Rows, uint64_t FirstSeed,
                       const std::vector<uint64_t> &Checkpoints,
                       std::optional<double> Optimum, bool Hib) {
  std::vector<uint64_t> Checks = checkpointsFor(Rows, Checkpoints);
  std::ostringstream OS;
  OS << "strategy,seed,trials";
  for (uint64_t C : Checks)
    OS << ",best@" << C;
  OS << ",best";
  if (Optimum) {
    for (uint64_t C : Checks)
      OS << ",frac@" << C;
    OS << ",frac";
  }
  OS << "\n";
  auto Cell = [](double V) { return std::isnan(V) ? std::string() : fmt(V, 10); };
  for (const CompareRow &R : Rows)
    for (size_t I = 0; I < R.Curves.size(); ++I) {
      const std::vector<double> &Curve = R.Curves[I];
      std::vector<double> Best;
      for (uint64_t C : Checks)
        Best.push_back(C >= 1 && C <= Curve.size() ? at(Curve, C) : NAN);
      Best.push_back(Curve.empty() ? NAN : Curve.back());
      OS << R.Strategy << "," << FirstSeed + I << "," << Curve.size();
      for (double B : Best)
        OS << "," << Cell(B);
      if (Optimum)
        for (size_t K = 0; K < Best.size(); ++K) {
          bool Ran = K == Checks.size() || Checks[K] <= Curve.size();
          OS << "," << (Ran ? Cell(fractionOfOptimum(Best[K], *Optimum, Hib)) : "");
        }
      OS << "\n";
    }
  return OS.str();
}

std::string compareHeader(const CompareSetup &Setup) {
  std::ostringstream OS;
  if (!Setup.Files.empty()) {
    OS << (Setup.Files.size() > 1 ? "Files: " : "File: ");
    for (size_t I = 0; I < Setup.Files.size(); ++I)
      OS << (I ? ", " : "") << "`" << Setup.Files[I] << "`";
  } else {
    OS << "Objective: " << Setup.Objective;
  }
  OS << ". Seeds " << Setup.FirstSeed << "-" << Setup.FirstSeed + Setup.Seeds - 1
     << " (" << Setup.Seeds << " per strategy)";
  if (Setup.Trials)
    OS << ", " << Setup.Trials << " trials per run";
  if (Setup.Restricted)
    OS << (*Setup.Restricted
               ? ", space restricted to the file's configs"
               : ", unrestricted space (configs absent from the file fail)");
  OS << ".";
  if (!Setup.Reference.empty())
    OS << " Fractions are of " << Setup.Reference << ".";
  OS << "\n\n";
  return OS.str();
}

nlohmann::ordered_json trialLine(const LogEntry &L, bool Hib) {
  nlohmann::ordered_json Line;
  Line["config"] = L.Genome;
  Line["value"] = L.Result.S == Status::Ok ? nlohmann::ordered_json(valueOf(L.Result, Hib))
                                           : nlohmann::ordered_json();
  Line["status"] = statusName(L.Result.S);
  Line["trial"] = L.Index;
  Line["cost_seconds"] = L.Result.CostSeconds;
  if (L.Result.S != Status::Ok && !L.Result.Message.empty())
    Line["message"] = L.Result.Message;
  if (!L.Result.Detail.is_null())
    Line["detail"] = L.Result.Detail; // e.g. the live objective's error_type
  return Line;
}

} // namespace gevo::evolve::tune
