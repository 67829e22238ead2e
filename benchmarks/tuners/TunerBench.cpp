//===- TunerBench.cpp - Tuner overhead and search quality ------------------===//
//
//   gevo-tuner-bench overhead [--space MM1.json]
//       Tuner time per trial (ms, the Engine's strategy share) for every
//       strategy on a space with the synthetic objective: the mean over the
//       first 500 and the first 2,000 trials, and the marginal cost of
//       trials 1,500-2,000 (flat with history: close to the first).
//   gevo-tuner-bench quality FILE... [--seeds 20] [--trials 500]
//                    [--with STRATEGY:OPTION=V,...]...
//       Every strategy x seeds on each replay file: a Markdown table of
//       the fraction of the optimum at 100/200/500 trials; each --with adds
//       a row for a strategy with other options (e.g. opevo:q=0.1).
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Compare.h"
#include "gevo/evolve/tune/Replay.h"

#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>

using namespace gevo;
using namespace gevo::evolve;
using namespace gevo::evolve::tune;

namespace {

int overhead(const std::string &SpacePath) {
  Space S = Space::load(SpacePath);
  std::printf("Tuner overhead on %s (synthetic objective), ms per trial\n\n",
              S.name().c_str());
  std::printf("| strategy | mean @500 | mean @2000 | marginal 1500-2000 |\n"
              "| --- | --- | --- | --- |\n");
  for (const StrategyInfo *I : strategies()) {
    auto P = syntheticProblem(S);
    auto T = makeTuner(I->Name, P->space(), false);
    EngineOptions O;
    O.Limit.Evaluations = 2000;
    O.BatchSize = I->BatchSize;
    O.Threads = 1;
    Engine<Config> E(*P, *T, O);
    double At500 = NAN, At1500 = NAN;
    uint64_t N500 = 0, N1500 = 0;
    E.OnBatch = [&] {
      if (std::isnan(At500) && E.evaluations() >= 500)
        At500 = E.timeShares().Strategy, N500 = E.evaluations();
      if (std::isnan(At1500) && E.evaluations() >= 1500)
        At1500 = E.timeShares().Strategy, N1500 = E.evaluations();
    };
    E.run();
    double All = E.timeShares().Strategy;
    uint64_t N = E.evaluations();
    std::printf("| %s | %.4f | %.4f | %.4f |\n", I->Name.c_str(),
                N500 ? At500 * 1e3 / N500 : NAN, All * 1e3 / N,
                N > N1500 ? (All - At1500) * 1e3 / (N - N1500) : NAN);
    std::fflush(stdout);
  }
  return 0;
}

/// A row of the quality table: a strategy and the options it runs with.
struct Variant {
  std::string Label, Strategy;
  Options Opts;
};

/// "opevo:q=0.1,lambda=4" (or a plain name).
Variant parseVariant(const std::string &Text) {
  Variant V{Text, Text.substr(0, Text.find(':')), {}};
  if (Text.find(':') == std::string::npos)
    return V;
  std::stringstream SS(Text.substr(Text.find(':') + 1));
  V.Label = V.Strategy;
  for (std::string Item; std::getline(SS, Item, ',');) {
    auto Eq = Item.find('=');
    if (Eq == std::string::npos)
      throw std::invalid_argument("--with: '" + Item + "' is not OPTION=VALUE");
    V.Opts[Item.substr(0, Eq)] = std::stod(Item.substr(Eq + 1));
    V.Label += " " + Item;
  }
  return V;
}

int quality(const std::vector<std::string> &Files, const std::vector<Variant> &Rows,
            uint64_t Seeds, uint64_t Trials) {
  for (const std::string &F : Files) {
    std::unique_ptr<ReplayProblem> P;
    try {
      P = ReplayProblem::load(F);
    } catch (const SpaceError &E) {
      std::cerr << "gevo-tuner-bench: error: " << E.what() << "\n";
      return 1;
    }
    std::vector<CompareRow> Table;
    for (const Variant &V : Rows) {
      CompareRow Row{V.Label, {}, 0, 0};
      for (uint64_t Seed = 0; Seed < Seeds; ++Seed) {
        RunOptions O;
        O.Strategy = V.Strategy;
        O.Opts = V.Opts;
        O.Seed = Seed;
        O.Limit.Evaluations = Trials;
        RunResult R = runTuner(*P, O);
        Row.Curves.push_back(R.BestSoFar);
        Row.TunerSeconds += R.TunerSeconds;
        Row.Trials += R.Trials;
      }
      Table.push_back(std::move(Row));
    }
    std::printf("### %s (%zu configs, %zu failed, optimum %g %s)\n\n%s\n",
                F.c_str(), P->recorded(), P->failedCount(), *P->optimum(),
                P->objective().Name.c_str(),
                compareTable(Table, {100, 200, 500}, P->optimum(),
                             P->objective().HigherIsBetter, false)
                    .c_str());
    std::fflush(stdout);
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  std::string Mode = argc > 1 ? argv[1] : "";
  std::string SpacePath = GEVO_TUNE_SPACES_DIR "/MM1.json";
  uint64_t Seeds = 20, Trials = 500;
  std::vector<std::string> Files;
  std::vector<Variant> Rows;
  for (const StrategyInfo *I : strategies())
    Rows.push_back({I->Name, I->Name, {}});
  for (int I = 2; I < argc; ++I) {
    if (!std::strcmp(argv[I], "--with") && I + 1 < argc) {
      try {
        Rows.push_back(parseVariant(argv[++I]));
        makeTuner(Rows.back().Strategy, Space(), false, Rows.back().Opts);
      } catch (const std::exception &E) {
        std::cerr << "gevo-tuner-bench: error: " << E.what() << "\n";
        return 1;
      }
    } else if (!std::strcmp(argv[I], "--space") && I + 1 < argc)
      SpacePath = argv[++I];
    else if (!std::strcmp(argv[I], "--seeds") && I + 1 < argc)
      Seeds = std::stoull(argv[++I]);
    else if (!std::strcmp(argv[I], "--trials") && I + 1 < argc)
      Trials = std::stoull(argv[++I]);
    else
      Files.push_back(argv[I]);
  }
  if (Mode == "overhead")
    return overhead(SpacePath);
  if (Mode == "quality" && !Files.empty())
    return quality(Files, Rows, Seeds, Trials);
  std::cerr << "gevo-tuner-bench: error: usage: gevo-tuner-bench overhead "
               "[--space F] | quality FILE... [--seeds N] [--trials N] "
               "[--with STRATEGY:OPTION=V,...]\n";
  return 1;
}
