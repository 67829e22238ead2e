//===- Evaluator.cpp - Evaluate variants in sandboxed workers ---------------===//

#include "gevo/harness/Evaluator.h"

#include "EvalWorker.h"
#include "OracleCache.h"

#include "gevo/harness/DriverHost.h"
#include "gevo/harness/GpuDriver.h"
#include "gevo/harness/TargetDevice.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <thread>

namespace gevo {

using namespace sandbox;

namespace {
llvm::Error evalError(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

Status statusOfJob(JobResult::Kind K) {
  switch (K) {
  case JobResult::TimedOut:
    return Status::Timeout;
  case JobResult::OutOfMemory:
    return Status::OutOfMemory;
  default:
    return Status::Crash;
  }
}

/// The last non-empty line of a worker's output, for the message.
std::string lastLine(const std::string &Tail) {
  size_t End = Tail.find_last_not_of("\n \t");
  if (End == std::string::npos)
    return "";
  size_t Begin = Tail.rfind('\n', End);
  return Tail.substr(Begin == std::string::npos ? 0 : Begin + 1,
                     End + 1 - (Begin == std::string::npos ? 0 : Begin + 1));
}

llvm::Error checkOptions(const EvalOptions &O) {
  if (!isKnownTarget(O.Target))
    return evalError("unknown target '" + O.Target + "' (" + targetNames() + ")");
  if (O.Gate != "cpu" && O.Gate != "none")
    return evalError("unknown gate '" + O.Gate + "' (cpu or none)");
  if (O.GpuMinRuns == 0 || O.GpuMaxRuns < O.GpuMinRuns || O.GpuCiTarget <= 0)
    return evalError("a GPU's timed runs need 0 < min runs <= max runs and a "
                     "positive confidence target");
  if (O.Workers == 0 || O.Repeat == 0)
    return evalError("the evaluator needs at least one worker and one run "
                     "per case");
  return llvm::Error::success();
}
} // namespace

Evaluator::~Evaluator() = default;

VariantEval Evaluator::fromJob(const JobResult &J, bool HeldOut) const {
  VariantEval V;
  if (J.K == JobResult::Done && decodeVariantEval(J.Reply, V))
    return V;
  V.S = J.K == JobResult::Done ? Status::Crash : statusOfJob(J.K);
  V.Message = J.K == JobResult::Done ? "the worker's reply is malformed"
                                     : "worker " + describeJob(J);
  if (std::string Line = lastLine(J.OutputTail); !Line.empty())
    V.Message += ": " + Line;
  for (const CaseSpec &C : HeldOut ? TheSpec.HeldOut : TheSpec.Cases)
    V.Cases.push_back(failedCase(C.Name, V.S, V.Message));
  return V;
}

std::string bitcodeOf(const llvm::Module &M) {
  std::string Bitcode;
  llvm::raw_string_ostream OS(Bitcode);
  llvm::WriteBitcodeToFile(M, OS);
  return Bitcode;
}

llvm::Expected<cpu::Options> cpuOptions(const EvalOptions &O) {
  cpu::Options C;
  C.ParallelBlocks = false;
  C.Checks = O.Checks;
  C.RaceChecks = O.Judging.Races;
  C.InitChecks = O.Judging.Uninitialized;
  C.Model = O.Judging.Model;
  C.OptLevel = O.OptLevel >= 0 ? std::min(O.OptLevel, 3) : 0;
  if (!O.Gpu.empty() && O.Target == "cpu") {
    auto Gpu = cpu::findGpu(O.Gpu);
    if (!Gpu)
      return Gpu.takeError();
    C.Gpu = std::move(*Gpu);
  }
  return C;
}

namespace {
/// O's GPU devices, checked against what the driver shows (all of them
/// when O names none), one worker each.
llvm::Error resolveDevices(EvalOptions &O) {
  llvm::Expected<int> Count = countGpus(O.Target);
  if (!Count)
    return Count.takeError();
  if (*Count == 0)
    return evalError(O.Target + " target: the driver shows no device");
  for (int D : O.Devices)
    if (D < 0 || D >= *Count)
      return evalError(O.Target + " target: " + gpu::noSuchDevice(D, *Count));
  if (O.Devices.empty())
    for (int D = 0; D < *Count; ++D)
      O.Devices.push_back(D);
  O.Workers = unsigned(O.Devices.size());
  return llvm::Error::success();
}

/// The cpu target's Evaluator that gates a GPU target's variants (O.Gate),
/// on the cases that run there.
llvm::Expected<std::unique_ptr<Evaluator>>
createGate(const llvm::Module &Base, const Spec &S, const EvalOptions &O) {
  EvalOptions C = O;
  C.Target = "cpu";
  C.Arch.clear();
  C.Devices.clear();
  C.Workers = O.GateWorkers ? O.GateWorkers
                            : std::max(1u, std::thread::hardware_concurrency());
  Spec Cpu = casesFor(S, /*Gpu=*/false);
  if (Cpu.Cases.empty())
    return evalError("the cpu gate has no case to judge (every case has "
                     "\"target\": \"gpu\"); give it one, or use --gate none");
  auto G = Evaluator::create(Base, Cpu, C);
  if (!G)
    return evalError("the cpu gate: " + llvm::toString(G.takeError()));
  return G;
}
} // namespace

llvm::Expected<std::unique_ptr<Evaluator>>
Evaluator::create(const llvm::Module &Base, const Spec &Given,
                  const EvalOptions &Asked) {
  if (llvm::Error E = checkOptions(Asked))
    return E;
  EvalOptions O = Asked;
  std::unique_ptr<Evaluator> Gate;
  Spec S = Given;
  if (O.Target != "cpu") {
    if (llvm::Error E = resolveDevices(O))
      return E;
    if (O.Gate == "cpu") {
      auto G = createGate(Base, S, O);
      if (!G)
        return G.takeError();
      Gate = std::move(*G);
    }
    S = casesFor(S, /*Gpu=*/true);
    if (S.Cases.empty())
      return evalError("no case runs on the GPU (every case has \"target\": "
                       "\"cpu\")");
  }
  if (llvm::Error E = buildDrivers(S, O.DriverCacheDir))
    return E;
  std::string Bitcode = bitcodeOf(Base);
  auto Key = sandbox::oracleKey(Bitcode, S, O.Target + ":" + O.Arch);
  if (!Key)
    return Key.takeError();
  SandboxOptions SO;
  SO.Workers = O.Workers;
  // A GPU driver reserves address space for unified memory far beyond any
  // limit on it (cuInit fails with out of memory): GPU workers have none.
  SO.MemoryLimitBytes = O.Target == "cpu" ? O.MemoryLimitBytes : 0;
  // The base's own evaluation gets a generous watchdog; it sets the real one.
  SO.JobTimeoutSeconds = O.JobTimeoutSeconds > 0 ? O.JobTimeoutSeconds : 600;
  auto Box = Sandbox::start(
      [Bitcode, S, O] { return setUpEvaluator(Bitcode, S, O); }, SO);
  if (!Box)
    return Box.takeError();
  std::unique_ptr<Evaluator> E(new Evaluator);
  E->Box = std::move(*Box);
  E->TheSpec = S;
  E->Gate = std::move(Gate);
  E->TargetIsCpu = O.Target == "cpu";
  E->Workers = O.Workers;
  E->BaseBitcode = Bitcode;
  E->Fingerprint = *Key;
  // Twice: the first round warms the fresh workers up, so the base's times
  // compare with those of variants on warm workers.
  std::vector<JobResult> Jobs;
  for (int Round = 0; Round < 2; ++Round)
    Jobs = E->Box->runAll({jobRequest(EvalCases, Bitcode),
                           jobRequest(EvalHeldOut, Bitcode),
                           std::string(1, EvalInfo)});
  E->Base = E->fromJob(Jobs[0], false);
  E->BaseHeldOut = E->fromJob(Jobs[1], true);
  for (const VariantEval *V : {&E->Base, &E->BaseHeldOut})
    if (V->S != Status::Ok)
      return evalError("the unmodified kernel fails in a worker: " +
                       V->Message);
  if (E->Gate) {
    E->Base = E->Gate->joinGate(E->Base, E->Gate->base());
    E->BaseHeldOut = E->Gate->joinGate(E->BaseHeldOut, E->Gate->baseHeldOut());
  }
  if (!E->TargetIsCpu) // the base is its own nearest base
    for (VariantEval *V : {&E->Base, &E->BaseHeldOut})
      V->MeasuredSeconds = V->NearestBaseSeconds = V->Seconds;
  if (size_t At = Jobs[2].Reply.find("\ngpu="); At != std::string::npos)
    E->GpuName = Jobs[2].Reply.substr(At + 5);
  E->FromCache = Jobs[2].Reply.rfind("cache=1", 0) == 0;
  E->Allowed = allowedFromInfo(Jobs[2].Reply);
  if (size_t At = Jobs[2].Reply.find(" opt="); At != std::string::npos)
    E->OptLevel = Jobs[2].Reply[At + 5] - '0';
  // Each kind of job gets its own watchdog: held-out cases are often much
  // larger, and a non-terminating variant must not run for as long as they.
  E->CasesTimeout = E->HeldOutTimeout = SO.JobTimeoutSeconds;
  if (O.JobTimeoutSeconds <= 0) {
    E->CasesTimeout = std::max(5.0, JobTimeoutFactor * Jobs[0].Seconds);
    E->HeldOutTimeout = std::max(5.0, JobTimeoutFactor * Jobs[1].Seconds);
  }
  return E;
}

std::vector<VariantEval> Evaluator::evaluate(
    const std::vector<std::string> &Bitcode, bool HeldOut,
    const std::function<void(size_t, const VariantEval &)> &OnEach) {
  Box->setJobTimeout(jobTimeout(HeldOut));
  if (!TargetIsCpu)
    return evaluateOnGpu(Bitcode, HeldOut, OnEach);
  std::vector<std::string> Requests;
  Requests.reserve(Bitcode.size());
  for (const std::string &B : Bitcode)
    Requests.push_back(jobRequest(HeldOut ? EvalHeldOut : EvalCases, B));
  std::vector<VariantEval> Results(Requests.size());
  Box->runAll(Requests, [&](size_t I, const JobResult &J) {
    Results[I] = fromJob(J, HeldOut);
    if (OnEach)
      OnEach(I, Results[I]);
  });
  return Results;
}

namespace {
/// The --check words and the Judge field each sets.
constexpr std::pair<const char *, bool Judge::*> CheckWords[] = {
    {"races", &Judge::Races},
    {"uninitialized", &Judge::Uninitialized},
    {"schedules", &Judge::Schedules},
};
} // namespace

llvm::Error Judge::setChecks(llvm::StringRef List) {
  for (auto [Word, Field] : CheckWords)
    this->*Field = false;
  if (List == "none")
    return llvm::Error::success();
  llvm::SmallVector<llvm::StringRef> Words;
  List.split(Words, ',');
  for (llvm::StringRef W : Words) {
    const auto *It = llvm::find_if(
        CheckWords, [&](const auto &C) { return W.trim() == C.first; });
    if (It == std::end(CheckWords))
      return evalError("unknown check '" + W.trim().str() +
                       "' (races, uninitialized, schedules or none)");
    this->*It->second = true;
  }
  return llvm::Error::success();
}

std::string Judge::checks() const {
  std::string List;
  for (auto [Word, Field] : CheckWords)
    if (this->*Field)
      List += (List.empty() ? "" : ",") + std::string(Word);
  return List.empty() ? "none" : List;
}

const char *memoryModelName(cpu::MemoryModel M) {
  return M == cpu::MemoryModel::Volta ? "volta" : "warp-synchronous";
}

std::optional<cpu::MemoryModel> parseMemoryModel(llvm::StringRef Name) {
  for (auto M : {cpu::MemoryModel::Volta, cpu::MemoryModel::WarpSynchronous})
    if (Name == memoryModelName(M))
      return M;
  return std::nullopt;
}

} // namespace gevo
