//===- TunerBench.cpp - Tuner overhead and search quality ------------------===//
//
// gevo-tuner-bench overhead | quality | families: the tuner strategies'
// benchmarks of benchmarks/tuners/README.md; Usage below (--help) says what
// each mode measures and takes. families is Families.cpp.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "gevo/evolve/tune/Compare.h"
#include "gevo/evolve/tune/Replay.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>

using namespace gevo;
using namespace gevo::evolve;
using namespace gevo::evolve::tune;
using gevo::bench::Variant;

namespace {

/// One row's tuner ms per trial over Trials trials: the mean over the
/// first 200, 1,000 and all, and the marginal cost of the last fifth.
std::array<double, 4> overheadOnce(const Space &S, const Variant &V, uint64_t Trials) {
  auto P = syntheticProblem(S);
  auto T = llvm::cantFail(makeTuner(V.Strategy, P->space(), false, V.Opts));
  EngineOptions O;
  O.Limit.Evaluations = Trials;
  O.BatchSize = findStrategy(V.Strategy)->BatchSize;
  O.Threads = 1;
  Engine<Config> E(*P, *T, O);
  uint64_t Marks[] = {200, 1000, Trials - Trials / 5};
  double At[3] = {NAN, NAN, NAN};
  uint64_t N[3] = {0, 0, 0};
  E.OnBatch = [&] {
    for (int K = 0; K < 3; ++K)
      if (std::isnan(At[K]) && E.evaluations() >= Marks[K])
        At[K] = E.timeShares().Strategy, N[K] = E.evaluations();
  };
  E.run();
  double All = E.timeShares().Strategy;
  uint64_t Done = E.evaluations();
  return {N[0] ? At[0] * 1e3 / N[0] : NAN, N[1] ? At[1] * 1e3 / N[1] : NAN,
          All * 1e3 / Done,
          Done > N[2] && N[2] ? (All - At[2]) * 1e3 / (Done - N[2]) : NAN};
}

/// overheadOnce for each row, Repeat times: per column the median.
int overhead(const std::string &SpacePath, const std::vector<Variant> &Rows,
             uint64_t Trials, uint64_t Repeat) {
  llvm::Expected<Space> Loaded = Space::load(SpacePath);
  if (!Loaded) {
    std::cerr << "gevo-tuner-bench: error: " << llvm::toString(Loaded.takeError()) << "\n";
    return 1;
  }
  const Space &S = *Loaded;
  std::printf("Tuner overhead on %s (synthetic objective), ms per trial%s\n\n",
              S.name().c_str(),
              Repeat > 1 ? (", the median of " + std::to_string(Repeat) + " runs").c_str()
                         : "");
  uint64_t Tail = Trials - Trials / 5;
  std::printf("| strategy | mean @200 | mean @1000 | mean @%llu | marginal %llu-%llu |\n"
              "| --- | --- | --- | --- | --- |\n",
              (unsigned long long)Trials, (unsigned long long)Tail,
              (unsigned long long)Trials);
  for (const Variant &V : Rows) {
    std::array<std::vector<double>, 4> Runs;
    for (uint64_t R = 0; R < Repeat; ++R) {
      std::array<double, 4> Once = overheadOnce(S, V, Trials);
      for (size_t K = 0; K < 4; ++K)
        Runs[K].push_back(Once[K]);
    }
    double Median[4];
    for (size_t K = 0; K < 4; ++K) {
      std::sort(Runs[K].begin(), Runs[K].end());
      Median[K] = Runs[K][Repeat / 2];
    }
    std::printf("| %s | %.4f | %.4f | %.4f | %.4f |\n", V.Label.c_str(), Median[0],
                Median[1], Median[2], Median[3]);
    std::fflush(stdout);
  }
  return 0;
}

int quality(const std::vector<std::string> &Files, const std::vector<Variant> &Rows,
            uint64_t Seeds, uint64_t Trials) {
  for (const std::string &F : Files) {
    llvm::Expected<std::unique_ptr<ReplayProblem>> Loaded = ReplayProblem::load(F);
    if (!Loaded) {
      std::cerr << "gevo-tuner-bench: error: " << llvm::toString(Loaded.takeError())
                << "\n";
      return 1;
    }
    ReplayProblem &P = **Loaded;
    std::vector<CompareRow> Table;
    for (const Variant &V : Rows) {
      CompareRow Row{V.Label, {}, 0, 0};
      for (uint64_t Seed = 0; Seed < Seeds; ++Seed) {
        RunOptions O;
        O.Strategy = V.Strategy;
        O.Opts = V.Opts;
        O.Seed = Seed;
        O.Limit.Evaluations = Trials;
        RunResult R = llvm::cantFail(runTuner(P, O)); // variants checked when parsed
        Row.Curves.push_back(R.BestSoFar);
        Row.TunerSeconds += R.TunerSeconds;
        Row.Trials += R.Trials;
      }
      Table.push_back(std::move(Row));
    }
    std::printf("### %s (%zu configs, %zu failed, optimum %g %s)\n\n%s\n",
                F.c_str(), P.recorded(), P.failedCount(), *P.optimum(),
                P.objective().Name.c_str(),
                compareTable(Table, {100, 200, 500}, P.optimum(),
                             P.objective().HigherIsBetter, false)
                    .c_str());
    std::fflush(stdout);
  }
  return 0;
}

const char *Usage =
    "usage: gevo-tuner-bench overhead [--space F] [--trials N] [--repeat N] [--only a,b]\n"
    "                        [--with ...]\n"
    "       gevo-tuner-bench quality FILE... [--seeds N] [--trials N] [--only a,b] [--with ...]\n"
    "       gevo-tuner-bench families DIR... [--synthetic N] [--seeds N] [--trials N]\n"
    "                        [--unrestricted] [--only a,b] [--with ...] [--jobs N]\n"
    "                        [--per-file] [--lofo] [--runs-csv FILE]\n"
    "\n"
    "The tuner strategies' benchmarks (benchmarks/tuners/README.md):\n"
    "  overhead   each strategy's own time per trial (ms) on a space with a\n"
    "             synthetic objective (default MM1, 5000 trials): the mean over the\n"
    "             first 200, 1000 and all trials, and over the last fifth\n"
    "  quality    the fraction of the optimum at 100/200/500 trials on Kernel\n"
    "             Tuner cache files (default 20 seeds, 500 trials)\n"
    "  families   every strategy on every file of each family directory (its\n"
    "             *.json.gz files) and N synthetic spaces: per family the mean of\n"
    "             the per-file median fractions of the optimum and the share of runs\n"
    "             within 3% (default 20 seeds, 200 trials)\n"
    "\n"
    "Options:\n"
    "  --only a,b          these strategies only (default: every one)\n"
    "  --with S:OPT=V,...  one more row: strategy S with these options\n"
    "  --seeds N           seeds 0..N-1\n"
    "  --trials N          trials per run\n"
    "  --unrestricted      families: search the Cartesian product (configs missing\n"
    "                      from a file fail), not only the configs it lists\n"
    "  --per-file          families: a table per file too\n"
    "  --lofo              families: choose the row on the other families, report it\n"
    "                      on the one left out\n"
    "  --runs-csv FILE     families: every run's figures as CSV (lofo.py reads it)\n"
    "  --jobs N            families: runs in parallel (results do not depend on it)\n"
    "  --synthetic N       families: N instances of each synthetic kind, as one\n"
    "                      more family\n"
    "  --space F           overhead: the space file\n"
    "  --repeat N          overhead: run each row N times, print each figure's median\n"
    "                      (odd N; the default 1)\n"
    "  -h, --help          this text\n";

} // namespace

