//===- gevo-suite.cpp - GEVO over every app of a benchmark suite ----------===//
//
//   gevo-suite SUITE_DIR (--budget T | --generations G) --out DIR [options]
//
// The nightly job: gevo-evolve on each app of a suite folder (one child
// process per app, so one app failing never stops the others), then a
// summary of the held-out speedups in Markdown, CSV, JSON and HTML, with
// the change since an earlier run. See --help.
//
//===----------------------------------------------------------------------===//

#include "Apps.h"
#include "Render.h"
#include "Runner.h"
#include "Spread.h"
#include "Job.h"
#include "JudgeOptions.h"
#include "Summary.h"
#include "ToolSupport.h"

#include "gevo/evolve/GevoRun.h"
#include "gevo/harness/Targets.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <boost/program_options.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <thread>

using namespace llvm;
using namespace gevo::suite;
namespace po = boost::program_options;

namespace {
constexpr const char *Tool = "gevo-suite";

/// Bad input: one line, exit status 2, nothing run.
[[noreturn]] void usage(const Twine &Msg) { gevo::toolError(Tool, Msg, 2); }

const char *Overview =
    "gevo-suite: run GEVO (gevo-evolve) on every app of a benchmark suite\n"
    "and summarise the speedups it found.\n\n"
    "Usage: gevo-suite SUITE_DIR (--budget T | --generations G) --out DIR "
    "[options]\n\n"
    "SUITE_DIR holds one folder per app; an app is a folder with a\n"
    "tests/spec.json (e.g. benchmarks/rodinia). Its kernel is\n"
    "IR_DIR/<app>.ll (the build compiles the suite's kernels there), else\n"
    "<app>/kernel.cu. Each app runs in its own gevo-evolve process with its\n"
    "run directory in DIR/<app>/run and its output in\n"
    "DIR/<app>/gevo-evolve.log; a crash, an error or a time-out of one app\n"
    "is recorded as that app's status and the suite goes on.\n\n"
    "An app's result is its best variant's speedup on the held-out cases\n"
    "(cases evolution never saw): 1.000x where no variant was faster than\n"
    "the unmodified kernel or none passed the held-out cases; 1.01x or more\n"
    "counts as an improvement.\n\n"
    "DIR gets summary.md (a table per app: kernel IR instructions,\n"
    "generations, held-out speedup, error, key edits, status), summary.csv,\n"
    "summary.json (what --previous reads) and summary.html (a bar chart of\n"
    "the speedups and the table). Progress goes to stderr.\n\n"
    "Exit status: 0 when at least one app finished (failed apps are in the\n"
    "summary); 1 when every app failed; 2 for bad input (nothing is run);\n"
    "128 + N when signal N (SIGINT, SIGTERM, SIGHUP) stopped the suite: the\n"
    "running app is killed and the summary says which apps finished.\n\n"
    "Examples:\n"
    "  gevo-suite benchmarks/rodinia --generations 10 --pop 32 "
    "--objective modeled --out runs/suite\n"
    "  gevo-suite benchmarks/rodinia --budget 10m --jobs 2 --previous "
    "runs/suite/summary.json --out runs/suite2\n";

/// gevo-evolve options that gevo-suite sets itself.
const char *const Owned[] = {"--tests", "--out",       "--kernel", "--resume",
                             "--threads", "--workers", "--seed",   "--pop",
                             "--objective", "--gpu", "--target",
                             "--generations",
                             "--time-budget", "--help", "-h",      "-q",
                             "--quiet"};

struct Options {
  std::string SuiteDir, Out, IrDir, Budget, Objective, Target, Apps, Previous,
      AppTimeout, Gpu;
  unsigned Generations = 0, Pop = 0, Jobs = 1, Cores = 0;
  uint64_t Seed = 1;
  std::vector<std::string> EvolveArgs;
  double BudgetSeconds = 0, LimitSeconds = 0;
  bool Resume = false;
};

std::string absolute(const std::string &Path) {
  SmallString<256> P(Path);
  sys::fs::make_absolute(P);
  sys::path::remove_dots(P, true);
  return std::string(P);
}

std::string commandLine(int Argc, char **Argv) {
  std::vector<std::string> Words;
  for (int I = 0; I < Argc; ++I) {
    std::string W = Argv[I];
    bool Plain = W.find_first_of(" \t'\"$`\\") == std::string::npos && !W.empty();
    Words.push_back(Plain ? W : "'" + W + "'");
  }
  return join(Words, " ");
}

std::string today() {
  char Date[32];
  std::time_t T = std::time(nullptr);
  std::strftime(Date, sizeof(Date), "%Y-%m-%d %H:%M", std::localtime(&T));
  return Date;
}

double duration(const std::string &Flag, const std::string &Text) {
  std::optional<double> S = gevo::evolve::parseDuration(Text);
  if (!S)
    usage("--" + Flag + ": '" + Text + "' is not a duration such as 90s, 10m or 2h");
  return *S;
}

/// Checks everything that does not need a run; each problem is usage().
void validate(Options &O, const po::variables_map &VM) {
  if (O.SuiteDir.empty())
    usage("need a suite folder, e.g. benchmarks/rodinia (see --help)");
  if (VM.count("budget") == VM.count("generations"))
    usage("give exactly one of --budget T and --generations G");
  if (VM.count("generations") && O.Generations == 0)
    usage("--generations must be at least 1");
  if (VM.count("budget"))
    O.BudgetSeconds = duration("budget", O.Budget);
  if (O.Out.empty())
    usage("need --out DIR for the run directories and the summary");
  O.Resume = VM.count("resume");
  if (O.Resume && !sys::fs::is_directory(O.Out))
    usage("--resume: '" + O.Out + "' is not the folder of an earlier run");
  // Rank 0 checks alone, before any rank makes the folder (the barrier
  // in main).
  if (!O.Resume && gevo::jobRank() == 0 && sys::fs::exists(O.Out))
    usage("--out: '" + O.Out + "' already exists (choose another, or "
          "--resume to finish its apps)");
  if (O.Objective.empty())
    O.Objective = O.Target == "cpu" ? "modeled" : "time";
  if (O.Objective != "time" && O.Objective != "modeled" &&
      O.Objective != "count")
    usage("--objective must be time, modeled or count, not '" + O.Objective +
          "'");
  O.Gpu = gevo::gpuOption(Tool, VM, 2);
  if (VM.count("pop") && O.Pop < 2)
    usage("--pop must be at least 2");
  if (O.Jobs == 0)
    usage("--jobs must be at least 1");
  if (!gevo::isKnownTarget(O.Target))
    usage("unknown target '" + O.Target + "' (" + gevo::targetNames() + ")");
  // Apps timed together on one GPU would slow each other down at random.
  if (O.Target != "cpu" && O.Jobs > 1)
    usage("--jobs: on a GPU target the apps run one after another (timed "
          "together they would skew each other's times); give --devices "
          "through --evolve-arg to time each app on several GPUs");
  for (const std::string &A : O.EvolveArgs)
    for (StringRef Flag : Owned)
      if (A == Flag || StringRef(A).starts_with((Flag + "=").str()))
        usage("--evolve-arg: gevo-suite sets " + Flag +
              " itself (use gevo-suite's own option)");
  O.LimitSeconds = VM.count("app-timeout") ? duration("app-timeout", O.AppTimeout)
                   : O.BudgetSeconds     ? 3 * O.BudgetSeconds + 600
                                         : 4 * 3600;
}

std::vector<std::string> evolveArgv(const Options &O, const App &A,
                                    const std::string &Evolve,
                                    const std::string &AppDir) {
  unsigned PerApp = std::max(1u, O.Cores / O.Jobs);
  std::vector<std::string> V = {
      Evolve, A.Kernel, "--tests", A.TestsDir, "--out", AppDir + "/run",
      "--objective", O.Objective, "--gpu", O.Gpu, "--target", O.Target,
      "--seed", std::to_string(O.Seed), "--threads", std::to_string(PerApp),
      "--workers", std::to_string(PerApp)};
  if (O.BudgetSeconds)
    V.insert(V.end(), {"--generations", "0", "--time-budget", O.Budget});
  else
    V.insert(V.end(), {"--generations", std::to_string(O.Generations)});
  if (O.Pop)
    V.insert(V.end(), {"--pop", std::to_string(O.Pop)});
  V.insert(V.end(), O.EvolveArgs.begin(), O.EvolveArgs.end());
  return V;
}

nlohmann::json setupJson(const Options &O, int Argc, char **Argv) {
  auto OrNull = [](bool Has, auto V) {
    return Has ? nlohmann::json(V) : nlohmann::json();
  };
  unsigned PerApp = std::max(1u, O.Cores / O.Jobs);
  return {{"suite_name", sys::path::filename(absolute(O.SuiteDir)).str()},
          {"suite_dir", absolute(O.SuiteDir)},
          {"ir_dir", O.IrDir},
          {"command", commandLine(Argc, Argv)},
          {"date", today()},
          {"objective", O.Objective},
          {"gpu", O.Gpu},
          {"target", O.Target},
          {"pop", OrNull(O.Pop, O.Pop)},
          {"generations", OrNull(!O.BudgetSeconds, O.Generations)},
          {"budget_s", OrNull(O.BudgetSeconds, O.BudgetSeconds)},
          {"seed", O.Seed},
          {"jobs", O.Jobs},
          {"threads_per_app", PerApp},
          {"workers_per_app", PerApp},
          {"app_timeout_s", O.LimitSeconds},
          {"resumed", O.Resume},
          {"evolve_args", O.EvolveArgs}};
}

Outcome describe(const AppResult &R) {
  if (!R.ok())
    return {R.Status, false};
  return {"ok, held-out " + speedupText(R) +
              (R.HeldoutStatus == "ok" ? "" : " (" + R.HeldoutStatus + ")"),
          true};
}

/// The apps to run; with --resume, the apps whose run finished before
/// (DIR/<app>/run/summary.json) go into Kept instead.
void selectApps(const Options &O, const std::vector<App> &Apps,
                std::vector<size_t> &Run, std::vector<size_t> &Kept) {
  for (size_t I = 0; I < Apps.size(); ++I)
    (O.Resume && sys::fs::exists(O.Out + "/" + Apps[I].Name +
                                 "/run/summary.json")
         ? Kept
         : Run)
        .push_back(I);
}

/// The launch of app \p A, in a fresh DIR/<app>.
Launch launchFor(const Options &O, const App &A, const std::string &Evolve) {
  std::string AppDir = O.Out + "/" + A.Name;
  sys::fs::remove_directories(AppDir);
  if (std::error_code EC = sys::fs::create_directories(AppDir))
    usage("cannot create '" + AppDir + "': " + EC.message());
  return {A.Name,
          A.Kernel.empty() ? std::vector<std::string>()
                           : evolveArgv(O, A, Evolve, AppDir),
          AppDir + "/gevo-evolve.log"};
}

/// The apps of \p Run this rank runs (all of them when alone): longest
/// first by kernel size, spread over the job's ranks.
std::vector<size_t> myShare(const std::vector<App> &Apps,
                            const std::vector<size_t> &Run) {
  gevo::cluster::Comm *Job = gevo::job();
  if (!Job)
    return Run;
  std::vector<double> Sizes;
  for (size_t I : Run) {
    uint64_t Bytes = 0;
    sys::fs::file_size(Apps[I].Kernel, Bytes);
    Sizes.push_back(double(Bytes));
  }
  std::vector<int> Owner = assignLongestFirst(Sizes, Job->size());
  std::vector<size_t> Mine;
  for (size_t K = 0; K < Run.size(); ++K)
    if (Owner[K] == Job->rank())
      Mine.push_back(Run[K]);
  return Mine;
}

void writeSummaries(const std::string &Out, const SuiteSummary &S) {
  gevo::writeTextFile(Tool, Out + "/summary.json", toJson(S).dump(2) + "\n");
  gevo::writeTextFile(Tool, Out + "/summary.md", renderMarkdown(S));
  gevo::writeTextFile(Tool, Out + "/summary.csv", renderCsv(S));
  gevo::writeTextFile(Tool, Out + "/summary.html", renderHtml(S));
}
po::options_description optionTable(Options &O) {
  unsigned HW = std::max(1u, std::thread::hardware_concurrency());
  po::options_description T("Options");
  T.add_options()("help,h", "show this help")(
      "out", po::value(&O.Out)->value_name("DIR"),
      "where the apps' runs and the summary go; must not exist (but see "
      "--resume)")(
      "budget", po::value(&O.Budget)->value_name("T"),
      "wall-clock time each app evolves for (90s, 10m, 2h); held-out "
      "validation and minimisation come on top")(
      "generations", po::value(&O.Generations)->value_name("G"),
      "generations each app evolves for")(
      "pop", po::value(&O.Pop)->value_name("N"),
      "population size (default: gevo-evolve's, 256)")(
      "objective", po::value(&O.Objective),
      "modeled (the kernel time the cpu target's warp-level model predicts "
      "on --gpu; the default on the cpu target, whose wall time is no proxy "
      "for a GPU's), count (its weighted instruction count) or time (kernel "
      "wall time; the default on a GPU)")(
      "target", po::value(&O.Target)->default_value("cpu"),
      ("where variants run: " + gevo::targetNames() +
       " (a GPU target: timed on the GPU behind the cpu gate, one app at a "
       "time; --evolve-arg passes --gate, --devices and --offload-arch)")
          .c_str())(
      "apps", po::value(&O.Apps)->value_name("A,B"),
      "only these apps, in this order (default: all, by name)")(
      "jobs,j", po::value(&O.Jobs)->default_value(1), "apps run at once")(
      "cores", po::value(&O.Cores)->default_value(HW),
      "cores to use: each app's gevo-evolve gets cores/jobs threads and "
      "workers")(
      "seed", po::value(&O.Seed)->default_value(1), "random seed of every app")(
      "previous", po::value(&O.Previous)->value_name("FILE"),
      "an earlier run's summary.json (or its DIR): adds a column with the "
      "change since then")(
      "ir-dir", po::value(&O.IrDir)->value_name("DIR"),
      "where <app>.ll kernels are (default: the build tree's "
      "benchmarks/<suite> beside this program's bin/)")(
      "app-timeout", po::value(&O.AppTimeout)->value_name("T"),
      "kill an app's run after T (default: 3 x budget + 10m, or 4h with "
      "--generations)")(
      "resume",
      "finish an interrupted run in --out: apps whose run finished are kept, "
      "the others run again (give the same options)")(
      "evolve-arg", po::value(&O.EvolveArgs)->value_name("ARG"),
      "pass ARG on to gevo-evolve; repeatable, e.g. "
      "--evolve-arg=--validate-repeat=1")(
      "suite", po::value(&O.SuiteDir), "the suite folder (positional)");
  gevo::addGpuOption(T);
  return T;
}

/// The suite's apps (--apps), kernels from --ir-dir or its default.
std::vector<App> chooseApps(Options &O, const char *Argv0) {
  if (O.IrDir.empty())
    O.IrDir = gevo::besideExecutable(
        Argv0, "../benchmarks/" + sys::path::filename(absolute(O.SuiteDir)).str());
  std::vector<std::string> Only;
  for (StringRef A : split(O.Apps, ','))
    if (!A.trim().empty())
      Only.push_back(A.trim().str());
  Expected<std::vector<App>> Apps = findApps(O.SuiteDir, O.IrDir, Only);
  if (!Apps)
    usage(toString(Apps.takeError()));
  return std::move(*Apps);
}

/// Runs the apps (but those kept by --resume) and gathers every result;
/// in an MPI job, this rank's share, and rank 0 gathers the others'.
void runSuite(const Options &O, const std::vector<App> &Apps,
              const std::string &Evolve, SuiteSummary &S) {
  std::vector<size_t> ToRun, Kept;
  selectApps(O, Apps, ToRun, Kept);
  std::vector<size_t> Mine = myShare(Apps, ToRun);
  std::vector<Launch> Launches;
  for (size_t I : Mine)
    Launches.push_back(launchFor(O, Apps[I], Evolve));
  gevo::cluster::Comm *Job = gevo::job();
  std::string Where =
      Job ? " on rank " + std::to_string(Job->rank()) + " of " +
                std::to_string(Job->size()) + " (host " + Job->host() + ")"
          : "";
  std::fprintf(stderr,
               "gevo-suite: %zu app%s%s, %u at a time, each gevo-evolve with "
               "%u threads and workers, per-app limit %s; output in %s\n",
               Mine.size(), Mine.size() == 1 ? "" : "s", Where.c_str(), O.Jobs,
               std::max(1u, O.Cores / O.Jobs),
               gevo::formatDuration(O.LimitSeconds).c_str(), O.Out.c_str());
  S.Apps.resize(Apps.size());
  std::vector<std::string> KeptNames;
  for (size_t I : Kept) {
    S.Apps[I] = readResult(Apps[I], Ending{Ending::Exited, 0, 0},
                           O.Out + "/" + Apps[I].Name, O.LimitSeconds);
    S.Apps[I].Message = "kept from the earlier run";
    KeptNames.push_back(Apps[I].Name);
  }
  if (!Kept.empty() && gevo::jobRank() == 0)
    std::fprintf(stderr, "gevo-suite: kept %s: they finished before\n",
                 join(KeptNames, ", ").c_str());
  auto Start = std::chrono::steady_clock::now();
  RunnerOptions RO{O.Jobs, O.LimitSeconds, O.BudgetSeconds * 1.2};
  stopOnSignals();
  Endings Ended;
  runAll(Launches, RO, [&](size_t K, const Ending &E) {
    const App &A = Apps[Mine[K]];
    Ended.push_back({Mine[K], E});
    AppResult &R = S.Apps[Mine[K]];
    R = readResult(A, E, O.Out + "/" + A.Name, O.LimitSeconds);
    return describe(R);
  });
  if (Job && Job->rank() != 0)
    return sendEndings(*Job, Ended);
  if (Job) {
    Expected<Endings> Others = gatherEndings(*Job);
    if (!Others)
      gevo::toolError(Tool, toString(Others.takeError()), 1);
    for (const auto &[I, E] : *Others)
      if (I < Apps.size())
        S.Apps[I] = readResult(Apps[I], E, O.Out + "/" + Apps[I].Name,
                               O.LimitSeconds);
  }
  S.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            Start).count();
}
} // namespace

