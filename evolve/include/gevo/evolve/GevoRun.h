//===- GevoRun.h - A whole GEVO run and its run directory --------*- C++ -*-===//
//
// What gevo-evolve does, as a library: start a run (name the base, write
// config.json and base.ll, start the sandboxed Evaluator), evolve until the
// budget is spent (log.jsonl per evaluation, generations.csv and
// pareto.json per generation, a checkpoint at every generation boundary),
// then finish: held-out validation of the front with repeated timing,
// delta-debugging minimisation and per-edit ablation of the best variant,
// best/ (.ll, .ptx, .edits, IR diff), summary.json and report.html.
//
// resume() continues a killed run from its last checkpoint: the log and
// the CSV are cut back to what the checkpoint had seen, so the resumed run
// writes the same files as an uninterrupted one whenever the objective is
// deterministic (modeled cost).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_GEVORUN_H
#define GEVO_EVOLVE_GEVORUN_H

#include "gevo/evolve/KernelProblem.h"
#include "gevo/harness/Cluster.h"
#include "gevo/evolve/RunDir.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <functional>
#include <string_view>
#include <limits>
#include <memory>
#include <optional>
#include <string>

namespace gevo::evolve {

struct RunConfig {
  std::string Kernel;   ///< as the user gave it (for the report)
  std::string TestsDir; ///< absolute
  std::string Target = "cpu";
  /// cuda/hip: the architecture variants are lowered for (empty: the
  /// target's default), the cpu gate (EvalOptions::Gate) and the devices
  /// timed on (empty: every visible one).
  std::string Arch, Gate = "cpu";
  std::vector<int> Devices;
  KernelObjective Objective;
  /// The GPU objective modeled predicts for (a built-in name or a
  /// description file, gevo/harness/cpu/Gpu.h).
  std::string Gpu = cpu::DefaultGpu;
  GevoParams Params;
  uint64_t Seed = 1;
  double TimeBudgetSeconds = std::numeric_limits<double>::infinity();
  uint64_t MaxEvaluations = std::numeric_limits<uint64_t>::max();
  unsigned Repeat = 1;         ///< timed runs per case while evolving
  unsigned ValidateRepeat = 5; ///< timed rounds of held-out validation
  unsigned ValidateMax = 16;   ///< front members validated, best first
  /// Extra held-out cases drawn from the ranges the tests dir declares
  /// ("vary"; none when it declares none).
  unsigned ValidateVariants = 4;
  size_t BatchSize = 64;
  bool Minimise = true;
  /// IR names of the functions mutations may edit; empty: all.
  std::vector<std::string> Functions;
  Judge Judging; ///< What the cpu target rejects besides wrong outputs.
  /// The cpu target's JIT tier (EvalOptions::OptLevel; -1: auto). A run
  /// records the tier auto chose, so a resumed run compiles as it did.
  int CpuOpt = -1;
  // How, not what: free to change on --resume, no effect on the results
  // of a deterministic objective.
  unsigned Threads = 0;
  unsigned Workers = 2;

  /// An error naming the bad value by its config.json key, in backquotes
  /// (`batch_size`), which a tool may spell as its own option.
  llvm::Error validate() const;
  nlohmann::json toJson() const;
  /// An error names what is missing or wrong.
  static llvm::Expected<RunConfig> fromJson(const nlohmann::json &J);
};

/// Progress reporting: called after every batch with one line of status;
/// AtGeneration is true when a generation has just completed.
using ProgressFn = std::function<void(const std::string &Line, bool AtGeneration)>;

class GevoRun {
public:
  /// A new run in \p OutDir (which must not exist) on \p Base (NVPTX IR).
  /// Fails cleanly (nothing left behind) on a module without kernels, a
  /// tests dir without cases, or a base that fails its own tests.
  static llvm::Expected<std::unique_ptr<GevoRun>>
  start(const RunConfig &C, const llvm::Module &Base, const std::string &OutDir);
  /// New totals for a resumed run's budget (unset: keep the recorded
  /// one): a finished run given more generations, time or evaluations
  /// evolves on and is finished again.
  struct Budget {
    std::optional<unsigned> Generations;
    std::optional<double> Seconds;
    std::optional<uint64_t> Evaluations;
  };
  /// Continues the run in \p Dir from its checkpoint; \p Threads and
  /// \p Workers replace the recorded ones (0: keep them), \p More its
  /// budget (recorded in config.json).
  static llvm::Expected<std::unique_ptr<GevoRun>>
  resume(const std::string &Dir, unsigned Threads, unsigned Workers,
         const Budget &More = {});
  ~GevoRun();

  /// What another process needs to build and measure variants exactly as
  /// this run does: the run's configuration and its named base.
  std::string serverSetup() const;
  /// This process's share of an MPI job's work: building and measuring
  /// variants (Remote.h) with its own builder and Evaluator.
  cluster::Service service();
  /// A serving rank's, from \p Setup, with \p Workers sandboxed workers
  /// (0: the run's number) and the tests in \p TestsDir (empty: the run's).
  static llvm::Expected<cluster::Service>
  serverService(std::string_view Setup, unsigned Workers,
                const std::string &TestsDir);
  /// From now on the search's batches are built and measured by \p R
  /// (KernelProblem::buildElsewhere).
  void buildElsewhere(KernelProblem::RemoteFn R) {
    Problem->buildElsewhere(std::move(R));
  }

