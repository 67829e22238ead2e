//===- EvalWorker.cpp - A variant on the cases, inside a worker -------------===//

#include "EvalWorker.h"

#include "gevo/harness/Plan.h"
#include "gevo/harness/TargetDevice.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace gevo::sandbox {

namespace {
using Clock = std::chrono::steady_clock;

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V.empty() ? 0 : V[V.size() / 2];
}

/// Error and identity of Got's outputs (and a driver's scalar) against the
/// oracle's. With the driver metric the error is the driver's scalar,
/// accepted up to the base's plus the tolerance.
void compare(const CaseSpec &C, const CaseOracle &Want, const CaseOutcome &Got,
             CaseEval &R) {
  if (Got.Outputs.size() != Want.Outputs.size() ||
      Got.OutputTypes != Want.Types ||
      (C.Tol.M == Metric::Driver && !Got.Error)) {
    R.S = Status::WrongOutput;
    R.Error = HUGE_VAL;
    return;
  }
  R.Identical = Got.Error == Want.Error;
  for (size_t I = 0; I < Want.Outputs.size(); ++I) {
    R.Error = std::max(R.Error, outputError(Want.Types[I], Want.Outputs[I],
                                            Got.Outputs[I], C.Tol.M));
    R.Identical &= Want.Outputs[I] == Got.Outputs[I];
  }
  bool Accepted = C.Tol.M == Metric::Exact ? R.Error == 0
                                           : R.Error <= C.Tol.Max;
  if (C.Tol.M == Metric::Driver) {
    R.Error = *Got.Error;
    Accepted = R.Error <= *Want.Error + C.Tol.Max;
  }
  if (!Accepted)
    R.S = Status::WrongOutput;
}

/// A case's budget: every launch of a case together may cost at most
/// CaseCostFactor times the base's whole case (modeled cost, cpu target).
/// The per-thread step budget stops a spinning launch; this stops a host
/// loop (a driver's, or a repeat-until plan) that a variant keeps from
/// converging, long before the wall-clock watchdog would.
constexpr uint64_t CaseCostFactor = 16;

/// D with a case's budget: once the launches have cost more than Budget,
/// the last one comes back as a timeout (and the case stops there).
class BudgetedDevice final : public PlanDevice {
public:
  BudgetedDevice(PlanDevice &D, uint64_t Budget) : D(D), Budget(Budget) {}
  std::string alloc(size_t Size, uint64_t &Address) override {
    return D.alloc(Size, Address);
  }
  std::string release(uint64_t Address) override { return D.release(Address); }
  std::string write(uint64_t Address, const Bytes &Data) override {
    return D.write(Address, Data);
  }
  std::string read(uint64_t Address, Bytes &Data) override {
    return D.read(Address, Data);
  }
  std::string setConstant(const std::string &Symbol, const Bytes &Data) override {
    return D.setConstant(Symbol, Data);
  }
  LaunchOutcome launch(const std::string &Kernel, Dim3 Grid, Dim3 Block,
                       unsigned SharedBytes,
                       const std::vector<Bytes> &Args) override {
    LaunchOutcome L = D.launch(Kernel, Grid, Block, SharedBytes, Args);
    Spent += L.ModeledCost;
    if (L.S == Status::Ok && Budget && Spent > Budget) {
      L.S = Status::Timeout;
      L.Message = "the case's launches cost over " +
                  std::to_string(CaseCostFactor) +
                  "x the base's (modeled cost " + std::to_string(Spent) + ")";
    }
    return L;
  }

private:
  PlanDevice &D;
  uint64_t Budget, Spent = 0;
};

/// Runs C once on D within the case budget of Want.
CaseOutcome runBudgeted(const CaseSpec &C, const CaseOracle &Want,
                        PlanDevice &D) {
  BudgetedDevice B(D, Want.ModeledCost * CaseCostFactor);
  return runCase(C, B);
}

/// Runs C again in the reverse schedule: a fault there, or outputs that
/// differ from \p Got's, are \p R's status (a race, "schedule_dependent").
void crossCheck(const CaseSpec &C, const CaseOracle &Want, PlanDevice &D,
                const CaseOutcome &Got, CaseEval &R) {
  if (!D.reverseSchedule(true))
    return;
  CaseOutcome Again = runBudgeted(C, Want, D);
  D.reverseSchedule(false);
  if (Again.S != Status::Ok) {
    R.S = Again.S;
    R.Message = "in the reverse schedule: " + Again.Message;
    R.FaultUid = Again.FaultUid;
    R.OtherUid = Again.OtherUid;
    R.Error = HUGE_VAL;
  } else if (std::string Why = scheduleDifference(C, Got, Again);
             !Why.empty()) {
    R.S = Status::Race;
    R.Message = "schedule_dependent: " + Why;
    R.Error = HUGE_VAL;
  }
}

