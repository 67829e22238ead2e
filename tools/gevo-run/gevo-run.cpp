//===- gevo-run.cpp - Evaluate one variant on a tests dir -------------------===//
//
//   gevo-run kernel.{ll,cu} --tests DIR [--target TARGET] [--edits FILE]
//            [--heldout] [--json] [--workers N] [--oracle-cache DIR]
//            [--driver-cache DIR]
//   gevo-run kernel.{ll,cu} [--edits FILE] --emit KIND -o FILE
//            [--offload-arch ARCH]
//
// Runs the unmodified kernel (the oracle) and the variant (the kernel plus
// an edit list) on every case in sandboxed workers (gevo::Evaluator) on the
// target and reports status, error and time per case; a case whose base
// outputs depend on buffers declared without "init" (undefinedInputHints)
// gets a warning first. --emit writes the variant as lowered for a target
// (and ends there without --tests). Exit status: 0 every case ok, 1 the
// variant failed a case (or did not lower), 2 bad input.
//
//===----------------------------------------------------------------------===//

#include "Emit.h"
#include "JudgeOptions.h"
#include "RunOnTests.h"
#include "ToolSupport.h"

#include "gevo/harness/Evaluator.h"
#include "gevo/harness/TargetDevice.h"
#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>

using namespace llvm;
namespace po = boost::program_options;

namespace {
constexpr const char *Tool = "gevo-run";

/// Bad input or usage: exit status 2 (1 means the variant failed a case).
[[noreturn]] void usageError(const Twine &Msg) { gevo::toolError(Tool, Msg, 2); }

/// The variant's result on one case, with the base's time beside it.
struct CaseResult {
  gevo::CaseEval Eval;
  double BaseSeconds = 0, BaseModeledSeconds = 0;
};

std::vector<CaseResult> pairWithBase(const gevo::VariantEval &V,
                                     const gevo::VariantEval &Base) {
  std::vector<CaseResult> Results;
  for (size_t I = 0; I < V.Cases.size(); ++I) {
    bool Has = I < Base.Cases.size();
    Results.push_back({V.Cases[I], Has ? Base.Cases[I].Seconds : 0,
                       Has ? Base.Cases[I].ModeledSeconds : 0});
  }
  return Results;
}

/// What the speedup column measures: the target's real measure, a GPU's
/// time, or on the cpu target the model's predicted time (its wall time is
/// no GPU's).
const char *speedupMeasure(const std::string &Target) {
  return Target == "cpu" ? "modeled" : "gpu time";
}

double speedup(const CaseResult &R, const std::string &Target) {
  const gevo::CaseEval &E = R.Eval;
  if (Target == "cpu")
    return E.ModeledSeconds > 0 ? R.BaseModeledSeconds / E.ModeledSeconds : 0;
  return E.Seconds > 0 ? R.BaseSeconds / E.Seconds : 0;
}

void printTable(const std::vector<CaseResult> &Results, const Module &M,
                const std::string &Target) {
  std::string Speedup = std::string("speedup (") + speedupMeasure(Target) + ")";
  std::printf("%-16s %-18s %12s %12s %18s %12s %14s\n", "case", "status",
              "error", Target == "cpu" ? "cpu wall ms" : "gpu ms",
              Speedup.c_str(), "modeled ms", "modeled cost");
  for (const CaseResult &R : Results) {
    const gevo::CaseEval &E = R.Eval;
    std::string St(gevo::statusName(E.S));
    if (!E.FaultUid.empty())
      St += " " + E.FaultUid;
    if (!E.OtherUid.empty())
      St += " " + E.OtherUid;
    double Ms = E.Seconds * 1e3;
    std::printf("%-16s %-18s %12.3g %12.3f %17.2fx %12.4g %14llu\n",
                E.Name.c_str(), St.c_str(), E.Error, Ms, speedup(R, Target),
                E.ModeledSeconds * 1e3, (unsigned long long)E.ModeledCost);
    if (E.Runs > 1 && Target != "cpu")
      std::printf("  %u timed runs, median +-%.2f%% (95%% CI)\n", E.Runs,
                  100 * E.Spread);
    if (E.S != gevo::Status::Ok && !E.Message.empty())
      std::printf("  %s\n", E.Message.c_str());
    for (const std::string *Uid : {&E.FaultUid, &E.OtherUid})
      if (!Uid->empty())
        std::printf("    %s\n", gevo::describeUid(M, *Uid).c_str());
  }
}

/// The base with the edit list at EditsPath applied (a copy: the base stays
/// the oracle), or a copy of the base without one.
std::unique_ptr<Module> buildVariant(const Module &Base,
                                     const std::string &EditsPath) {
  std::unique_ptr<Module> M = CloneModule(Base);
  if (EditsPath.empty())
    return M;
  auto Edits = gevo::parseEdits(gevo::readTextFile(Tool, EditsPath));
  if (!Edits)
    usageError(EditsPath + ": " + toString(Edits.takeError()));
  gevo::ApplyReport Report = gevo::applyEdits(*M, *Edits);
  for (auto &[Index, Why] : Report.NotApplicable)
    errs() << Tool << ": edit " << Index + 1 << " not applicable: " << Why << "\n";
  // The one verification of the variant: the Evaluator's workers trust it.
  std::string Problems;
  raw_string_ostream OS(Problems);
  if (verifyModule(*M, &OS))
    gevo::toolError(Tool, EditsPath + ": the variant does not verify: " +
                              StringRef(Problems).split('\n').first,
                    1);
  return M;
}

/// --emit: the variant lowered for Kind, written to Path. A variant that
/// does not lower is a result (exit 1), not bad input.
void emit(const Module &Variant, const std::string &Kind,
          const std::string &Path, const std::string &Arch,
          const gevo::cpu::Options &CpuOpts) {
  if (!gevo::isEmitKind(Kind))
    usageError("--emit must be " + gevo::emitKinds() + ", not '" + Kind + "'");
  if (Path.empty())
    usageError("--emit needs -o FILE");
  Expected<std::string> Lowered = gevo::lowerForEmit(Variant, Kind, Arch, CpuOpts);
  if (!Lowered)
    gevo::toolError(Tool, "cannot lower the variant to " + Kind + ": " +
                              toString(Lowered.takeError()),
                    1);
  gevo::writeTextFile(Tool, Path, *Lowered);
}

nlohmann::json toJson(const std::vector<CaseResult> &Results,
                      const gevo::VariantEval &V, const std::string &Target,
                      const std::string &Gpu) {
  nlohmann::json Cases = nlohmann::json::array();
  for (const CaseResult &R : Results) {
    const gevo::CaseEval &E = R.Eval;
    Cases.push_back({{"name", E.Name},
                     {"status", gevo::statusName(E.S)},
                     {"error", E.Error},
                     {"identical", E.Identical},
                     {"time_ms", E.Seconds * 1e3},
                     {"base_time_ms", R.BaseSeconds * 1e3},
                     {"runs", E.Runs},
                     {"speedup", speedup(R, Target)},
                     {"modeled_cost", E.ModeledCost},
                     {"modeled_ms", E.ModeledSeconds * 1e3},
                     {"fault_uid", E.FaultUid},
                     {"other_uid", E.OtherUid},
                     {"message", E.Message}});
  }
  return {{"status", gevo::statusName(V.S)},
          {"message", V.Message},
          {"cases", Cases},
          {"time_ms", V.Seconds * 1e3},
          {"time_is", Target == "cpu" ? "cpu wall" : "gpu time"},
          {"speedup_is", speedupMeasure(Target)},
          {"target", Target},
          {"device", Gpu},
          {"gated", V.Gated},
          {"jit_ms", V.JitSeconds * 1e3}};
}
} // namespace