  ProgressFn Progress;

  /// Evolves until the budget is spent (or generations are done).
  llvm::Error evolve();
  /// Validation, minimisation, ablation, best/, summary.json, report.html.
  /// Returns summary.json's contents; its "heldout" says whether anything
  /// was held out ("held_out").
  llvm::Expected<nlohmann::json> finish();

  /// A check of the final variant beyond the tests, given its edit file
  /// (gevo-evolve: compute-sanitizer on a GPU target); finish() puts what
  /// it returns into summary.json as "final_check". A result with
  /// "finding": true demotes the variant: its speedup is not claimed, and
  /// "message" says why.
  std::function<nlohmann::json(const std::string &EditsFile)> FinalCheck;

  const RunDir &dir() const { return *Dir; }
  const RunConfig &config() const { return Config; }
  const GevoStrategy &strategy() const { return *Strategy; }
  /// The base's own racing instructions let through (Judge::AllowBaseRaces).
  const std::vector<std::string> &allowedRaces() const {
    return Eval->allowedRaces();
  }
  /// Whether anything is held out (the tests dir's held-out cases or cases
  /// drawn from its ranges); without any, finish() checks the final
  /// variant on the evolution cases and says so.
  bool holdsOut() const { return !Eval->baseHeldOut().Cases.empty(); }
  /// How many of the held-out cases were drawn from declared ranges.
  unsigned drawnCases() const { return Drawn; }
  uint64_t evaluations() const;

private:
  explicit GevoRun(RunConfig C) : Config(std::move(C)) {}
  llvm::Error init(std::unique_ptr<llvm::Module> Base, const Spec &S);
  llvm::Error onEvaluation(const LogEntry &E);
  llvm::Error onBatch();
  llvm::Error writeGenerationRow();
  /// The checkpoint: the engine and strategy without the fitness cache,
  /// which rememberLog rebuilds from log.jsonl on resume.
  llvm::Error writeCheckpoint();
  llvm::Error rememberLog();
  /// pareto.json: the front now; with held-out results once validated.
  llvm::Error writePareto(const nlohmann::json &Validation);
  /// best/: the variant's IR, edits, diff against the base and image: on a
  /// GPU target what its driver loads (for the run's --offload-arch), on
  /// the cpu target PTX (noted in \p Summary when it cannot be written).
  llvm::Error writeBest(const std::vector<Edit> &Edits, nlohmann::json &Summary);
  std::string progressLine() const;
  /// A candidate's results over the rounds of held-out validation.
  struct Validated;
  /// The base, the front and the minimised variant (in that order) on the
  /// held-out cases ValidateRepeat times, interleaved, so that their times
  /// are medians taken under the same conditions.
  std::vector<Validated> validate(const std::vector<Member> &Front,
                                  const std::vector<Edit> &Minimised);
  /// A "heldout" object of the summary: J with what was held out.
  nlohmann::json heldOutJson(nlohmann::json J) const;
  /// C's held-out results, its speedup over \p Base's.
  nlohmann::json heldOutJson(const Validated &C, const Validated &Base) const;
  /// The final variant C into the summary (edits, objectives, described and
  /// ablated edits) and best/; then the final check, which may demote it.
  llvm::Error summariseBest(const Validated &C, bool Minimised,
                            const Validated &Base, nlohmann::json &Summary);
  /// summary.json's "time_shares": where the run's time went.
  nlohmann::json timeShares() const;
  /// summary.json's "measured_on": the target, and on a GPU the device,
  /// the gate, the timing rule and the base's times with their intervals.
  nlohmann::json measuredOn() const;
  /// The population's first front, distinct variants, best cost first.
  std::vector<Member> front() const;
  /// Front's hypervolume, objectives normalised by the base's cost and
  /// the mode's error bound, reference (1, 1) (evolve/README.md).
  double frontHypervolume(const std::vector<Member> &Front) const;

  std::optional<RunDir> Dir; ///< created once start() cannot fail on input
  RunConfig Config;
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> Base; ///< named (gevo UIDs)
  std::unique_ptr<VariantBuilder> Builder;
  std::unique_ptr<Evaluator> Eval;
  std::unique_ptr<KernelProblem> Problem;
  std::unique_ptr<GevoStrategy> Strategy;
  std::unique_ptr<Engine<Variant>> Eng;
  Objectives BaseObj;
  unsigned Drawn = 0; ///< held-out cases drawn from the declared ranges

  // Bookkeeping that the checkpoint carries.
  uint64_t LogLines = 0, CsvRows = 0;
  std::string LogBuffer; ///< this batch's log lines, written by onBatch
  uint64_t RowAttempts = 0, RowValid = 0; ///< counters at the last row
  double ElapsedBefore = 0;               ///< wall seconds of earlier sessions
  double SessionStart = 0;
  uint64_t SessionEvals = 0, SessionRows = 0; ///< counters at session start
  llvm::Error Pending = llvm::Error::success(); ///< first error in a callback
};

/// Parses "90", "90s", "10m", "2h", "1.5h" into seconds; nullopt if bad.
std::optional<double> parseDuration(const std::string &Text);

} // namespace gevo::evolve

#endif
