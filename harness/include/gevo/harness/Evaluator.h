//===- Evaluator.h - Evaluate variants in sandboxed workers ------*- C++ -*-===//
//
// The harness's interface to search. Evaluator::create starts a Sandbox
// whose server runs the base module on every case and held-out case once
// (the oracle; cached on disk with OracleCacheDir) and then evaluates the
// base itself in a worker (base(), baseHeldOut()). evaluate() takes variant
// modules as bitcode and runs them across the workers: each worker parses
// the variant, JIT-compiles it on the cpu target or lowers it for a GPU
// target (TargetDevice.h), and runs the cases. A
// worker that crashes, hangs or runs out of memory gives that variant's
// status; the next variant runs on a fresh worker.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_EVALUATOR_H
#define GEVO_HARNESS_EVALUATOR_H

#include "gevo/harness/Sandbox.h"
#include "gevo/harness/Spec.h"
#include "gevo/harness/Status.h"
#include "gevo/harness/cpu/Program.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace gevo {

/// How the cpu target judges variants besides their outputs (cpu/Program.h:
/// data races, reads of shared memory no thread wrote, and the memory model
/// races are judged by).
struct Judge {
  bool Races = true, Uninitialized = true;
  /// Run every case a second time in another legal schedule (blocks and
  /// threads in reverse order): outputs that differ beyond the case's
  /// tolerance are a race ("schedule_dependent"), even one the shadow
  /// memory did not see; a base whose outputs differ is an Error naming
  /// the output.
  bool Schedules = true;
  cpu::MemoryModel Model = cpu::MemoryModel::Volta;
  /// Let the base's own races and uninitialized reads through: the base is
  /// run until it runs clean, each time allowing the instructions of the
  /// fault it stopped at (Evaluator::allowedRaces()); a variant's other
  /// instructions are still judged. Off, a base that races is an Error
  /// naming both instructions.
  bool AllowBaseRaces = false;

  /// Parses a --check list: "races", "uninitialized", "schedules"
  /// (comma-separated), or "none"; the Error names the bad word.
  llvm::Error setChecks(llvm::StringRef List);
  /// The --check list these checks would give.
  std::string checks() const;
};

/// "volta" or "warp-synchronous".
const char *memoryModelName(cpu::MemoryModel M);
std::optional<cpu::MemoryModel> parseMemoryModel(llvm::StringRef Name);

/// What a completed case's error must meet besides the case's tolerance
/// (the one verdict: harness/sandbox/Verdict.h).
struct Acceptance {
  /// Unset: the case's tolerance alone (is the variant correct by the
  /// tests?). Set: also at most the base's own error on the case (0, or
  /// its driver's) plus this: gevo-evolve gives 0 in mode default (no
  /// error the base does not have) and --error-tolerance in mode mo.
  std::optional<double> OverBase;
};

struct EvalOptions {
  /// cpu, cuda or hip: where the base (the oracle) and the variants run.
  /// On a GPU target each worker lowers the variant (PTX, or an AMDGPU code
  /// object) and runs it on its own GPU context; the server never opens one
  /// (a forked child of it computes the oracle).
  std::string Target = "cpu";
  /// The GPU architecture variants are lowered for (empty: sm_80 for cuda,
  /// gfx90a for hip; a code object must match the GPU's).
  std::string Arch;
  /// The cpu target: predict each case's time on this GPU (a built-in name
  /// or a description file, cpu/Gpu.h) with the warp-level model
  /// (CaseEval::ModeledSeconds); empty: no prediction.
  std::string Gpu;
  unsigned Workers = 2;
  unsigned Repeat = 1; ///< timed runs per case; time is the median
  /// Wall-clock watchdog per variant; 0: max(5 s, JobTimeoutFactor x the
  /// base's evaluation wall time, JIT included).
  double JobTimeoutSeconds = 0;
  size_t MemoryLimitBytes = size_t(8) << 30;
  /// When set, oracle outputs are cached there, one file per hash of the
  /// base module's bitcode and the spec; reused when present.
  std::string OracleCacheDir;
  /// Where `.cpp` drivers are compiled to (DriverHost.h); empty: the
  /// default ($XDG_CACHE_HOME/gevo/drivers).
  std::string DriverCacheDir;
  /// The cpu target's step budget per thread; 0: 8 x the base's costliest
  /// case, between 2^24 and 2^30. Each launch (all threads together) gets
  /// 8 x the base's costliest case (at least 2^24), or this when larger.
  uint64_t ThreadCostLimit = 0;
  /// The cpu target's memory and division checks. Off, a wild store kills
  /// the worker (a Crash) instead of being an OobWrite.
  bool Checks = true;
  /// The cpu target's JIT tier for the base and the variants (0-3:
  /// cpu::Options::OptLevel); -1 (auto): O0 (no IR optimisation, fast
  /// instruction selection) unless O2's faster code more than pays for its
  /// longer compile on the base's evaluation cases (Evaluator::optLevel()).
  int OptLevel = -1;
  Judge Judging;
  Acceptance Accept;
};