int main(int argc, char **argv) {
  po::options_description Opts(
      "gevo-run: evaluate a kernel, or a variant of it, on a tests dir.\n\n"
      "Usage: gevo-run KERNEL.{ll,cu} --tests DIR [--target TARGET] "
      "[--edits FILE] [--heldout | --draw N [--seed S]] [--repeat N] "
      "[--workers N] "
      "[--oracle-cache DIR] [--driver-cache DIR] [--json] "
      "[--check races,uninitialized|none] [--memory-model M] "
      "[--allow-base-races]\n"
      "       gevo-run KERNEL.{ll,cu} [--edits FILE] --emit KIND "
      "-o FILE [--offload-arch ARCH]\n\n"
      "The unmodified kernel's outputs are the oracle; each case reports the "
      "variant's status, error, time and speedup; kernels run in sandboxed "
      "worker processes. Exit status: 0 all cases "
      "ok, 1 the variant failed a case, 2 bad input.\n\nOptions");
  std::string Kernel, TestsDir, EditsPath, Target = "cpu", OracleCache,
      DriverCache;
  std::string EmitKind, EmitPath, Arch;
  unsigned Repeat = 1, Workers = 1, Draw = 0;
  uint64_t Seed = 1;
  Opts.add_options()("help,h", "show this help")(
      "tests", po::value(&TestsDir), "tests dir (holding spec.json)")(
      "edits", po::value(&EditsPath), "edit list giving the variant (default: none)")(
      "heldout", "run the held-out cases instead")(
      "draw", po::value(&Draw),
      "run N cases drawn from the ranges the tests dir declares (\"vary\" "
      "in spec.json) instead")(
      "seed", po::value(&Seed)->default_value(1), "seed of the --draw cases")(
      "repeat", po::value(&Repeat)->default_value(1), "runs per case; time is the median")(
      "target", po::value(&Target)->default_value("cpu"),
      gevo::targetHelp().c_str())(
      "emit", po::value(&EmitKind),
      "write the variant to -o FILE as a target runs it, by the target's "
      "name: cuda or ptx (PTX text), hip or amdgpu (a linked code object), "
      "cpu or cpu-ir (the cpu target's host IR before the JIT, instrumented "
      "as --check and --gpu say, for --cpu-opt's tier; auto: 0)")(
      "output,o", po::value(&EmitPath), "where --emit writes")(
      "offload-arch", po::value(&Arch),
      "GPU architecture for --emit and the GPU targets (default sm_80 for "
      "ptx/cuda, gfx90a for amdgpu/hip)")(
      "workers", po::value(&Workers)->default_value(1), "sandboxed worker processes")(
      "oracle-cache", po::value(&OracleCache),
      "cache the base's outputs in DIR, reused when present")(
      "driver-cache", po::value(&DriverCache),
      "compile .cpp drivers into DIR (default: $XDG_CACHE_HOME/gevo/drivers)")(
      "json", "print one JSON object instead of a table")(
      "in-process",
      "run the base and the variant in this process: no sandbox, no worker, "
      "no cpu gate (for tools that follow one process, such as "
      "compute-sanitizer; a variant that crashes ends gevo-run)")(
      "kernel", po::value(&Kernel), "kernel: NVPTX IR (.ll/.bc) or CUDA (.cu)");
  gevo::addJudgeOptions(Opts);
  gevo::addGpuOption(Opts);
  gevo::addGpuTargetOptions(Opts);
  po::variables_map VM;
  gevo::parseCommandLineOrHelp(Tool, argc, argv, Opts, "kernel", VM, 2);
  if (Kernel.empty() || (TestsDir.empty() && EmitKind.empty()))
    usageError("need a kernel and --tests DIR (see --help)");
  if (!gevo::isKnownTarget(Target))
    usageError("unknown target '" + Target + "' (" + gevo::targetNames() + ")");
  if (Repeat == 0)
    usageError("--repeat must be at least 1");
  if (Workers == 0)
    usageError("--workers must be at least 1");
  if (VM.count("draw") && (Draw == 0 || VM.count("heldout")))
    usageError("--draw takes at least 1 case, and not with --heldout");

  LLVMContext Ctx;
  std::unique_ptr<Module> Base =
      gevo::loadKernel(Tool, Kernel, argv[0], Ctx, 2);
  gevo::nameInstructions(*Base);
  std::unique_ptr<Module> VariantModule = buildVariant(*Base, EditsPath);
  gevo::EvalOptions EO;
  EO.Target = Target;
  EO.Arch = Arch;
  EO.Workers = Workers;
  EO.Repeat = Repeat;
  EO.OracleCacheDir = OracleCache;
  EO.DriverCacheDir = DriverCache;
  EO.Judging = gevo::judgeOptions(Tool, VM, 2);
  EO.OptLevel = gevo::cpuOptOption(Tool, VM, 2);
  EO.Gpu = gevo::gpuOption(Tool, VM, 2);
  gevo::gpuTargetOptions(Tool, VM, 2, EO);
  EO.GateWorkers = Workers;
  if (!EmitKind.empty()) {
    // The IR the cpu target compiles (auto's tier is O0 but for bases
    // whose runs take seconds).
    gevo::cpu::Options CpuOpts = cantFail(gevo::cpuOptions(EO));
    emit(*VariantModule, EmitKind, EmitPath, Arch, CpuOpts);
    if (TestsDir.empty())
      return 0;
  }
  bool HeldOut = VM.count("heldout") || Draw;
  gevo::VariantEval V, BaseEval;
  std::string Device;
  if (VM.count("in-process")) {
    gevo::Spec S = gevo::specOnTests(Tool, *Base, TestsDir, EO, 2, Draw, Seed);
    auto R = gevo::evaluateInProcess(*Base, S, EO,
                                     gevo::bitcodeOf(*VariantModule), HeldOut);
    if (!R)
      usageError(Kernel + ": " + toString(R.takeError()));
    V = std::move(R->Variant);
    BaseEval = std::move(R->Base);
    if (Target != "cpu") {
      if (auto Gpu = gevo::describeGpu(Target))
        Device = *Gpu;
      else
        consumeError(Gpu.takeError());
    }
  } else {
    std::unique_ptr<gevo::Evaluator> Eval = gevo::evaluatorOnTests(
        Tool, Kernel, *Base, TestsDir, EO, 2, Draw, Seed);
    V = Eval->evaluate({gevo::bitcodeOf(*VariantModule)}, HeldOut)[0];
    BaseEval = HeldOut ? Eval->baseHeldOut() : Eval->base();
    Device = Eval->gpu();
  }
  std::vector<CaseResult> Results = pairWithBase(V, BaseEval);
  if (VM.count("json"))
    std::cout << toJson(Results, V, Target, Device).dump(2) << "\n";
  else {
    if (!Device.empty())
      std::printf("device: %s (cpu gate: %s)\n", Device.c_str(),
                  VM.count("in-process") ? "none, in process" : EO.Gate.c_str());
    if (V.Gated)
      std::printf("%s\n", V.Message.c_str());
    printTable(Results, *VariantModule, Target);
  }
  return V.S == gevo::Status::Ok ? 0 : 1;
}
