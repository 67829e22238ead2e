//===- Stats.cpp - gevo-mutate --stats: how well each op does ---------------===//

#include "Stats.h"
#include "ToolSupport.h"

#include "gevo/harness/Cuda.h"
#include "gevo/harness/Lower.h"
#include "gevo/passes/Mutator.h"
#include "gevo/support/Stats.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <chrono>

using namespace llvm;

namespace gevo {

namespace {
std::string printModule(const Module &M) {
  std::string S;
  raw_string_ostream OS(S);
  M.print(OS, nullptr);
  return S;
}

/// Whether the edit, printed, parsed back and applied to a fresh copy of
/// Base, rebuilds exactly the module text Want.
bool replaysIdentically(const Module &Base, const Edit &E,
                        const std::string &Want) {
  Expected<Edit> Parsed = parseEdit(printEdit(E));
  if (!Parsed) {
    consumeError(Parsed.takeError());
    return false;
  }
  std::unique_ptr<Module> M = CloneModule(Base);
  return !errorToBool(applyEdit(*M, *Parsed)) && printModule(*M) == Want;
}

struct PtxChecker {
  std::optional<CudaToolkit> Cuda;
  PtxOptions Opts;
  bool check(const Module &M) {
    Expected<std::string> Ptx = lowerToPTX(M, Opts);
    if (!Ptx) {
      consumeError(Ptx.takeError());
      return false;
    }
    if (Error E = checkPtx(*Ptx, *Cuda, Opts.Arch)) {
      consumeError(std::move(E));
      return false;
    }
    return true;
  }
};

nlohmann::json opStats(const Module &Base, OpKind Op, const StatsOptions &O,
                       PtxChecker *Ptx) {
  const std::string BaseText = printModule(Base);
  unsigned Applied = 0, Verified = 0, PtxOk = 0, Replayed = 0;
  std::vector<double> Micros;
  for (unsigned I = 0; I < O.Attempts; ++I) {
    Rng R(O.Seed + I);
    auto Start = std::chrono::steady_clock::now();
    std::unique_ptr<Module> M = CloneModule(Base);
    std::optional<Edit> E = mutate(*M, Op, R);
    bool Valid = E && !verifyModule(*M);
    Micros.push_back(std::chrono::duration<double, std::micro>(
                         std::chrono::steady_clock::now() - Start)
                         .count());
    std::string Text = printModule(*M);
    if (!E || Text == BaseText)
      continue;
    ++Applied;
    Verified += Valid;
    Replayed += replaysIdentically(Base, *E, Text);
    if (Ptx && Valid)
      PtxOk += Ptx->check(*M);
  }
  nlohmann::json J = {{"attempts", O.Attempts},
                      {"applied", Applied},
                      {"verified", Verified},
                      {"replay_identical", Replayed},
                      {"median_us", median(Micros)},
                      {"p90_us", quantile(Micros, 0.9)}};
  if (Ptx)
    J["ptx_ok"] = PtxOk;
  return J;
}
} // namespace

nlohmann::json mutationStats(const Module &Base, const StatsOptions &O) {
  std::optional<PtxChecker> Ptx;
  if (O.CheckPtx) {
    Ptx.emplace();
    Ptx->Cuda = findCudaToolkit();
    if (!Ptx->Cuda)
      toolError("gevo-mutate", "--check-ptx needs ptxas and libdevice from a "
                               "CUDA toolkit (set CUDA_PATH)");
    Ptx->Opts.Arch = O.Arch;
    Ptx->Opts.LibdevicePath = Ptx->Cuda->Libdevice;
  }
  nlohmann::json Ops = nlohmann::json::object();
  for (OpKind Op : O.Ops)
    Ops[opName(Op).str()] = opStats(Base, Op, O, Ptx ? &*Ptx : nullptr);
  size_t Instructions = 0;
  for (const Function &F : Base)
    Instructions += F.getInstructionCount();
  return {{"instructions", Instructions}, {"ops", Ops}};
}

} // namespace gevo