/// The cpu target's options an Evaluator with \p O runs the base and the
/// variants with, before it adds the step budgets and the base's allowed
/// races; OptLevel -1 (auto) reads as 0 here, the tier the Evaluator then
/// chooses or not. An unknown GPU (EvalOptions::Gpu) is an Error.
llvm::Expected<cpu::Options> cpuOptions(const EvalOptions &O);

struct CaseEval {
  std::string Name;
  Status S = Status::Ok; ///< Ok, WrongOutput, or the fault
  std::string Message, FaultUid;
  std::string OtherUid;   ///< a race's other instruction
  double Error = 0;       ///< by the case's metric, over all outputs (max)
  bool Identical = false; ///< outputs bit-identical to the oracle
  double Seconds = 0;     ///< median kernel time over Repeat
  uint64_t ModeledCost = 0;
  double ModeledSeconds = 0; ///< with EvalOptions::Gpu
};

struct VariantEval {
  /// First non-Ok case status, CompileFail if the module does not load or
  /// JIT, Crash/Timeout/OutOfMemory if the worker died.
  Status S = Status::Ok;
  std::string Message;
  std::vector<CaseEval> Cases;
  double Seconds = 0;       ///< sum of case medians
  uint64_t ModeledCost = 0; ///< sum
  double ModeledSeconds = 0; ///< sum
  double Error = 0;         ///< max over cases
  bool Identical = false;   ///< all cases identical
  double JitSeconds = 0;    ///< load + JIT of the variant in the worker
};

/// \p M as LLVM bitcode, the form evaluate() takes variants in.
std::string bitcodeOf(const llvm::Module &M);

class Evaluator {
public:
  /// Starts the sandbox: the calling process must be single-threaded. The
  /// base module may carry gevo UIDs or not. Drivers not yet built are
  /// built first (buildDrivers). A driver that does not compile, a base
  /// that fails a case, an unknown target, a GPU target without its driver
  /// or GPU ("cuda target: no NVIDIA driver: libcuda.so.1 not found") or
  /// bad options are Errors.
  static llvm::Expected<std::unique_ptr<Evaluator>>
  create(const llvm::Module &Base, const Spec &S, const EvalOptions &O);
  ~Evaluator();

  /// The unmodified kernel on the cases / the held-out cases.
  const VariantEval &base() const { return Base; }
  const VariantEval &baseHeldOut() const { return BaseHeldOut; }

  /// Each element is a variant module as LLVM bitcode, verified by whoever
  /// built it (workers do not verify again); results in order.
  std::vector<VariantEval> evaluate(const std::vector<std::string> &Bitcode,
                                    bool HeldOut = false);
  SandboxStats stats() const { return Box->stats(); }

  /// Whether the server took the oracle from OracleCacheDir.
  bool oracleFromCache() const { return FromCache; }
  /// The cpu target's JIT tier in use (EvalOptions::OptLevel, resolved).
  unsigned optLevel() const { return OptLevel; }
  /// The base's instructions whose races are let through
  /// (EvalOptions::AllowBaseRaces).
  const std::vector<std::string> &allowedRaces() const { return Allowed; }
  /// The watchdog for a job on the cases / the held-out cases, in seconds:
  /// EvalOptions::JobTimeoutSeconds, or JobTimeoutFactor times the base's
  /// own job (at least 5 s): a variant ten times slower is of no use, and
  /// the case budget (modeled cost) cannot see time spent switching fibers.
  static constexpr double JobTimeoutFactor = 10;
  double jobTimeout(bool HeldOut = false) const {
    return HeldOut ? HeldOutTimeout : CasesTimeout;
  }

private:
  Evaluator() = default;
  VariantEval fromJob(const JobResult &J, bool HeldOut) const;

  std::unique_ptr<Sandbox> Box;
  Spec TheSpec;
  VariantEval Base, BaseHeldOut;
  bool FromCache = false;
  std::vector<std::string> Allowed;
  unsigned OptLevel = 2;
  double CasesTimeout = 0, HeldOutTimeout = 0;
};

} // namespace gevo

#endif
