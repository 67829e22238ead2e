//===- Plot.cpp - Convergence curves over seeds and their SVG plot ---------===//
//
// A comparison plots one statistic per strategy: the median over seeds of
// the best-so-far curve, with the band between the 25th and 75th
// percentiles, ticks at round numbers and a dashed line at the optimum.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace gevo::evolve::tune {
namespace {

std::string fmt(double X, int Digits = 4) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.*g", Digits, X);
  return Buf;
}

} // namespace

std::vector<double> quantileCurve(const CompareRow &R, size_t Length, double Q) {
  std::vector<double> Out(Length, NAN), At;
  for (size_t X = 1; X <= Length; ++X) {
    At.clear();
    for (const auto &C : R.Curves)
      if (!C.empty())
        if (double V = C[std::min(X, C.size()) - 1]; !std::isnan(V))
          At.push_back(V);
    if (At.empty() || At.size() != R.Curves.size())
      continue;
    std::sort(At.begin(), At.end());
    double Pos = Q * double(At.size() - 1);
    size_t Lo = size_t(std::floor(Pos));
    size_t Hi = std::min(Lo + 1, At.size() - 1);
    Out[X - 1] = At[Lo] + (Pos - double(Lo)) * (At[Hi] - At[Lo]);
  }
  return Out;
}

std::vector<double> niceTicks(double Lo, double Hi, int Count) {
  if (!(Hi > Lo))
    return {Lo};
  double Raw = (Hi - Lo) / std::max(1, Count);
  double Mag = std::pow(10.0, std::floor(std::log10(Raw)));
  double Step = Mag;
  for (double M : {1.0, 2.0, 5.0, 10.0})
    if (M * Mag >= Raw) {
      Step = M * Mag;
      break;
    }
  std::vector<double> Out;
  for (double K = std::ceil(Lo / Step - 1e-9); K * Step <= Hi + Step * 1e-9; ++K)
    Out.push_back(K * Step);
  return Out;
}

std::string svgPlot(const std::string &Title, const std::string &XLabel,
                    const std::string &YLabel, const std::vector<Series> &S,
                    std::optional<double> Reference, const std::string &RefLabel) {
  const double W = 720, H = 440, L = 80, R = 170, T = 40, B = 50;
  double XMax = 1, YMin = INFINITY, YMax = -INFINITY;
  auto Extend = [&](const std::vector<double> &V) {
    for (double Y : V)
      if (!std::isnan(Y))
        YMin = std::min(YMin, Y), YMax = std::max(YMax, Y);
  };
  for (const Series &Se : S) {
    XMax = std::max(XMax, double(Se.Y.size()));
    Extend(Se.Y), Extend(Se.Lo), Extend(Se.Hi);
  }
  if (Reference)
    Extend({*Reference});
  if (!(YMin <= YMax))
    YMin = 0, YMax = 1;
  if (YMax - YMin < 1e-12 * std::max(1.0, std::fabs(YMax)))
    YMin -= 0.5, YMax += 0.5;
  std::vector<double> YTicks = niceTicks(YMin, YMax), XTicks = niceTicks(0, XMax);
  auto Px = [&](double X) { return L + X / XMax * (W - L - R); };
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
  for (double Y : YTicks)
    OS << "<text class=\"ytick\" x=\"" << L - 6 << "\" y=\"" << fmt(Py(Y) + 4, 6)
       << "\" text-anchor=\"end\">" << fmt(Y, 6) << "</text>\n";
  for (double X : XTicks)
    OS << "<text class=\"xtick\" x=\"" << fmt(Px(X), 6) << "\" y=\"" << H - B + 16
       << "\" text-anchor=\"middle\">" << fmt(X, 6) << "</text>\n";
  OS << "<text x=\"" << (L + W - R) / 2 << "\" y=\"" << H - 10
     << "\" text-anchor=\"middle\">" << XLabel << "</text>\n<text x=\"16\" y=\""
     << (T + H - B) / 2 << "\" transform=\"rotate(-90 16 " << (T + H - B) / 2
     << ")\" text-anchor=\"middle\">" << YLabel << "</text>\n";
  if (Reference)
    OS << "<line class=\"reference\" x1=\"" << L << "\" y1=\"" << fmt(Py(*Reference), 6)
       << "\" x2=\"" << W - R << "\" y2=\"" << fmt(Py(*Reference), 6)
       << "\" stroke=\"black\" stroke-dasharray=\"4 3\"/>\n<text x=\"" << W - R + 4
       << "\" y=\"" << fmt(Py(*Reference) + 4, 6) << "\">" << RefLabel << "</text>\n";
  for (size_t I = 0; I < S.size(); ++I) {
    const char *C = Colors[I % 10];
    const Series &Se = S[I];
    if (!Se.Lo.empty() && Se.Lo.size() == Se.Hi.size()) {
      std::vector<std::string> Up, Down; // the upper edge, then the lower back
      for (size_t X = 0; X < Se.Lo.size(); ++X)
        if (!std::isnan(Se.Lo[X]) && !std::isnan(Se.Hi[X])) {
          Up.push_back(fmt(Px(X + 1), 6) + "," + fmt(Py(Se.Hi[X]), 6) + " ");
          Down.push_back(fmt(Px(X + 1), 6) + "," + fmt(Py(Se.Lo[X]), 6) + " ");
        }
      OS << "<polygon class=\"band\" fill=\"" << C << "\" fill-opacity=\"0.15\" "
         << "stroke=\"none\" points=\"";
      for (const std::string &P : Up)
        OS << P;
      for (auto It = Down.rbegin(); It != Down.rend(); ++It)
        OS << *It;
      OS << "\"/>\n";
    }
    OS << "<polyline fill=\"none\" stroke=\"" << C << "\" stroke-width=\"1.5\" points=\"";
    for (size_t X = 0; X < Se.Y.size(); ++X)
      if (!std::isnan(Se.Y[X]))
        OS << fmt(Px(X + 1), 6) << "," << fmt(Py(Se.Y[X]), 6) << " ";
    OS << "\"/>\n<text x=\"" << W - R + 10 << "\" y=\"" << T + 16 * I + 24
       << "\" fill=\"" << C << "\">" << Se.Name << "</text>\n";
  }
  OS << "</svg>\n";
  return OS.str();
}

} // namespace gevo::evolve::tune