int main(int argc, char **argv) {
  gevo::joinJob(Tool, argc, argv, gevo::JobKind::Shared);
  Options O;
  po::options_description Table = optionTable(O);
  po::variables_map VM;
  gevo::parseCommandLine(Tool, argc, argv, Table, "suite", VM, 2);
  if (VM.count("help")) {
    std::cout << Overview << "\n" << Table;
    return 0;
  }
  validate(O, VM);
  if (gevo::cluster::Comm *Job = gevo::job())
    Job->barrier();
  std::vector<App> Apps = chooseApps(O, argv[0]);
  nlohmann::json Previous;
  if (!O.Previous.empty()) {
    Expected<nlohmann::json> P = loadPrevious(O.Previous);
    if (!P)
      usage("--previous: " + toString(P.takeError()));
    Previous = std::move(*P);
  }
  std::string Evolve = gevo::besideExecutable(argv[0], "gevo-evolve");
  if (!sys::fs::can_execute(Evolve))
    usage("cannot find gevo-evolve beside gevo-suite ('" + Evolve + "')");
  O.Out = absolute(O.Out);

  SuiteSummary S;
  S.Setup = setupJson(O, argc, argv);
  runSuite(O, Apps, Evolve, S);
  if (gevo::jobRank() != 0) // rank 0 writes the summary
    return stopSignal() ? 128 + stopSignal() : 0;
  if (!O.Previous.empty())
    compareWith(S, Previous, absolute(O.Previous));
  writeSummaries(O.Out, S);
  std::cout << renderMarkdown(S) << "\nsummary: " << O.Out << "/summary.html\n";
  if (int Sig = stopSignal())
    return 128 + Sig;
  return S.countOk() ? 0 : 1;
}
