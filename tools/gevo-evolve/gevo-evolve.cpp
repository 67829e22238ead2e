//===- gevo-evolve.cpp - Evolve a kernel against its tests ----------------===//
//
//   gevo-evolve KERNEL.{ll,cu} --tests DIR [options]
//   gevo-evolve --resume RUN_DIR
//
// The product's main job: GEVO (NSGA-II over edit lists) on a kernel, with
// its tests dir as the judge; a run directory with the log, the Pareto
// front, the best variant and a report. See --help.
//
//===----------------------------------------------------------------------===//

#include "Job.h"
#include "JudgeOptions.h"
#include "ToolSupport.h"

#include "Ranks.h"
#include "Sanitize.h"

#include "gevo/evolve/GevoRun.h"
#include "gevo/harness/Targets.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <boost/program_options.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <iostream>
#include <thread>
#include <unistd.h>

using namespace llvm;
using namespace gevo::evolve;
namespace po = boost::program_options;

namespace {
constexpr const char *Tool = "gevo-evolve";

/// Exit statuses: 2 for bad input (nothing started), 1 when a started run
/// fails (its directory keeps what was written).
constexpr int BadInput = 2, RunFailed = 1;

[[noreturn]] void fail(const Twine &Msg, int Status = BadInput) {
  gevo::toolError(Tool, Msg, Status);
}

/// The library names a bad setting by its config.json key in backquotes
/// (`batch_size`); on this command line it is an option (--batch-size).
std::string inOptionTerms(std::string Msg) {
  for (size_t Open; (Open = Msg.find('`')) != std::string::npos;) {
    size_t Close = Msg.find('`', Open + 1);
    if (Close == std::string::npos)
      break;
    std::string Key = Msg.substr(Open + 1, Close - Open - 1);
    if (Key == "time_budget_s")
      Key = "time_budget";
    std::replace(Key.begin(), Key.end(), '_', '-');
    Msg.replace(Open, Close - Open + 1, "--" + Key);
  }
  return Msg;
}

const char *Overview =
    "gevo-evolve: make a GPU kernel faster by evolving its LLVM IR.\n\n"
    "Usage: gevo-evolve KERNEL.{ll,cu} --tests DIR [options]\n"
    "       gevo-evolve --resume RUN_DIR\n\n"
    "Each variant is the kernel plus a list of edits (copy, delete, move,\n"
    "replace, swap, operand replace). Variants run on the tests dir's cases\n"
    "in sandboxed workers; the unmodified kernel's outputs are the oracle.\n"
    "Mode 'default' keeps only variants with the base's exact outputs and\n"
    "minimises their cost; mode 'mo' trades cost against output error (up\n"
    "to --error-tolerance over the base's). At the end the best variants are\n"
    "validated on the held-out cases, the best one's edits are minimised and\n"
    "explained, and RUN_DIR/report.html shows the run.\n\n"
    "The cpu target judges variants as every legal GPU schedule would: a\n"
    "variant that races or reads shared memory no thread wrote is rejected\n"
    "like a crash (see --check), and a kernel that races is refused. So is\n"
    "a base whose outputs depend on buffers the tests declare without\n"
    "\"init\" (undefined on a GPU), naming them.\n\n"
    "Example (a few minutes on 2 cores):\n"
    "  gevo-evolve kernel.ll --tests tests/ --pop 32 --generations 10\n\n"
    "Exit status: 0 when the run finished (whether or not it found a faster\n"
    "variant), 1 when a started run failed, 2 for bad input or usage.\n";

std::string defaultOut(const std::string &Kernel, uint64_t Seed) {
  char Date[32];
  std::time_t T = std::time(nullptr);
  std::strftime(Date, sizeof(Date), "%Y%m%d-%H%M%S", std::localtime(&T));
  return "runs/" + sys::path::stem(Kernel).str() + "-" + Date + "-s" +
         std::to_string(Seed);
}

std::string absolute(const std::string &Path) {
  SmallString<256> P(Path);
  sys::fs::make_absolute(P);
  sys::path::remove_dots(P, true);
  return std::string(P);
}

/// Progress on stderr: one rewritten line on a terminal, a line per
/// generation otherwise.
ProgressFn progressPrinter() {
  bool Tty = isatty(STDERR_FILENO);
  return [Tty](const std::string &Line, bool AtGeneration) {
    if (Tty)
      std::fprintf(stderr, "\r\033[K%s%s", Line.c_str(), AtGeneration ? "\n" : "");
    else if (AtGeneration)
      std::fprintf(stderr, "%s\n", Line.c_str());
    std::fflush(stderr);
  };
}

void printSummary(const GevoRun &R, const nlohmann::json &S) {
  CostKind Cost = R.config().Objective.Cost;
  const nlohmann::json &T = S["time_shares"];
  std::printf("\n%llu evaluations over %u generations (%.1f/s, %llu from the "
              "cache); preparing a candidate took %.1f ms, its JIT %.1f ms\n",
              (unsigned long long)S.value("evaluations", 0ull),
              S.value("generations", 0u), T.value("evaluations_per_s", 0.0),
              (unsigned long long)S.value("cache_hits", 0ull),
              T.value("prepare_ms_per_candidate", 0.0),
              T.value("jit_ms_per_variant", 0.0));
  std::printf("base %s: %.6g\n",
              Cost == CostKind::Count     ? "instruction count"
              : Cost == CostKind::Modeled ? ("modeled time on " +
                                             R.config().Gpu + " (s)")
                                                .c_str()
                                          : "time (s)",
              S["base"]["objectives"][0].get<double>());
  const nlohmann::json &H = S["heldout"];
  if (!H.value("held_out", true))
    std::printf("nothing was held out: the tests dir has no held-out cases "
                "and declares no ranges to draw them from, so the variants "
                "were validated on the evolution cases\n");
  if (unsigned Drawn = H.value("drawn_cases", 0u))
    std::printf("held-out validation included %u case(s) drawn from the "
                "tests dir's declared ranges\n",
                Drawn);
  if (!S.contains("best")) {
    const nlohmann::json &Best = H.value("best", nlohmann::json::object());
    if (Best.value("status", "") == "ok")
      // It passed, but was no cheaper than the base there.
      std::printf("no variant beat the base on the held-out cases (the best "
                  "evolved one: %.3fx): the base stays the best\n",
                  Best.value("speedup", 0.0));
    else
      std::printf("no variant passed held-out validation (%s): the base "
                  "stays the best\n",
                  H.value("status", "").c_str());
    if (Best.contains("status") && Best.value("status", "") != "ok")
      std::printf("the best evolved variant: %s%s%s\n",
                  Best.value("status", "").c_str(),
                  Best.value("message", "").empty() ? "" : ", ",
                  Best.value("message", "").c_str());
  } else if (S["best"].value("demoted", false)) {
    std::printf("%s found what the tests could not (%s): the variant is "
                "demoted, the base stays the best (its edits are in best/)\n",
                S["final_check"].value("tool", "").c_str(),
                H.value("message", "").c_str());
  } else {
    std::printf("best: %.3fx on the evolution cases; held-out: %s, %.3fx, "
                "error %.3g\n",
                S.value("best_speedup", 0.0), H.value("status", "").c_str(),
                H.value("speedup", 0.0), H.value("error", 0.0));
    if (Cost == CostKind::Time && !H.value("outside_noise", false))
      std::printf("within the timing noise (a validation round of the base "
                  "was as fast): no improvement is claimed\n");
    const nlohmann::json &B = S["best"];
    std::printf("its %zu edit(s)%s:\n", B["edits"].size(),
                B.value("minimised", false) ? " (minimised)" : "");
    for (size_t I = 0; I < B["edits"].size(); ++I)
      std::printf("  %s\n", B["descriptions"][I].get<std::string>().c_str());
  }
  std::printf("run dir: %s\nreport:  %s\n", R.dir().path().c_str(),
              R.dir().file("report.html").c_str());
}

/// --time-budget in seconds, when given; a bad duration is bad input.
std::optional<double> timeBudget(const po::variables_map &VM) {
  if (!VM.count("time-budget"))
    return std::nullopt;
  std::string Budget = VM["time-budget"].as<std::string>();
  std::optional<double> S = parseDuration(Budget);
  if (!S)
    fail("--time-budget: '" + Budget + "' is not a duration such as 90s, "
         "10m or 2h");
  return S;
}

/// What SIGINT, SIGTERM and SIGHUP print before gevo-evolve exits: how to
/// continue from the last checkpoint, or that there is none yet.
char Checkpoint[1024], ResumeHint[1024], RestartHint[1024];

[[noreturn]] void onInterrupt(int Signal) {
  const char *Hint = access(Checkpoint, F_OK) == 0 ? ResumeHint : RestartHint;
  ssize_t Ignored = write(STDERR_FILENO, Hint, strlen(Hint));
  (void)Ignored;
  _exit(128 + Signal);
}

/// What a rank that stopped answering means to the run in \p Dir.
void sayRankLost(const std::string &Dir, const std::string &What) {
  if (access((Dir + "/checkpoint").c_str(), F_OK) == 0)
    std::fprintf(stderr, "%s: error: %s: the run stops at its last "
                 "checkpoint; continue it (on any number of ranks) with: "
                 "mpirun -n N gevo-evolve --resume %s\n",
                 Tool, What.c_str(), Dir.c_str());
  else
    std::fprintf(stderr, "%s: error: %s before the initial population was "
                 "complete: start the run again\n",
                 Tool, What.c_str());
}

/// A new run from the command line's configuration.
Expected<std::unique_ptr<GevoRun>>
startRun(RunConfig C, const po::variables_map &VM, const std::string &Kernel,
         const std::string &Tests, const std::string &Out, const char *Argv0) {
  if (Kernel.empty() || Tests.empty())
    fail("need a kernel and --tests DIR (see --help)");
  std::string Mode = VM["mode"].as<std::string>();
  std::string Objective = VM.count("objective")
                              ? VM["objective"].as<std::string>()
                              : C.Target == "cpu" ? "modeled" : "time";
  auto M = parseMode(Mode);
  auto K = parseCostKind(Objective);
  if (!M)
    fail("--mode must be default or mo, not '" + Mode + "'");
  if (!K)
    fail("--objective must be time, modeled or count, not '" + Objective +
         "'");
  C.Objective.Mode = *M;
  C.Objective.Cost = *K;
  C.Gpu = gevo::gpuOption(Tool, VM, BadInput);
  if (std::optional<double> S = timeBudget(VM))
    C.TimeBudgetSeconds = *S;
  C.Minimise = !VM.count("no-minimise");
  C.Judging = gevo::judgeOptions(Tool, VM, BadInput);
  C.CpuOpt = gevo::cpuOptOption(Tool, VM, BadInput);
  gevo::EvalOptions Gpus;
  gevo::gpuTargetOptions(Tool, VM, BadInput, Gpus);
  C.Gate = Gpus.Gate;
  C.Devices = Gpus.Devices;
  C.Kernel = Kernel;
  C.TestsDir = absolute(Tests);
  LLVMContext Ctx;
  std::unique_ptr<Module> Base =
      gevo::loadKernel(Tool, Kernel, Argv0, Ctx, BadInput);
  if (VM.count("functions"))
    C.Functions = gevo::functionsOption(
        Tool, *Base, VM["functions"].as<std::string>(), BadInput);
  return GevoRun::start(C, *Base, Out.empty() ? defaultOut(Kernel, C.Seed) : Out);
}

/// Continues a run; only how it runs (threads, workers) may change.
Expected<std::unique_ptr<GevoRun>> resumeRun(const std::string &Dir,
                                             const RunConfig &C,
                                             const po::variables_map &VM) {
  for (const char *Own : {"tests", "out", "kernel", "seed", "pop", "mode",
                          "objective", "gpu", "functions", "check",
                          "memory-model", "allow-base-races", "target",
                          "offload-arch", "gate"})
    if (VM.count(Own) && !VM[Own].defaulted())
      fail(Twine("--resume takes the configuration from the run directory; "
                 "--") + Own + " cannot be given with it");
  // The budget may grow: new totals, so a finished run evolves on.
  GevoRun::Budget More;
  if (!VM["generations"].defaulted())
    More.Generations = C.Params.Generations;
  More.Seconds = timeBudget(VM);
  if (VM.count("max-evaluations"))
    More.Evaluations = C.MaxEvaluations;
  return GevoRun::resume(Dir, VM["threads"].defaulted() ? 0 : C.Threads,
                         VM["workers"].defaulted() ? 0 : C.Workers, More);
}
} // namespace

