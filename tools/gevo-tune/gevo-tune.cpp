//===- gevo-tune.cpp - Tune a tile configuration, or compare tuners ---------===//
//
//   gevo-tune (--objective replay:FILE | --space FILE |
//              --objective live:OPERATOR [--size SIZE]) --strategy NAME
//             (--trials N | --time-budget SECONDS) --seed S --out DIR
//   gevo-tune --compare --objective replay:FILE --strategies a,b --seeds 20
//             --trials 500 --out DIR
//
// A run writes DIR/summary.json, DIR/trials.jsonl (one line per trial) and
// DIR/convergence.html (a Chart.js page); --compare runs strategies x seeds and
// writes DIR/compare.md, DIR/compare.csv, DIR/seeds.csv (one line per run) and
// DIR/convergence.html (medians over seeds of the fraction of the optimum,
// or of the best any run found when it is unknown). DIR must
// not exist. Long work reports progress on stderr. Exit status: 0 done,
// 1 bad input.
//
//===----------------------------------------------------------------------===//

#include "Progress.h"
#include "ToolSupport.h"

#include "gevo/evolve/tune/Compare.h"
#include "gevo/evolve/tune/Live.h"
#include "gevo/evolve/tune/Replay.h"

#include <boost/program_options.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace po = boost::program_options;
namespace fs = std::filesystem;
using namespace gevo;
using namespace gevo::evolve;
using namespace gevo::evolve::tune;
using nlohmann::json;