/// Runs C Repeat times: the first run is checked, every run is timed.
CaseEval runOne(const CaseSpec &C, const CaseOracle &Want, PlanDevice &D,
                unsigned Repeat, bool CrossCheck) {
  CaseEval R;
  R.Name = C.Name;
  CaseOutcome Got = runBudgeted(C, Want, D);
  std::vector<double> Times{Got.KernelSeconds};
  for (unsigned I = 1; I < Repeat && Got.S == Status::Ok; ++I) {
    CaseOutcome Again = runBudgeted(C, Want, D);
    Times.push_back(Again.KernelSeconds);
    if (Again.S != Status::Ok)
      Got = std::move(Again);
  }
  R.S = Got.S;
  R.Message = Got.Message;
  R.FaultUid = Got.FaultUid;
  R.OtherUid = Got.OtherUid;
  R.ModeledCost = Got.ModeledCost;
  R.Seconds = median(Times);
  if (R.S == Status::Ok) {
    compare(C, Want, Got, R);
    if (R.S == Status::Ok && CrossCheck)
      crossCheck(C, Want, D, Got, R);
  } else if (R.S == Status::WrongOutput) { // a driver judged its own outputs
    R.Error = HUGE_VAL;
  }
  return R;
}

/// Parses and verifies Bitcode into Ctx; "" or why not.
std::string parseVariant(std::string_view Bitcode, llvm::LLVMContext &Ctx,
                         std::unique_ptr<llvm::Module> &M) {
  auto Buf = llvm::MemoryBuffer::getMemBuffer(
      llvm::StringRef(Bitcode.data(), Bitcode.size()), "variant", false);
  auto Parsed = llvm::parseBitcodeFile(Buf->getMemBufferRef(), Ctx);
  if (!Parsed)
    return "not a bitcode module: " + llvm::toString(Parsed.takeError());
  std::string Why;
  llvm::raw_string_ostream OS(Why);
  if (llvm::verifyModule(**Parsed, &OS))
    return "the verifier rejects the module: " +
           Why.substr(0, Why.find('\n'));
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

VariantEval evaluateVariant(const EvalState &St, std::string_view Bitcode,
                            bool HeldOut) {
  const auto &Cases = HeldOut ? St.TheSpec.HeldOut : St.TheSpec.Cases;
  const auto &Want = HeldOut ? St.Want.HeldOut : St.Want.Cases;
  auto Start = Clock::now();
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  if (std::string Why = parseVariant(Bitcode, Ctx, M); !Why.empty())
    return compileFail(Cases, Why);
  cpu::Options Opts = St.CpuOpts;
  const CostLimits &Limits = HeldOut ? St.HeldOutLimits : St.CaseLimits;
  Opts.ThreadCostLimit = Limits.Thread;
  Opts.LaunchCostLimit = Limits.Launch;
  auto Dev = createTargetDevice(St.Target, *M, Opts, St.Arch);
  if (!Dev)
    return compileFail(Cases, llvm::toString(Dev.takeError()));
  VariantEval V;
  V.JitSeconds = std::chrono::duration<double>(Clock::now() - Start).count();
  V.Identical = true;
  for (size_t I = 0; I < Cases.size(); ++I) {
    CaseEval C = runOne(Cases[I], Want[I], **Dev, St.Repeat, St.CrossCheck);
    if (V.S == Status::Ok && C.S != Status::Ok) {
      V.S = C.S;
      V.Message = C.Name + ": " +
                  (C.Message.empty() ? std::string(statusName(C.S)) : C.Message);
    }
    V.Seconds += C.Seconds;
    V.ModeledCost += C.ModeledCost;
    V.Error = std::max(V.Error, C.Error);
    V.Identical &= C.Identical;
    V.Cases.push_back(std::move(C));
  }
  if (targetDeviceFailed())
    requestWorkerRestart();
  return V;
}

std::string scheduleDifference(const CaseSpec &C, const CaseOutcome &Got,
                               const CaseOutcome &Again) {
  if (C.Tol.M == Metric::Driver)
    return Got.Error && Again.Error &&
                   std::fabs(*Got.Error - *Again.Error) > C.Tol.Max
               ? "the driver's error differs between two legal schedules"
               : "";
  for (size_t I = 0; I < Got.Outputs.size() && I < Again.Outputs.size(); ++I) {
    double E = outputError(Got.OutputTypes[I], Got.Outputs[I],
                           Again.Outputs[I], C.Tol.M);
    if (C.Tol.M == Metric::Exact ? E != 0 : E > C.Tol.Max)
      return "output '" +
             (I < C.Outputs.size() ? C.Outputs[I].Buffer : std::to_string(I)) +
             "' differs between two legal schedules (blocks and threads in "
             "reverse order; " + metricName(C.Tol.M) + " error " +
             std::to_string(E) + ")";
  }
  return "";
}

} // namespace gevo::sandbox