int main(int argc, char **argv) {
  unsigned Ranks = gevo::joinJob(Tool, argc, argv, gevo::JobKind::Served);
  RunConfig C;
  double RankTimeout = 600;
  std::string Kernel, Tests, Out, Resume;
  unsigned HW = std::max(1u, std::thread::hardware_concurrency());
  C.Workers = HW;
  po::options_description Run("Run");
  Run.add_options()("help,h", "show this help")(
      "tests", po::value(&Tests)->value_name("DIR"), "tests dir (spec.json)")(
      "functions", po::value<std::string>()->value_name("F,G"),
      "edit only these functions (CUDA or IR names; default: all), e.g. the "
      "one kernel of a multi-kernel module to evolve")(
      "target", po::value(&C.Target)->default_value("cpu"),
      ("where variants run: " + gevo::targetHelp()).c_str())(
      "offload-arch", po::value(&C.Arch),
      "cuda/hip: the GPU architecture to lower for (default sm_80 for cuda, "
      "gfx90a for hip)")(
      "objective", po::value<std::string>(),
      "what to minimise: modeled (the kernel time the cpu target's "
      "warp-level model predicts on --gpu; the default on the cpu target, "
      "whose wall time is no proxy for a GPU's), count (its weighted "
      "instruction count, the model before) or time (kernel wall time; the "
      "default on a GPU)")(
      "mode", po::value<std::string>()->default_value("default"),
      "default (exact output) or mo (cost vs output error)")(
      "error-tolerance", po::value(&C.Objective.ErrorTolerance)->default_value(0.01),
      "mo: the most a variant's error may exceed the base's")(
      "generations", po::value(&C.Params.Generations)->default_value(20),
      "generations after the initial population (0: until another budget)")(
      "time-budget", po::value<std::string>()->value_name("T"),
      "wall-clock budget: 90s, 10m, 2h")(
      "max-evaluations", po::value(&C.MaxEvaluations), "evaluation budget")(
      "seed", po::value(&C.Seed)->default_value(1), "random seed")(
      "out", po::value(&Out)->value_name("DIR"),
      "run directory (default runs/<kernel>-<date>-s<seed>); must not exist")(
      "resume", po::value(&Resume)->value_name("DIR"),
      "continue the run in DIR from its last checkpoint; with --generations, "
      "--time-budget or --max-evaluations, those are its new totals (a "
      "finished run evolves on and is finished again)")(
      "threads", po::value(&C.Threads)->default_value(0),
      "threads preparing candidates (0: all cores)")(
      "workers", po::value(&C.Workers)->default_value(HW),
      "sandboxed worker processes running variants (on cuda/hip: the cpu "
      "gate's; the GPUs have one each)")(
      "rank-timeout", po::value(&RankTimeout)->default_value(600),
      "under mpirun: seconds a rank may hold work without answering before "
      "the run stops (it continues with --resume, on any number of ranks)")(
      "rank0-search-only",
      "under mpirun: rank 0 only searches and hands out work (the other "
      "ranks build and measure every variant)")(
      "quiet,q", "no progress line");
  po::options_description Ga("GEVO parameters (defaults as in the paper)");
  Ga.add_options()("pop", po::value(&C.Params.PopSize)->default_value(256),
                   "population size")(
      "init-dist", po::value(&C.Params.InitDist)->default_value(3),
      "mutations of each initial individual")(
      "crossover-rate", po::value(&C.Params.CrossRate)->default_value(0.8, "0.8"),
      "probability of one-point messy crossover per pair")(
      "mutation-rate", po::value(&C.Params.MutateRate)->default_value(0.3, "0.3"),
      "probability of a mutation per individual")(
      "elite-fraction", po::value(&C.Params.EliteFraction)->default_value(0.25),
      "share of the population kept as elites")(
      "max-retries", po::value(&C.Params.MaxRetries)->default_value(64),
      "failed attempts before an individual keeps its parent");
  po::options_description Measure("Measuring and the end of the run");
  Measure.add_options()("repeat", po::value(&C.Repeat)->default_value(1),
                        "timed runs per case while evolving (median)")(
      "validate-repeat", po::value(&C.ValidateRepeat)->default_value(5),
      "timed rounds of held-out validation")(
      "validate-max", po::value(&C.ValidateMax)->default_value(16),
      "front members validated on the held-out cases")(
      "validate-variants", po::value(&C.ValidateVariants)->default_value(4),
      "extra held-out cases drawn from the ranges the tests dir declares "
      "(\"vary\" in spec.json; 0: none)")(
      "batch-size", po::value(&C.BatchSize)->default_value(64),
      "candidates prepared and measured at once")(
      "no-minimise", "keep the best variant's edits as evolved")(
      "no-sanitize",
      "cuda: do not run the final variant under compute-sanitizer "
      "(memcheck, racecheck, synccheck, initcheck), which runs by default "
      "when installed")(
      "kernel", po::value(&Kernel), "kernel: NVPTX IR (.ll/.bc) or CUDA (.cu)");
  po::options_description Judging(
      "Judging variants (the cpu target, and the gate of the GPU targets)");
  gevo::addJudgeOptions(Judging);
  gevo::addGpuOption(Judging);
  gevo::addGpuTargetOptions(Judging);
  po::options_description All;
  All.add(Run).add(Ga).add(Measure).add(Judging);
  po::variables_map VM;
  gevo::parseCommandLine(Tool, argc, argv, All, "kernel", VM, BadInput);
  if (VM.count("help")) {
    std::cout << Overview << "\n" << Run << "\n" << Ga << "\n" << Measure
              << "\n" << Judging;
    return 0;
  }
  if (gevo::jobRank() != 0)
    gevo::serveRun(C.Workers, Tests.empty() ? "" : absolute(Tests));

  Expected<std::unique_ptr<GevoRun>> R =
      Resume.empty() ? startRun(C, VM, Kernel, Tests, Out, argv[0])
                     : resumeRun(Resume, C, VM);
  if (!R)
    fail(inOptionTerms(toString(R.takeError())));
  GevoRun &Run_ = **R;
  auto Lost = [Dir = Run_.dir().path()](const std::string &What) {
    sayRankLost(Dir, What);
  };
  if (Error E = gevo::distributeRun(Run_, RankTimeout,
                                    VM.count("rank0-search-only"), Lost)) {
    if (Resume.empty()) // a new run that never started leaves nothing
      sys::fs::remove_directories(Run_.dir().path());
    fail(toString(std::move(E)));
  }
  if (!VM.count("quiet"))
    Run_.Progress = progressPrinter();
  std::fprintf(stderr, "%s: run dir %s\n", Tool, Run_.dir().path().c_str());
  if (!Run_.holdsOut())
    std::fprintf(stderr,
                 "%s: warning: the tests dir has no held-out cases: the "
                 "final variant can only be validated on the cases it was "
                 "evolved on (add \"heldout\" cases, or declare \"vary\" "
                 "ranges to draw them from, to catch overfitting)\n",
                 Tool);
  else if (Run_.drawnCases())
    std::fprintf(stderr,
                 "%s: %u held-out case(s) drawn from the tests dir's declared "
                 "ranges\n",
                 Tool, Run_.drawnCases());
  gevo::sayAllowedRaces(Tool, Run_.allowedRaces());
  if (!VM.count("quiet") && Run_.config().Target == "cpu")
    std::fprintf(stderr, "%s: the cpu target compiles variants at O%d%s\n",
                 Tool, Run_.config().CpuOpt,
                 VM["cpu-opt"].as<std::string>() == "auto" && !VM.count("resume")
                     ? " (--cpu-opt auto)"
                     : "");
  const gevo::GpuTarget *Gpu = gevo::findGpuTarget(Run_.config().Target);
  if (Gpu && Gpu->ComputeSanitizer && !VM.count("no-sanitize")) {
    std::string Sanitizer = gevo::findComputeSanitizer();
    if (Sanitizer.empty())
      std::fprintf(stderr, "%s: compute-sanitizer not found: the final "
                           "variant will not be checked beyond the tests\n",
                   Tool);
    else
      Run_.FinalCheck = [&Run_, Sanitizer, argv](const std::string &Edits) {
        std::fprintf(stderr, "checking the final variant with "
                             "compute-sanitizer...\n");
        return gevo::sanitizeVariant(Run_, Edits, Sanitizer,
                                     gevo::besideExecutable(argv[0], "gevo-run"));
      };
  }
  std::snprintf(Checkpoint, sizeof(Checkpoint), "%s",
                Run_.dir().file("checkpoint").c_str());
  std::snprintf(ResumeHint, sizeof(ResumeHint),
                "\n%s: interrupted; the run continues from its last "
                "checkpoint with: %sgevo-evolve --resume %s\n",
                Tool, Ranks > 1 ? "mpirun -n N " : "",
                Run_.dir().path().c_str());
  std::snprintf(RestartHint, sizeof(RestartHint),
                "\n%s: interrupted before the initial population was "
                "complete: there is no checkpoint to resume from, start the "
                "run again\n",
                Tool);
  for (int Sig : {SIGINT, SIGTERM, SIGHUP})
    std::signal(Sig, onInterrupt);
  double Cpu = gevo::processCpuSeconds();
  uint64_t Evaluated = Run_.evaluations();
  if (Error E = Run_.evolve())
    fail(toString(std::move(E)), RunFailed);
  Cpu = gevo::processCpuSeconds() - Cpu;
  Evaluated = Run_.evaluations() - Evaluated;
  if (!VM.count("quiet"))
    std::fprintf(stderr, "\nvalidating on the held-out cases, minimising and "
                         "writing the report...\n");
  Expected<nlohmann::json> Summary = Run_.finish();
  if (!Summary)
    fail(toString(Summary.takeError()), RunFailed);
  printSummary(Run_, *Summary);
  gevo::printDistribution(Evaluated, Cpu);
  return 0;
}
