//===- EvalWorker.cpp - A variant on the cases, inside a worker -------------===//

#include "EvalWorker.h"
#include "Verdict.h"

#include "gevo/harness/Plan.h"
#include "gevo/harness/TargetDevice.h"
#include "gevo/support/Stats.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace gevo::sandbox {

namespace {
using Clock = std::chrono::steady_clock;

/// A case's budget: every launch of a case together may cost at most
/// CaseCostFactor times the base's whole case (modeled cost, cpu target).
/// The per-thread step budget stops a spinning launch; this stops a host
/// loop (a driver's, or a repeat-until plan) that a variant keeps from
/// converging, long before the wall-clock watchdog would.
constexpr uint64_t CaseCostFactor = 16;

/// D with a case's budget: once the launches have cost more than Budget,
/// the last one comes back as a timeout (and the case stops there).
class BudgetedDevice final : public ForwardingDevice {
public:
  BudgetedDevice(PlanDevice &D, uint64_t Budget) : ForwardingDevice(D), Budget(Budget) {}
  LaunchOutcome launch(const std::string &Kernel, Dim3 Grid, Dim3 Block,
                       unsigned SharedBytes,
                       const std::vector<Bytes> &Args) override {
    return charge(Inner.launch(Kernel, Grid, Block, SharedBytes, Args));
  }
  LaunchOutcome launchCooperative(const std::string &Kernel, Dim3 Grid,
                                  Dim3 Block, unsigned SharedBytes,
                                  const std::vector<Bytes> &Args) override {
    return charge(Inner.launchCooperative(Kernel, Grid, Block, SharedBytes, Args));
  }

private:
  LaunchOutcome charge(LaunchOutcome L) {
    Spent += L.ModeledCost;
    if (L.S == Status::Ok && Budget && Spent > Budget) {
      L.S = Status::Timeout;
      L.Message = "the case's launches cost over " +
                  std::to_string(CaseCostFactor) +
                  "x the base's (modeled cost " + std::to_string(Spent) + ")";
    }
    return L;
  }

  uint64_t Budget, Spent = 0;
};

/// Runs C once on D within the case budget of Want.
CaseOutcome runBudgeted(const CaseSpec &C, const CaseOracle &Want,
                        PlanDevice &D) {
  BudgetedDevice B(D, Want.ModeledCost * CaseCostFactor);
  return runCase(C, B);
}

/// Runs C until its time is known: the first run is checked. On the cpu
/// target every run is timed, Repeat in all. On a GPU the first run warms
/// up (module, caches, clocks) and is not timed; then the timing rule of
/// EvalOptions::GpuMinRuns, GpuMaxRuns and GpuCiTarget.
CaseEval runOne(const CaseSpec &C, const CaseOracle &Want, PlanDevice &D,
                const EvalState &St) {
  CaseEval R;
  R.Name = C.Name;
  CaseOutcome Got = runBudgeted(C, Want, D);
  bool Gpu = St.Target != "cpu";
  std::vector<double> Times;
  if (!Gpu)
    Times.push_back(Got.KernelSeconds);
  unsigned Least = Gpu ? std::max(St.Repeat, St.Timing.MinRuns) : St.Repeat;
  unsigned Most = Gpu ? std::max(Least, St.Timing.MaxRuns) : St.Repeat;
  while (Got.S == Status::Ok && Times.size() < Most) {
    if (Gpu && Times.size() >= Least &&
        medianSpread(Times) <= St.Timing.CiTarget)
      break;
    CaseOutcome Again = runBudgeted(C, Want, D);
    Times.push_back(Again.KernelSeconds);
    if (Again.S != Status::Ok)
      Got = std::move(Again);
  }
  R.Runs = unsigned(Times.size());
  R.Spread = medianSpread(Times);
  R.S = Got.S;
  R.Message = Got.Message;
  R.FaultUid = Got.FaultUid;
  R.OtherUid = Got.OtherUid;
  R.ModeledCost = Got.ModeledCost;
  R.ModeledSeconds = Got.ModeledSeconds;
  R.Seconds = median(Times);
  if (R.S == Status::Ok) {
    judgeOutputs(C, Want, Got, St.Accept, R);
    if (R.S == Status::Ok && St.CrossCheck)
      if (auto Check = checkSchedule(C, D, Got,
                                     [&] { return runBudgeted(C, Want, D); }))
        judgeSchedule(*Check, R);
  } else if (R.S == Status::WrongOutput) { // a driver judged its own outputs
    R.Error = HUGE_VAL;
  }
  return R;
}

/// Parses Bitcode into Ctx; "" or why not. Variants come verified (by
/// whoever built them: Evaluator::evaluate's contract), so no module is
/// verified twice.
std::string parseVariant(std::string_view Bitcode, llvm::LLVMContext &Ctx,
                         std::unique_ptr<llvm::Module> &M) {
  auto Buf = llvm::MemoryBuffer::getMemBuffer(
      llvm::StringRef(Bitcode.data(), Bitcode.size()), "variant", false);
  auto Parsed = llvm::parseBitcodeFile(Buf->getMemBufferRef(), Ctx);
  if (!Parsed)
    return "not a bitcode module: " + llvm::toString(Parsed.takeError());
  M = std::move(*Parsed);
  return "";
}

VariantEval compileFail(const std::vector<CaseSpec> &Cases, std::string Why) {
  VariantEval V;
  V.S = Status::CompileFail;
  V.Message = std::move(Why);
  for (const CaseSpec &C : Cases)
    V.Cases.push_back(failedCase(C.Name, V.S, V.Message));
  return V;
}
} // namespace

