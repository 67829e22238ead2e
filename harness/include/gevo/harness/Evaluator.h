//===- Evaluator.h - Evaluate variants in sandboxed workers ------*- C++ -*-===//
//
// The harness's interface to search. Evaluator::create starts a Sandbox
// whose server runs the base module on every case and held-out case once
// (the oracle; cached on disk with OracleCacheDir) and then evaluates the
// base itself in a worker (base(), baseHeldOut()). evaluate() takes variant
// modules as bitcode and runs them across the workers: each worker parses
// the variant, JIT-compiles it on the cpu target or lowers it for a GPU
// target (TargetDevice.h), and runs the cases. On a GPU target each worker
// owns one device; by default a second Evaluator on the cpu target judges
// every variant first (the gate: checked memory, races, step budgets) and
// only a variant valid there is timed on the GPU, its time taken relative
// to the base's measured nearest to it in the same batch. A
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
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
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
  /// A GPU target's timing: after an untimed warm-up run, at least
  /// max(Repeat, GpuMinRuns) timed runs, then more until the 95%
  /// confidence interval of the median is within +-GpuCiTarget of it or
  /// GpuMaxRuns is reached (CaseEval::Runs, ::Spread).
  unsigned GpuMinRuns = 5, GpuMaxRuns = 50;
  double GpuCiTarget = 0.01;
  /// A GPU target's devices, one worker each (Workers is then ignored);
  /// empty: every device the driver shows (CUDA_VISIBLE_DEVICES and
  /// HIP_VISIBLE_DEVICES apply).
  std::vector<int> Devices;
  /// A GPU target: "cpu" (each variant runs first on the cpu target,
  /// with Judging's checks, and only one valid there is timed on the GPU)
  /// or "none" (unsafe: a race or an out-of-bounds access goes unnoticed
  /// on a GPU). GateWorkers: the cpu target's workers (0: one per core).
  std::string Gate = "cpu";
  unsigned GateWorkers = 0;
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
  unsigned Runs = 0;      ///< timed runs
  double Spread = 0;      ///< half the median's 95% CI, relative to it
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
  /// A gated GPU target: Seconds is the time measured on the GPU relative
  /// to the base's measured nearest to it (MeasuredSeconds /
  /// NearestBaseSeconds), times the base's first measured time, so that
  /// drift between batches (clocks, heat, other users) cannot fake a gain.
  double MeasuredSeconds = 0, NearestBaseSeconds = 0;
  /// The cpu gate rejected the variant (it never reached the GPU).
  bool Gated = false;
};

/// The base and a variant, run by evaluateInProcess.
struct InProcessEval {
  VariantEval Base, Variant;
};

/// A VariantEval as bytes (between a worker and its parent, or ranks), and
/// back: false when \p In is not a whole encoded VariantEval.
std::string encodeVariantEval(const VariantEval &V);
bool decodeVariantEval(std::string_view In, VariantEval &V);

/// Runs the base (the oracle, then judged as a variant) and \p Variant
/// (bitcode) on the cases or held-out cases in this process: no sandbox,
/// no fork, no gate, so that a tool that follows one process sees every
/// kernel (gevo-run --in-process under compute-sanitizer). A variant that
/// crashes takes this process with it; a GPU target uses O.Devices' first
/// device (0 when none).
llvm::Expected<InProcessEval>
evaluateInProcess(const llvm::Module &Base, const Spec &S, const EvalOptions &O,
                  const std::string &Variant, bool HeldOut);

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
  /// OnEach, when given, is called with each variant's index and result
  /// as it is known (from the sandbox's threads, in no set order).
  std::vector<VariantEval>
  evaluate(const std::vector<std::string> &Bitcode, bool HeldOut = false,
           const std::function<void(size_t, const VariantEval &)> &OnEach = {});
  SandboxStats stats() const { return Box->stats(); }
  /// The workers (on a GPU target, one per device).
  unsigned workerCount() const { return Workers; }

  /// Whether the server took the oracle from OracleCacheDir.
  bool oracleFromCache() const { return FromCache; }
  /// A digest of what judges a variant here: the base, every case's inputs
  /// and compared outputs, the target (the oracle cache's key). Evaluators
  /// that agree on it judge alike.
  const std::string &fingerprint() const { return Fingerprint; }
  /// The cpu target's JIT tier in use (EvalOptions::OptLevel, resolved;
  /// the gate's on a gated GPU target).
  unsigned optLevel() const { return Gate ? Gate->optLevel() : OptLevel; }
  /// The base's instructions whose races are let through
  /// (EvalOptions::AllowBaseRaces).
  const std::vector<std::string> &allowedRaces() const {
    return Gate ? Gate->allowedRaces() : Allowed;
  }
  /// A GPU target's device as its first worker describes it
  /// (describeGpu); empty on the cpu target.
  const std::string &gpu() const { return GpuName; }
  /// A GPU target's cpu gate (EvalOptions::Gate), or null.
  const Evaluator *gate() const { return Gate.get(); }
  /// On a GPU target, the base is measured again after every BaseEvery
  /// variants of a batch (VariantEval::NearestBaseSeconds).
  static constexpr size_t BaseEvery = 8;
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
  /// evaluate() on a GPU target (GpuTiming.cpp).
  std::vector<VariantEval>
  evaluateOnGpu(const std::vector<std::string> &Bitcode, bool HeldOut,
                const std::function<void(size_t, const VariantEval &)> &OnEach);
  /// A variant the gate rejected, as the GPU target reports it.
  static VariantEval gated(VariantEval Judged);
  /// OnGpu with the gate's modeled costs (this is the gate).
  VariantEval joinGate(VariantEval OnGpu, const VariantEval &Judged) const;
  /// V's times relative to Near, the base measured nearest to it, scaled
  /// by the base's first measured times.
  void relativeToBase(VariantEval &V, const VariantEval &Near,
                      bool HeldOut) const;

  std::unique_ptr<Sandbox> Box;
  Spec TheSpec;
  VariantEval Base, BaseHeldOut;
  bool FromCache = false;
  std::vector<std::string> Allowed;
  unsigned OptLevel = 2;
  bool TargetIsCpu = true;
  unsigned Workers = 0;
  std::string BaseBitcode, GpuName, Fingerprint;
  std::unique_ptr<Evaluator> Gate;
  double CasesTimeout = 0, HeldOutTimeout = 0;
};

} // namespace gevo

#endif
