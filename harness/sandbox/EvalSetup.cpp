//===- EvalSetup.cpp - The Evaluator's server: oracle and job handler -------===//

#include "EvalWorker.h"
#include "Verdict.h"

#include "gevo/harness/DriverHost.h"
#include "gevo/harness/cpu/PlanDevice.h"
#include "gevo/harness/TargetDevice.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace gevo::sandbox {

namespace {
llvm::Error baseFails(const CaseSpec &C, const CaseOutcome &Got) {
  bool Racy = Got.S == Status::Race || Got.S == Status::Uninitialized;
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "the unmodified kernel fails case '" + C.Name + "': " +
          std::string(statusName(Got.S)) +
          (Got.Message.empty() ? "" : " " + Got.Message) +
          (Racy ? " (--allow-base-races lets the base's own through)" : ""));
}

/// The base's outputs depend on the schedule: a race, or nondeterminism a
/// GPU has too (floating-point atomics, atomic-counter compaction).
llvm::Error scheduleError(const CaseSpec &C, const std::string &Why) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "the unmodified kernel's case '" + C.Name + "': " + Why +
          "; if the order of floating-point atomics or of an atomic counter "
          "decides it (as on a GPU), give the case a tolerance or compare "
          "that output as a multiset (\"compare\": \"multiset\"), else "
          "the kernel races");
}

/// The base module of Bitcode in Ctx.
llvm::Expected<std::unique_ptr<llvm::Module>>
parseBase(const std::string &Bitcode, llvm::LLVMContext &Ctx) {
  auto Buf = llvm::MemoryBuffer::getMemBuffer(Bitcode, "base", false);
  return llvm::parseBitcodeFile(Buf->getMemBufferRef(), Ctx);
}

/// How many of the base's faults allowBaseRaces lets through at most.
constexpr unsigned MaxAllowedRaces = 64;

/// Runs the base on the cpu target until no case races or reads
/// uninitialized memory, each time allowing the two instructions it
/// stopped at (St.CpuOpts.AllowedRaces).
llvm::Error allowBaseRaces(const std::string &Bitcode, EvalState &St) {
  llvm::LLVMContext Ctx;
  auto M = parseBase(Bitcode, Ctx);
  if (!M)
    return M.takeError();
  std::vector<std::string> &Allowed = St.CpuOpts.AllowedRaces;
  for (unsigned Round = 0; Round < MaxAllowedRaces; ++Round) {
    auto Dev = createTargetDevice("cpu", **M, St.CpuOpts, "");
    if (!Dev)
      return Dev.takeError();
    size_t Before = Allowed.size();
    for (const auto *Cases : {&St.TheSpec.Cases, &St.TheSpec.HeldOut})
      for (const CaseSpec &C : *Cases) {
        CaseOutcome Got = runCase(C, **Dev);
        if (Got.S != Status::Race && Got.S != Status::Uninitialized)
          continue;
        for (std::string *U : {&Got.FaultUid, &Got.OtherUid})
          if (!U->empty() && !llvm::is_contained(Allowed, *U))
            Allowed.push_back(*U);
        break;
      }
    if (Allowed.size() == Before)
      break;
  }
  return llvm::Error::success();
}

/// Seconds to load the base at \p Level and run its evaluation cases once,
/// HUGE_VAL if it does not load.
double loadAndRun(const std::string &Bitcode, const EvalState &St,
                  unsigned Level) {
  auto Start = std::chrono::steady_clock::now();
  llvm::LLVMContext Ctx;
  auto M = parseBase(Bitcode, Ctx);
  if (!M) {
    llvm::consumeError(M.takeError());
    return HUGE_VAL;
  }
  cpu::Options O = St.CpuOpts;
  O.OptLevel = Level;
  auto Dev = cpu::CpuPlanDevice::create(**M, O);
  if (!Dev) {
    llvm::consumeError(Dev.takeError());
    return HUGE_VAL;
  }
  for (const CaseSpec &C : St.TheSpec.Cases)
    runCase(C, **Dev);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       Start)
      .count();
}

/// EvalOptions::OptLevel's auto: O2 only when the base's evaluation (JIT
/// and run) takes under 0.9 x its time at O0. O0 is measured twice (the
/// first load also pays for one-time set-up) and its better time counts.
unsigned chooseOptLevel(const std::string &Bitcode, const EvalState &St) {
  double O0 = loadAndRun(Bitcode, St, 0);
  double O2 = loadAndRun(Bitcode, St, 2);
  O0 = std::min(O0, loadAndRun(Bitcode, St, 0));
  return O2 < 0.9 * O0 ? 2 : 0;
}

/// Runs the base on every case and held-out case on St's target.
llvm::Expected<Oracle> runBase(const std::string &Bitcode, const EvalState &St) {
  const Spec &S = St.TheSpec;
  llvm::LLVMContext Ctx;
  auto M = parseBase(Bitcode, Ctx);
  if (!M)
    return M.takeError();
  auto Dev = createTargetDevice(St.Target, **M, St.CpuOpts, St.Arch);
  if (!Dev)
    return Dev.takeError();
  Oracle O;
  for (auto [Cases, Out] : {std::pair(&S.Cases, &O.Cases),
                            std::pair(&S.HeldOut, &O.HeldOut)})
    for (const CaseSpec &C : *Cases) {
      CaseOutcome Got = runCase(C, **Dev);
      if (Got.S == Status::Ok && C.Tol.M == Metric::Driver && !Got.Error) {
        Got.S = Status::WrongOutput;
        Got.Message = "the driver reports no error for the 'driver' metric";
      }
      if (Got.S != Status::Ok)
        return baseFails(C, Got);
      if (St.CrossCheck)
        if (auto Check = checkSchedule(C, **Dev, Got,
                                       [&] { return runCase(C, **Dev); })) {
          if (Check->Again.S != Status::Ok)
            return baseFails(C, Check->Again);
          if (!Check->Difference.empty())
            return scheduleError(C, Check->Difference);
        }
      Out->push_back({std::move(Got.Outputs), std::move(Got.OutputTypes),
                      Got.Error, Got.ModeledCost});
    }
  return O;
}

