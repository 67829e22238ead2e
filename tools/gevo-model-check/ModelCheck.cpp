//===- ModelCheck.cpp - Predicted vs measured times of tuned configs ------===//

#include "ModelCheck.h"

#include "gevo/evolve/tune/Replay.h"
#include "gevo/harness/Lower.h"
#include "gevo/harness/Plan.h"
#include "gevo/harness/cpu/PlanDevice.h"
#include "gevo/support/Process.h"
#include "gevo/support/Rng.h"
#include "gevo/support/Stats.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"

#include <nlohmann/json.hpp>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <chrono>
#include <cmath>

using namespace llvm;

namespace gevo::modelcheck {
namespace {

using Clock = std::chrono::steady_clock;

Error fileError(const std::string &Path, const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Path + ": " + Message);
}

double secondsSince(Clock::time_point Start) {
  return std::chrono::duration<double>(Clock::now() - Start).count();
}

/// The first line of a compiler's complaint.
std::string firstError(StringRef Text) {
  SmallVector<StringRef> Lines;
  Text.split(Lines, '\n', -1, false);
  for (StringRef L : Lines)
    if (L.contains("error"))
      return L.trim().str();
  return Lines.empty() ? "no message" : Lines.front().trim().str();
}

/// gevo-cc on the kernel with the configuration's defines: the module, or
/// a message.
std::unique_ptr<Module> compile(const CheckOptions &O, const Measured &C,
                                LLVMContext &Ctx, std::string &Message) {
  SmallString<128> Out;
  if (sys::fs::createTemporaryFile("gevo-model-check", "ll", Out)) {
    Message = "cannot create a temporary file";
    return nullptr;
  }
  FileRemover RemoveOut(Out);
  std::vector<std::string> Args = {O.GevoCc};
  for (auto &[Name, V] : C.Values)
    Args.push_back("-D" + Name + "=" + numberText(V));
  for (const std::string &D : O.Defines)
    Args.push_back("-D" + D);
  Args.insert(Args.end(), {O.Kernel, "-o", std::string(Out)});
  ProgramResult R = runProgram(Args);
  std::unique_ptr<Module> M;
  if (R.Exit != 0) {
    Message = "gevo-cc: " + (R.Error.empty() ? firstError(R.Output) : R.Error);
  } else {
    SMDiagnostic Diag;
    M = parseIRFile(Out, Diag, Ctx);
    if (!M)
      Message = "gevo-cc's output does not parse: " + Diag.getMessage().str();
  }
  return M;
}

/// The case to run with \p C's values as parameters (and the user's -D
/// values that are numbers).
Expected<CaseSpec> caseFor(const Spec &S, const CheckOptions &O,
                           const Measured &C) {
  std::map<std::string, ExprValue> Given;
  auto Number = [](double V) {
    return V == std::floor(V) && std::fabs(V) < 0x1p62
               ? ExprValue::integer(int64_t(V))
               : ExprValue::real(V);
  };
  for (auto &[Name, V] : C.Values)
    Given[Name] = Number(V);
  for (StringRef D : O.Defines) {
    auto [Name, Text] = D.split('=');
    double V;
    if (!Text.getAsDouble(V))
      Given[Name.str()] = Number(V);
  }
  auto Cases = instantiateCases(S, Given);
  if (!Cases)
    return Cases.takeError();
  for (CaseSpec &K : *Cases)
    if (O.Case.empty() || K.Name == O.Case)
      return std::move(K);
  return createStringError(inconvertibleErrorCode(),
                           "the tests dir has no case named '" + O.Case + "'");
}

Predicted predictOne(const Spec &S, const Measured &C, const CheckOptions &O) {
  Predicted P;
  P.Config = C;
  auto Start = Clock::now();
  LLVMContext Ctx;
  std::unique_ptr<Module> M = compile(O, C, Ctx, P.Message);
  P.CompileSeconds = secondsSince(Start);
  if (!M)
    return P;
  Start = Clock::now();
  auto Case = caseFor(S, O, C);
  if (!Case) {
    P.Message = toString(Case.takeError());
    return P;
  }
  cpu::Options Opts;
  Opts.Gpu = O.Gpu;
  P.Registers = "the IR's estimate";
  if (O.Ptxas) {
    auto Ptx = lowerToPTX(*M, installedPtxOptions(O.Gpu.Arch));
    auto Regs = Ptx ? ptxasRegisters(*Ptx, *O.Ptxas, O.Gpu.Arch)
                    : Expected<std::map<std::string, unsigned>>(
                          Ptx.takeError());
    if (Regs) {
      Opts.Registers = std::move(*Regs);
      P.Registers = "ptxas";
    } else {
      P.Registers += " (" + toString(Regs.takeError()) + ")";
    }
  }
  Opts.TracedBlocks = O.TracedBlocks;
  Opts.TracedBlocksOnly = true;
  Opts.RaceChecks = Opts.InitChecks = false; // the user's measured kernel
  Opts.ParallelBlocks = false;
  // The few traced blocks run in no time: compile fast (the model counts
  // what the IR does before any optimisation).
  Opts.OptLevel = 1;
  auto Dev = cpu::CpuPlanDevice::create(*M, Opts);
  if (!Dev) {
    P.Message = toString(Dev.takeError());
    return P;
  }
  CaseOutcome Out = runCase(*Case, **Dev);
  if (Out.S == Status::Crash && Opts.OptLevel < 2) {
    // A frame too big for the stack at O1: O2 keeps more in registers.
    Opts.OptLevel = 2;
    auto Again = cpu::CpuPlanDevice::create(*M, Opts);
    if (Again)
      Out = runCase(*Case, **Again);
    else
      consumeError(Again.takeError());
  }
  P.RunSeconds = secondsSince(Start);
  if (Out.S != Status::Ok) {
    P.Message = std::string(statusName(Out.S)) + ": " + Out.Message;
    return P;
  }
  P.Ok = true;
  P.ModeledMs = Out.ModeledSeconds * 1e3;
  P.Count = double(Out.ModeledCost);
  P.Note = Out.ModelNote;
  return P;
}

} // namespace

