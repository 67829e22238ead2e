//===- EvalWorker.h - The Evaluator's server and worker side -----*- C++ -*-===//
//
// What runs inside the sandbox for the Evaluator. Requests are one kind
// byte and a body: 'E' (evaluate on the cases) or 'H' (on the held-out
// cases) followed by a variant's bitcode, 'I' (info: "cache=<0|1>
// threads=<n> allowed=<UID,...>"). Replies to 'E' and 'H' are an encoded
// VariantEval.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_SANDBOX_EVALWORKER_H
#define GEVO_HARNESS_SANDBOX_EVALWORKER_H

#include "OracleCache.h"

#include "gevo/harness/Evaluator.h"
#include "gevo/harness/Sandbox.h"
#include "gevo/harness/cpu/Program.h"

namespace gevo::sandbox {

constexpr char EvalCases = 'E', EvalHeldOut = 'H', EvalInfo = 'I';

/// A request of kind Kind ('E' or 'H') for the variant Bitcode.
inline std::string jobRequest(char Kind, std::string_view Bitcode) {
  std::string R(1, Kind);
  R.append(Bitcode);
  return R;
}

/// A case the variant did not get to run (compile failure, dead worker).
inline CaseEval failedCase(std::string Name, Status S, std::string Message) {
  CaseEval C;
  C.Name = std::move(Name);
  C.S = S;
  C.Message = std::move(Message);
  return C;
}

/// The allowed race UIDs an 'I' reply lists.
std::vector<std::string> allowedFromInfo(std::string_view Reply);

/// The cpu target's step budgets, per thread and per launch.
struct CostLimits {
  uint64_t Thread = 0, Launch = 0;
};

/// What every worker inherits from the server.
struct EvalState {
  std::string Target = "cpu"; ///< where variants and the base run
  std::string Arch;           ///< the GPU architecture to lower for
  Spec TheSpec;
  Oracle Want;
  cpu::Options CpuOpts;
  /// The step budgets on the cases and the held-out cases.
  CostLimits CaseLimits, HeldOutLimits;
  unsigned Repeat = 1;
  /// A GPU target's timing rule (EvalOptions::GpuMinRuns and the rest).
  struct {
    unsigned MinRuns = 5, MaxRuns = 50;
    double CiTarget = 0.01;
  } Timing;
  std::vector<int> Devices; ///< a GPU target's, by worker slot
  bool CrossCheck = true; ///< Judge::Schedules (the cpu target's).
  Acceptance Accept;
  bool FromCache = false;
};

/// On a GPU target, makes this process open the device of its worker slot
/// (EvalState::Devices); the server and its oracle child are slot 0, the
/// first device.
void selectWorkerGpu(const EvalState &St);

/// Loads Bitcode (a verified module) on the target and runs it on the
/// cases (or held-out cases) against the oracle (Verdict.h judges). After
/// a GPU driver error the worker asks to be replaced (requestWorkerRestart).
VariantEval evaluateVariant(const EvalState &St, std::string_view Bitcode,
                            bool HeldOut);

/// Runs in the server: the oracle (from the cache, or by running the base
/// on every case), then the job handler. On a GPU target the base runs in a
/// forked child (GpuInChild: the server must not initialise the driver) or,
/// for evaluateInProcess, in this process.
llvm::Expected<JobHandler> setUpEvaluator(const std::string &BaseBitcode,
                                          const Spec &S, const EvalOptions &O,
                                          bool GpuInChild = true);

} // namespace gevo::sandbox

#endif