/// The step budgets for a set of cases, from 8 x the costliest case: a
/// thread's (or the option), at most 2^30, and a launch's, at least the
/// thread's (neither may spin much longer than the base's whole run).
void setCostLimits(const std::vector<CaseOracle> &Cases, uint64_t Option,
                   CostLimits &Out) {
  uint64_t Most = 0;
  for (const CaseOracle &C : Cases)
    Most = std::max(Most, C.ModeledCost);
  uint64_t Base = std::max<uint64_t>(Most * 8, uint64_t(1) << 24);
  Out.Thread = Option ? Option : std::min<uint64_t>(Base, uint64_t(1) << 30);
  Out.Launch = std::max(Base, Out.Thread);
}

/// What the cpu target's oracle depends on besides the base and the spec:
/// whether it was judged, and what was allowed.
std::string cpuKey(const EvalState &St) {
  const cpu::Options &O = St.CpuOpts;
  std::string Key = St.CrossCheck ? "cpu+schedules" : "cpu";
  // Floating-point contraction may differ between tiers.
  Key += "+O" + std::to_string(O.OptLevel);
  if (O.RaceChecks)
    Key += O.Model == cpu::MemoryModel::Volta ? "+races" : "+races-warp-sync";
  if (O.InitChecks)
    Key += "+init";
  for (const std::string &U : O.AllowedRaces)
    Key += "," + U;
  return Key;
}

/// The oracle from the cache when there, else by running the base (and
/// then stored in the cache).
llvm::Error loadOracle(const std::string &Bitcode, const EvalOptions &O,
                       EvalState &St, bool GpuInChild) {
  std::string Path;
  if (!O.OracleCacheDir.empty()) {
    auto P = oraclePath(O.OracleCacheDir, Bitcode, St.TheSpec,
                        St.Target == "cpu" ? cpuKey(St)
                                           : St.Target + ":" + St.Arch);
    if (!P)
      return P.takeError();
    Path = *P;
    if (std::optional<Oracle> Cached = readOracle(Path, St.TheSpec)) {
      St.Want = std::move(*Cached);
      St.FromCache = true;
      return llvm::Error::success();
    }
  }
  // A GPU's driver is never initialised in the server (its workers are
  // forked from it): a child of the server runs the base there.
  auto Run = [&] {
    selectWorkerGpu(St);
    return runBase(Bitcode, St);
  };
  auto Want = St.Target == "cpu" || !GpuInChild ? Run()
                                                 : oracleInChild(St.TheSpec, Run);
  if (!Want)
    return Want.takeError();
  St.Want = std::move(*Want);
  return Path.empty() ? llvm::Error::success() : writeOracle(Path, St.Want);
}

/// "gpu=<describeGpu>" of a GPU target's worker, or "".
std::string workerGpu(const EvalState &St) {
  if (St.Target == "cpu")
    return "";
  selectWorkerGpu(St);
  auto Gpu = describeGpu(St.Target);
  if (!Gpu) {
    llvm::consumeError(Gpu.takeError());
    return "";
  }
  return "gpu=" + *Gpu;
}
} // namespace

llvm::Expected<JobHandler> setUpEvaluator(const std::string &BaseBitcode,
                                          const Spec &S, const EvalOptions &O,
                                          bool GpuInChild) {
  auto St = std::make_shared<EvalState>();
  St->Target = O.Target;
  St->Arch = O.Arch;
  St->TheSpec = S;
  St->Repeat = O.Repeat;
  auto CpuOpts = cpuOptions(O);
  if (!CpuOpts)
    return CpuOpts.takeError();
  St->CpuOpts = std::move(*CpuOpts);
  St->CrossCheck = O.Judging.Schedules && O.Target == "cpu";
  St->Timing = {O.GpuMinRuns, O.GpuMaxRuns, O.GpuCiTarget};
  St->Devices = O.Devices;
  St->Accept = O.Accept;
  // Drivers load here, once: every worker forked from the server has them.
  if (llvm::Error E = loadDrivers(S))
    return E;
  if (O.OptLevel < 0)
    St->CpuOpts.OptLevel =
        St->Target == "cpu" ? chooseOptLevel(BaseBitcode, *St) : 2;
  if (O.Judging.AllowBaseRaces && St->Target == "cpu")
    if (llvm::Error E = allowBaseRaces(BaseBitcode, *St))
      return E;
  if (llvm::Error E = loadOracle(BaseBitcode, O, *St, GpuInChild))
    return E;
  setCostLimits(St->Want.Cases, O.ThreadCostLimit, St->CaseLimits);
  setCostLimits(St->Want.HeldOut, O.ThreadCostLimit, St->HeldOutLimits);
  return JobHandler([St](std::string_view Request) -> std::string {
    if (Request.empty())
      return "";
    if (Request[0] == EvalInfo)
      return "cache=" + std::to_string(St->FromCache) +
             " threads=" + std::to_string(countThreads()) +
             " opt=" + std::to_string(St->CpuOpts.OptLevel) + " allowed=" +
             llvm::join(St->CpuOpts.AllowedRaces, ",") + "\n" +
             workerGpu(*St);
    return encodeVariantEval(evaluateVariant(*St, Request.substr(1),
                                      Request[0] == EvalHeldOut));
  });
}

} // namespace gevo::sandbox
