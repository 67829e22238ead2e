//===- Compare.cpp - Tuning runs, comparison tables, SVG plots -------------===//

#include "gevo/evolve/tune/Compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace gevo::evolve::tune {

RunResult runTuner(TuneProblem &P, const RunOptions &O) {
  const StrategyInfo *Info = findStrategy(O.Strategy);
  std::unique_ptr<Tuner> T =
      makeTuner(O.Strategy, P.space(), P.objective().HigherIsBetter, O.Opts);
  EngineOptions EO;
  EO.Seed = O.Seed;
  EO.Limit = O.Limit;
  EO.BatchSize = O.BatchSize ? O.BatchSize : Info->BatchSize;
  EO.Threads = O.Threads;
  P.reset(O.Seed);
  Engine<Config> E(P, *T, EO);
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

void meanStd(const std::vector<double> &V, double &Mean, double &Std) {
  Mean = Std = 0;
  if (V.empty())
    return;
  for (double X : V)
    Mean += X;
  Mean /= V.size();
  for (double X : V)
    Std += (X - Mean) * (X - Mean);
  Std = V.size() > 1 ? std::sqrt(Std / (V.size() - 1)) : 0;
}

double median(std::vector<double> V) {
  if (V.empty())
    return NAN;
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

std::string fmt(double X, int Digits = 4) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.*g", Digits, X);
  return Buf;
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
  std::vector<std::string> Head = {"strategy", "runs", "tuner ms/trial"};
  for (uint64_t C : Checkpoints) {
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
    for (uint64_t C : Checkpoints) {
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
      double M, S, FM, FS;
      meanStd(Best, M, S);
      Cells.insert(Cells.end(), {fmt(M), fmt(S)});
      if (Optimum) {
        meanStd(Frac, FM, FS);
        Cells.insert(Cells.end(), {fmt(median(Frac)), fmt(FM),
                                   fmt(100.0 * In / std::max<size_t>(1, R.Curves.size()), 3) + "%"});
      }
    }
    Line(Cells);
  }
  return OS.str();
}

std::vector<double> meanCurve(const CompareRow &R, size_t Length) {
  std::vector<double> Out(Length, NAN);
  for (size_t X = 1; X <= Length; ++X) {
    double Sum = 0;
    size_t N = 0;
    for (const auto &C : R.Curves)
      if (double V = at(C, X); !std::isnan(V))
        Sum += V, ++N;
    if (N == R.Curves.size() && N)
      Out[X - 1] = Sum / N;
  }
  return Out;
}

std::string svgPlot(const std::string &Title, const std::string &XLabel,
                    const std::string &YLabel, const std::vector<Series> &S) {
  const double W = 720, H = 440, L = 80, R = 170, T = 40, B = 50;
  double XMax = 1, YMin = INFINITY, YMax = -INFINITY;
  for (const Series &Se : S) {
    XMax = std::max(XMax, double(Se.Y.size()));
    for (double Y : Se.Y)
      if (!std::isnan(Y))
        YMin = std::min(YMin, Y), YMax = std::max(YMax, Y);
  }
  if (!(YMin <= YMax))
    YMin = 0, YMax = 1;
  if (YMax - YMin < 1e-12 * std::max(1.0, std::fabs(YMax)))
    YMin -= 0.5, YMax += 0.5;
  auto Px = [&](double X) { return L + (X - 1) / std::max(1.0, XMax - 1) * (W - L - R); };
  auto Py = [&](double Y) { return H - B - (Y - YMin) / (YMax - YMin) * (H - T - B); };
  static const char *Colors[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                 "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                                 "#bcbd22", "#17becf"};
  std::ostringstream OS;
  OS << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
     << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
     << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
     << "<text x=\"" << W / 2 << "\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">"
     << Title << "</text>\n"
     << "<line x1=\"" << L << "\" y1=\"" << H - B << "\" x2=\"" << W - R << "\" y2=\""
     << H - B << "\" stroke=\"black\"/>\n<line x1=\"" << L << "\" y1=\"" << T
     << "\" x2=\"" << L << "\" y2=\"" << H - B << "\" stroke=\"black\"/>\n";
  for (int I = 0; I <= 4; ++I) {
    double Y = YMin + (YMax - YMin) * I / 4, X = 1 + (XMax - 1) * I / 4;
    OS << "<text x=\"" << L - 6 << "\" y=\"" << Py(Y) + 4 << "\" text-anchor=\"end\">"
       << fmt(Y) << "</text>\n<text x=\"" << Px(X) << "\" y=\"" << H - B + 16
       << "\" text-anchor=\"middle\">" << fmt(X, 5) << "</text>\n";
  }
  OS << "<text x=\"" << (L + W - R) / 2 << "\" y=\"" << H - 10
     << "\" text-anchor=\"middle\">" << XLabel << "</text>\n<text x=\"16\" y=\""
     << (T + H - B) / 2 << "\" transform=\"rotate(-90 16 " << (T + H - B) / 2
     << ")\" text-anchor=\"middle\">" << YLabel << "</text>\n";
  for (size_t I = 0; I < S.size(); ++I) {
    const char *C = Colors[I % 10];
    OS << "<polyline fill=\"none\" stroke=\"" << C << "\" stroke-width=\"1.5\" points=\"";
    for (size_t X = 0; X < S[I].Y.size(); ++X)
      if (!std::isnan(S[I].Y[X]))
        OS << fmt(Px(X + 1), 6) << "," << fmt(Py(S[I].Y[X]), 6) << " ";
    OS << "\"/>\n<text x=\"" << W - R + 10 << "\" y=\"" << T + 16 * I + 10
       << "\" fill=\"" << C << "\">" << S[I].Name << "</text>\n";
  }
  OS << "</svg>\n";
  return OS.str();
}

} // namespace gevo::evolve::tune