std::string numberText(double V) {
  if (V == std::floor(V) && std::fabs(V) < 0x1p62)
    return std::to_string(int64_t(V));
  return formatv("{0:G17}", V).str();
}

Expected<CacheFile> readCache(const std::string &Path) {
  Expected<std::string> Text = evolve::tune::readMaybeGzip(Path);
  if (!Text)
    return Text.takeError();
  nlohmann::ordered_json J = nlohmann::ordered_json::parse(
      *Text, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object())
    return fileError(Path, "not a JSON object");
  if (!J.contains("cache") || !J["cache"].is_object() ||
      !J.contains("tune_params_keys") || !J["tune_params_keys"].is_array())
    return fileError(Path, "not a Kernel Tuner cache file (it needs "
                           "\"tune_params_keys\" and \"cache\")");
  CacheFile F;
  F.Device = J.value("device_name", "");
  F.Kernel = J.value("kernel_name", "");
  for (const auto &K : J["tune_params_keys"])
    if (K.is_string())
      F.Params.push_back(K.get<std::string>());
  for (auto &[Key, E] : J["cache"].items()) {
    if (!E.is_object() || !E.contains("time") || !E["time"].is_number())
      continue;
    Measured M;
    M.Key = Key;
    M.Ms = E["time"].get<double>();
    // Kernel Tuner records failures as huge times.
    if (!(M.Ms > 0) || M.Ms >= 1e20)
      continue;
    bool Numbers = true;
    for (const std::string &P : F.Params) {
      auto It = E.find(P);
      if (It == E.end() || !It->is_number()) {
        Numbers = false;
        break;
      }
      M.Values[P] = It->get<double>();
    }
    if (Numbers)
      F.Configs.push_back(std::move(M));
  }
  if (F.Configs.empty())
    return fileError(Path, "no configuration with a measured time and "
                           "numeric parameters");
  return F;
}

std::vector<Measured> sample(const std::vector<Measured> &All, unsigned Count,
                             uint64_t Seed) {
  std::vector<Measured> Out = All;
  Rng R(Seed);
  for (size_t I = 0; I + 1 < Out.size() && I < Count; ++I)
    std::swap(Out[I], Out[I + R.below(Out.size() - I)]);
  if (Out.size() > Count)
    Out.resize(Count);
  return Out;
}

std::vector<Predicted>
predictAll(const Spec &S, const std::vector<Measured> &Configs,
           const CheckOptions &O,
           const std::function<void(size_t Done)> &Progress) {
  std::vector<Predicted> Out(Configs.size());
  std::atomic<size_t> Done{0};
  tbb::global_control Threads(tbb::global_control::max_allowed_parallelism,
                              std::max(1u, O.Jobs));
  tbb::parallel_for(size_t(0), Configs.size(), [&](size_t I) {
    Out[I] = predictOne(S, Configs[I], O);
    Progress(++Done);
  });
  return Out;
}

Agreement agreement(const std::vector<double> &Predicted,
                    const std::vector<double> &Measured) {
  Agreement A;
  if (Predicted.empty())
    return A;
  A.Spearman = spearman(Predicted, Measured);
  A.Pick = size_t(std::min_element(Predicted.begin(), Predicted.end()) -
                  Predicted.begin());
  A.TopPick = *std::min_element(Measured.begin(), Measured.end()) /
              Measured[A.Pick];
  return A;
}

} // namespace gevo::modelcheck