namespace {
constexpr const char *Tool = "gevo-tune";

[[noreturn]] void fail(const std::string &Msg) { toolError(Tool, Msg); }
/// V's value, or its error (after Prefix) as one line and exit 1.
template <class T> T orFail(llvm::Expected<T> V, const std::string &Prefix = "") {
  if (!V)
    fail(Prefix + llvm::toString(V.takeError()));
  return std::move(*V);
}

/// One tuning run, or its error as one line and exit 1: a bad strategy or
/// option, or an XGBoost failure (strategies/Booster.h throws it).
RunResult runOrFail(TuneProblem &P, const RunOptions &O) {
  try {
    return orFail(runTuner(P, O));
  } catch (const std::exception &E) {
    fail(E.what());
  }
}

struct Args {
  std::string Objective, SpacePath, Strategy = "xgb-ls", Strategies, Out, Metric;
  std::string Checkpoints = "100,200,500", Size;
  uint64_t Trials = 0, Seed = 0, Seeds = 20;
  double TimeBudget = 0;
  size_t BatchSize = 0;
  LiveOptions Live;
  unsigned Threads = 1; ///< preparation threads (live: compiles at once)
};

/// The live objective: gevo-cc beside this executable, the operator
/// kernels installed beside it or else in the source tree.
std::unique_ptr<TuneProblem> makeLiveProblem(Args &A, const char *Argv0) {
  A.Live.GevoCc = besideExecutable(Argv0, "gevo-cc");
  A.Live.KernelDir = besideExecutable(Argv0, "../share/gevo/operators");
  if (!fs::exists(fs::path(A.Live.KernelDir) / "matmul.cu"))
    A.Live.KernelDir = GEVO_OPERATORS_DIR;
  A.Threads = A.Live.Workers;
  std::optional<Space> Given;
  if (!A.SpacePath.empty())
    Given = orFail(Space::load(A.SpacePath));
  OperatorShape Op = orFail(parseOperator(A.Objective.substr(5), A.Size));
  return orFail(LiveProblem::create(Op, A.Live, Given),
                A.SpacePath.empty() ? "" : A.SpacePath + ": ");
}

std::unique_ptr<TuneProblem> makeProblem(Args &A, const po::variables_map &VM,
                                         const char *Argv0) {
  bool Live = A.Objective.rfind("live:", 0) == 0;
  if (VM.count("size") && !Live)
    fail("--size goes with --objective live:OPERATOR");
  if (A.Objective.rfind("replay:", 0) == 0) {
    ReplayOptions O;
    O.Metric = A.Metric;
    if (VM.count("higher-is-better"))
      O.HigherIsBetter = true;
    if (VM.count("lower-is-better"))
      O.HigherIsBetter = false;
    O.Noise = VM.count("replay-noise");
    O.Restrict = !VM.count("unrestricted");
    return orFail(ReplayProblem::load(A.Objective.substr(7), O));
  }
  if (Live)
    return makeLiveProblem(A, Argv0);
  if (A.Objective != "synthetic" && !A.Objective.empty())
    fail("unknown objective '" + A.Objective + "' (replay:FILE, live:OPERATOR, synthetic)");
  if (A.SpacePath.empty())
    fail("need --objective replay:FILE or --space FILE (see --help)");
  return syntheticProblem(orFail(Space::load(A.SpacePath)));
}

/// --<strategy>-<option> values the user gave, per strategy.
Options givenOptions(const StrategyInfo &I, const po::variables_map &VM) {
  Options O;
  for (const OptionInfo &Opt : I.Opts)
    if (VM.count(I.Name + "-" + Opt.Name))
      O[Opt.Name] = VM[I.Name + "-" + Opt.Name].as<double>();
  return O;
}

/// The best value of a run so far (NaN: none yet).
class BestValue {
public:
  explicit BestValue(bool HigherIsBetter) : Hib(HigherIsBetter) {}
  double add(const Evaluation &E) {
    if (E.S == Status::Ok) {
      double V = valueOf(E, Hib);
      if (std::isnan(Best) || (Hib ? V > Best : V < Best))
        Best = V;
    }
    return Best;
  }

private:
  bool Hib;
  double Best = NAN;
};

void write(const fs::path &P, const std::string &Text) {
  std::ofstream OS(P);
  OS << Text;
  if (!OS)
    fail("cannot write '" + P.string() + "'");
}

Budget budgetOf(const Args &A) {
  Budget B;
  if (A.Trials)
    B.Evaluations = A.Trials;
  if (A.TimeBudget > 0) {
    B.Seconds = A.TimeBudget;
    B.Simulated = true; // objectives report what measuring costs
  }
  return B;
}

int tuneOnce(const Args &A, TuneProblem &P, const po::variables_map &VM) {
  const StrategyInfo *I = findStrategy(A.Strategy);
  if (!I)
    fail("unknown strategy '" + A.Strategy + "' (see --help)");
  bool Hib = P.objective().HigherIsBetter;
  RunOptions O{A.Strategy, givenOptions(*I, VM), A.Seed, budgetOf(A), A.BatchSize,
               A.Threads, {}};
  std::ofstream Trials(fs::path(A.Out) / "trials.jsonl");
  Progress Bar(A.Trials, P.objective().Name);
  BestValue Best(Hib);
  O.OnEvaluation = [&](const LogEntry &L) {
    Trials << trialLine(L, Hib).dump() << "\n";
    Bar.trial(Best.add(L.Result));
  };
  RunResult R = runOrFail(P, O);
  Bar.finish();
  json Summary = {{"strategy", A.Strategy},
                  {"seed", A.Seed},
                  {"trials", R.Trials},
                  {"best_config", R.Best ? P.space().describe(*R.Best) : json()},
                  {"best_value", std::isnan(R.BestValue) ? json() : json(R.BestValue)},
                  {"higher_is_better", Hib},
                  {"tuner_seconds", R.TunerSeconds},
                  {"objective", P.objective().Name},
                  {"simulated_seconds", R.SimulatedSeconds},
                  {"optimum", P.optimum() ? json(*P.optimum()) : json()}};
  write(fs::path(A.Out) / "summary.json", Summary.dump(2) + "\n");
  write(
      fs::path(A.Out) / "convergence.html",
      plotPage("gevo-tune: " + A.Strategy + ", seed " + std::to_string(A.Seed),
               std::to_string(R.Trials) + " trials", "trial",
               "best " + P.objective().Name,
               {{A.Strategy, R.BestSoFar, {}, {}}}, P.optimum(), "optimum"));
  std::cout << Summary.dump() << "\n";
  return 0;
}

int compare(const Args &A, TuneProblem &P, const po::variables_map &VM) {
  std::vector<std::string> Names = splitList(A.Strategies);
  if (Names.empty())
    for (const StrategyInfo *I : strategies())
      Names.push_back(I->Name);
  std::vector<uint64_t> Checks;
  for (const std::string &C : splitList(A.Checkpoints))
    Checks.push_back(std::stoull(C));
  std::vector<CompareRow> Rows;
  bool Hib = P.objective().HigherIsBetter;
  Progress Bar(A.Trials * A.Seeds * Names.size(), P.objective().Name);
  for (const std::string &Name : Names) {
    const StrategyInfo *I = findStrategy(Name);
    if (!I)
      fail("unknown strategy '" + Name + "' (see --help)");
    CompareRow Row{Name, {}, 0, 0};
    for (uint64_t Seed = A.Seed; Seed < A.Seed + A.Seeds; ++Seed) {
      BestValue Best(Hib);
      std::string What = Name + " seed " + std::to_string(Seed);
      RunOptions O{Name, givenOptions(*I, VM), Seed, budgetOf(A), A.BatchSize, A.Threads,
                   [&](const LogEntry &L) { Bar.trial(Best.add(L.Result), What); }};
      RunResult R = runOrFail(P, O);
      Row.Curves.push_back(R.BestSoFar);
      Row.TunerSeconds += R.TunerSeconds;
      Row.Trials += R.Trials;
    }
    Bar.finish();
    std::cerr << Tool << ": " << Name << " done\n";
    Rows.push_back(std::move(Row));
  }
  // Without a known optimum (live, synthetic), fractions are of the best
  // value any run found.
  std::optional<double> Ref = P.optimum() ? P.optimum() : bestOfRows(Rows, Hib);
  std::string RefName = P.optimum() ? "the optimum" : "the best found by any run";
  CompareSetup Setup;
  if (A.Objective.rfind("replay:", 0) == 0) {
    Setup.Files = {A.Objective.substr(7)};
    Setup.Restricted = !VM.count("unrestricted");
  } else {
    Setup.Objective = A.Objective.empty() ? "synthetic" : A.Objective;
    if (!A.SpacePath.empty())
      Setup.Objective += " on " + A.SpacePath;
  }
  Setup.FirstSeed = A.Seed;
  Setup.Seeds = A.Seeds;
  Setup.Trials = A.Trials;
  if (Ref) {
    std::ostringstream R;
    R << RefName << ", " << *Ref << " " << P.objective().Name;
    Setup.Reference = R.str();
  }
  std::string Md = compareHeader(Setup) + compareTable(Rows, Checks, Ref, Hib, false);
  write(fs::path(A.Out) / "compare.md", Md);
  write(fs::path(A.Out) / "compare.csv", compareTable(Rows, Checks, Ref, Hib, true));
  write(fs::path(A.Out) / "seeds.csv", perSeedCsv(Rows, A.Seed, Checks, Ref, Hib));
  std::vector<Series> S;
  size_t Len = 0;
  for (const CompareRow &R : Rows)
    for (const auto &C : R.Curves)
      Len = std::max(Len, C.size());
  auto AsFraction = [&](std::vector<double> Y) {
    if (Ref)
      for (double &V : Y)
        V = std::isnan(V) ? NAN : fractionOfOptimum(V, *Ref, Hib);
    return Y;
  };
  for (const CompareRow &R : Rows)
    S.push_back({R.Strategy, AsFraction(quantileCurve(R, Len, 0.5)),
                 AsFraction(quantileCurve(R, Len, 0.25)),
                 AsFraction(quantileCurve(R, Len, 0.75))});
  write(fs::path(A.Out) / "convergence.html",
        plotPage("best so far: median of " + std::to_string(A.Seeds) +
                     " seeds, band 25th-75th percentile",
                 compareHeader(Setup), "trial",
                 Ref ? "fraction of " + RefName : "best " + P.objective().Name,
                 S, Ref ? std::optional<double>(1.0) : std::nullopt,
                 Ref ? (P.optimum() ? "optimum" : "best found") : ""));
  std::cout << Md;
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  std::ostringstream Usage;
  Usage << "gevo-tune: tune a tile configuration, or compare tuners.\n\n"
           "Usage: gevo-tune (--objective replay:FILE | --space FILE | --objective "
           "live:OPERATOR [--size SIZE]) [--strategy NAME] (--trials N | --time-budget S) "
           "[--seed S] --out DIR\n"
           "       gevo-tune --compare --objective replay:FILE [--strategies a,b] "
           "[--seeds N] --trials N --out DIR\n\n"
           "Live operators (kernels compiled by gevo-cc, run on the cpu target):\n"
           "  matmul        sizes n, k, m; MM1, MM2, MM3 (default n=64,k=128,m=128)\n"
           "  batch_matmul  batch, n, k, m, trans_a, trans_b; BMM1, BMM2, BMM3\n"
           "                (default batch=8,n=32,k=32,m=16)\n"
           "  conv2d        batch, cin, h, w, cout, hk, wk, stride, pad; C1, C2\n"
           "                (default batch=1,cin=8,h=16,w=16,cout=16,hk=5,wk=5,stride=1,pad=2)\n"
           "  --size takes a paper operator and/or key=value overrides, e.g. "
           "MM1 or MM1,n=64.\n\nStrategies:\n";
  for (const StrategyInfo *I : strategies())
    Usage << "  " << I->Name << ": " << I->Help << "\n";
  Usage << "\nOptions";
  po::options_description Opts(Usage.str());
  Args A;
  Opts.add_options()("help,h", "show this help")(
      "objective", po::value(&A.Objective),
      "replay:FILE (Kernel Tuner cache or T4 file, gzip or plain), live:OPERATOR "
      "(matmul, batch_matmul, conv2d) or synthetic")(
      "space", po::value(&A.SpacePath),
      "space JSON file (synthetic objective; live: the operator's parameters, "
      "constraints of your own)")(
      "size", po::value(&A.Size), "live: the operator's size (see above)")(
      "live-metric", po::value(&A.Live.Metric)->default_value("modeled"),
      "live: modeled (the kernel time the cpu target's warp-level model "
      "predicts on --gpu), count (its weighted instruction count) or time "
      "(median kernel seconds)")(
      "gpu", po::value(&A.Live.Gpu)->default_value(gevo::cpu::DefaultGpu),
      "live: the GPU --live-metric modeled predicts for, a built-in one or a "
      "description file NAME.json (harness/gpus/README.md)")(
      "live-repeat", po::value(&A.Live.Repeat)->default_value(3),
      "live: timed launches per config with --live-metric time")(
      "live-workers", po::value(&A.Live.Workers)->default_value(2),
      "live: sandboxed workers and compiles at once (1 for steadier times)")(
      "live-compile-timeout", po::value(&A.Live.CompileTimeoutSeconds)->default_value(60),
      "live: seconds gevo-cc may take (then build_timeout)")(
      "live-run-timeout", po::value(&A.Live.RunTimeoutSeconds)->default_value(30),
      "live: seconds a config may take to load and run (then run_timeout)")(
      "strategy", po::value(&A.Strategy)->default_value("xgb-ls"),
      "strategy to run (default: the best across families left out, "
      "benchmarks/tuners/README.md)")(
      "trials", po::value(&A.Trials), "budget: measurements")(
      "time-budget", po::value(&A.TimeBudget),
      "budget: simulated seconds of compiling and running (replay: as recorded)")(
      "seed", po::value(&A.Seed)->default_value(0), "seed (compare: the first)")(
      "out", po::value(&A.Out), "output directory (must not exist)")(
      "batch-size", po::value(&A.BatchSize), "configs asked at once (default: the strategy's)")(
      "metric", po::value(&A.Metric), "replay: the measurement to optimise (default: the file's)")(
      "higher-is-better", "replay: the metric is a throughput")(
      "lower-is-better", "replay: the metric is a time")(
      "replay-noise", "replay: draw values from the recorded repeats")(
      "unrestricted", "replay: search the full product, configs absent from the file fail")(
      "compare", "run strategies x seeds and write comparison tables and plots")(
      "strategies", po::value(&A.Strategies), "compare: comma-separated (default: all)")(
      "seeds", po::value(&A.Seeds)->default_value(20), "compare: seeds per strategy")(
      "checkpoints", po::value(&A.Checkpoints)->default_value("100,200,500"),
      "compare: trial counts reported in the table");
  std::vector<std::string> Names; // keep option names alive
  for (const StrategyInfo *I : strategies())
    for (const OptionInfo &O : I->Opts) {
      std::ostringstream Help;
      Help << I->Name << ": " << O.Help << " (default " << O.Default << ", from "
           << O.Range.Lo << " to " << O.Range.Hi << ")";
      Names.push_back(I->Name + "-" + O.Name);
      Opts.add_options()(Names.back().c_str(), po::value<double>(), Help.str().c_str());
    }
  po::variables_map VM;
  parseCommandLineOrHelp(Tool, argc, argv, Opts, "objective", VM);
  if (A.Out.empty())
    fail("need --out DIR (see --help)");
  if (!A.Trials && !(A.TimeBudget > 0))
    fail("need --trials N or --time-budget SECONDS (see --help)");
  if (VM.count("higher-is-better") && VM.count("lower-is-better"))
    fail("--higher-is-better and --lower-is-better contradict each other");
  if (fs::exists(A.Out))
    fail("output directory '" + A.Out + "' exists; nothing was overwritten");
  std::unique_ptr<TuneProblem> P = makeProblem(A, VM, argv[0]);
  // Bad strategy names or option values fail before anything is written.
  for (const std::string &Name : VM.count("compare") ? splitList(A.Strategies)
                                                      : std::vector{A.Strategy}) {
    const StrategyInfo *I = findStrategy(Name);
    orFail(resolveOptions(Name, I ? givenOptions(*I, VM) : Options{}));
  }
  std::error_code EC;
  fs::create_directories(A.Out, EC);
  if (EC)
    fail("cannot create '" + A.Out + "': " + EC.message());
  return VM.count("compare") ? compare(A, *P, VM) : tuneOnce(A, *P, VM);
}