void selectWorkerGpu(const EvalState &St) {
  if (St.Target != "cpu" && !St.Devices.empty())
    selectGpu(St.Devices[workerSlot() % St.Devices.size()]);
}

VariantEval evaluateVariant(const EvalState &St, std::string_view Bitcode,
                            bool HeldOut) {
  const auto &Cases = HeldOut ? St.TheSpec.HeldOut : St.TheSpec.Cases;
  const auto &Want = HeldOut ? St.Want.HeldOut : St.Want.Cases;
  auto Start = Clock::now();
  auto Ctx = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> M;
  if (std::string Why = parseVariant(Bitcode, *Ctx, M); !Why.empty())
    return compileFail(Cases, Why);
  selectWorkerGpu(St);
  cpu::Options Opts = St.CpuOpts;
  const CostLimits &Limits = HeldOut ? St.HeldOutLimits : St.CaseLimits;
  Opts.ThreadCostLimit = Limits.Thread;
  Opts.LaunchCostLimit = Limits.Launch;
  auto Dev =
      createTargetDevice(St.Target, std::move(M), std::move(Ctx), Opts, St.Arch);
  if (!Dev)
    return compileFail(Cases, llvm::toString(Dev.takeError()));
  VariantEval V;
  V.JitSeconds = std::chrono::duration<double>(Clock::now() - Start).count();
  V.Identical = true;
  for (size_t I = 0; I < Cases.size(); ++I) {
    CaseEval C = runOne(Cases[I], Want[I], **Dev, St);
    if (V.S == Status::Ok && C.S != Status::Ok) {
      V.S = C.S;
      V.Message = C.Name + ": " +
                  (C.Message.empty() ? std::string(statusName(C.S)) : C.Message);
    }
    V.Seconds += C.Seconds;
    V.ModeledCost += C.ModeledCost;
    V.ModeledSeconds += C.ModeledSeconds;
    V.Error = std::max(V.Error, C.Error);
    V.Identical &= C.Identical;
    V.Cases.push_back(std::move(C));
  }
  if (targetDeviceFailed())
    requestWorkerRestart();
  return V;
}

} // namespace gevo::sandbox