int main(int argc, char **argv) {
  for (int I = 1; I < argc; ++I)
    if (std::string(argv[I]) == "--help" || std::string(argv[I]) == "-h") {
      std::cout << Usage;
      return 0;
    }
  std::string Mode = argc > 1 ? argv[1] : "";
  std::string SpacePath = GEVO_TUNE_SPACES_DIR "/MM1.json";
  uint64_t Seeds = 20, Trials = Mode == "families" ? 200 : Mode == "overhead" ? 5000 : 500,
           Repeat = 1;
  std::vector<std::string> Files;
  std::vector<Variant> Rows, Extra;
  bench::FamilyOptions FO;
  std::string Only;
  auto Bad = [](const std::string &Msg) {
    std::cerr << "gevo-tuner-bench: error: " << Msg << "\n";
    return 1;
  };
  for (int I = 2; I < argc; ++I) {
    std::string A = argv[I];
    bool HasValue = I + 1 < argc;
    uint64_t *Count = A == "--seeds"    ? &Seeds
                      : A == "--trials" ? &Trials
                      : A == "--repeat" ? &Repeat
                                        : nullptr;
    unsigned *Small = A == "--synthetic" ? &FO.Synthetic : A == "--jobs" ? &FO.Jobs : nullptr;
    if (A == "--with" && HasValue) {
      llvm::Expected<Variant> V = bench::parseVariant(argv[++I]);
      if (!V)
        return Bad(llvm::toString(V.takeError()));
      Extra.push_back(std::move(*V));
      if (llvm::Error E = resolveOptions(Extra.back().Strategy, Extra.back().Opts).takeError())
        return Bad(llvm::toString(std::move(E)));
    } else if ((Count || Small) && HasValue) {
      uint64_t V;
      if (llvm::StringRef(argv[++I]).getAsInteger(10, V) || (Small && V > UINT_MAX))
        return Bad(A + ": '" + argv[I] + "' is not a count");
      if (Count)
        *Count = V;
      else
        *Small = unsigned(V);
    } else if (A == "--space" && HasValue)
      SpacePath = argv[++I];
    else if (A == "--only" && HasValue)
      Only = argv[++I];
    else if (A == "--runs-csv" && HasValue)
      FO.RunsCsv = argv[++I];
    else if (A == "--unrestricted")
      FO.Unrestricted = true;
    else if (A == "--per-file")
      FO.PerFile = true;
    else if (A == "--lofo")
      FO.Lofo = true;
    else if (A.rfind("--", 0) == 0)
      return Bad("unknown option '" + A + "'");
    else
      Files.push_back(A);
  }
  std::vector<std::string> Picked = splitList(Only);
  for (const StrategyInfo *I : strategies())
    if (Picked.empty() || std::find(Picked.begin(), Picked.end(), I->Name) != Picked.end())
      Rows.push_back({I->Name, I->Name, {}});
  for (const std::string &N : Picked)
    if (!findStrategy(N))
      return Bad("--only: unknown strategy '" + N + "'");
  Rows.insert(Rows.end(), Extra.begin(), Extra.end());
  if (!Repeat)
    return Bad("--repeat: at least 1");
  if (Mode == "overhead")
    return overhead(SpacePath, Rows, Trials, Repeat);
  if (Mode == "quality" && !Files.empty())
    return quality(Files, Rows, Seeds, Trials);
  if (Mode == "families" && (!Files.empty() || FO.Synthetic)) {
    FO.Dirs = Files;
    FO.Seeds = Seeds;
    FO.Trials = Trials;
    return bench::families(FO, Rows);
  }
  std::cerr << "gevo-tuner-bench: error: "
            << (Mode == "quality"    ? "quality needs replay FILEs"
                : Mode == "families" ? "families needs family DIRs or --synthetic N"
                : Mode.empty()       ? "no mode (overhead, quality or families)"
                                     : "unknown mode '" + Mode + "'")
            << "; see gevo-tuner-bench --help\n";
  return 1;
}
