//===- gevo-run.cpp - Evaluate one variant on a tests dir -------------------===//
//
//   gevo-run kernel.{ll,cu} --tests DIR [--edits FILE] [--heldout] [--json]
//            [--workers N] [--oracle-cache DIR]
//
// Runs the unmodified kernel (the oracle) and the variant (the kernel plus
// an edit list) on every case in sandboxed workers (gevo::Evaluator) and
// reports status, error and time per case. Exit status: 0 every case ok, 1
// the variant failed a case, 2 bad input.
//
//===----------------------------------------------------------------------===//

#include "ToolSupport.h"

#include "gevo/harness/Evaluator.h"
#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
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

/// A .cu kernel is compiled with the gevo-cc beside this executable.
std::string compileIfCuda(const std::string &Path, const char *Argv0) {
  if (!StringRef(Path).ends_with(".cu"))
    return Path;
  std::string Cc = gevo::besideExecutable(Argv0, "gevo-cc");
  SmallString<256> Out;
  if (sys::fs::createTemporaryFile("gevo-run", "ll", Out))
    usageError("cannot create a temporary file");
  std::string Err;
  StringRef Args[] = {Cc, Path, "-o", Out};
  if (sys::ExecuteAndWait(Cc, Args, std::nullopt, {}, 0, 0, &Err) != 0)
    usageError("gevo-cc could not compile '" + Path + "'" +
               (Err.empty() ? "" : ": " + Err));
  return std::string(Out);
}

/// The variant's result on one case, with the base's time beside it.
struct CaseResult {
  gevo::CaseEval Eval;
  double BaseSeconds = 0;
};

std::vector<CaseResult> pairWithBase(const gevo::VariantEval &V,
                                     const gevo::VariantEval &Base) {
  std::vector<CaseResult> Results;
  for (size_t I = 0; I < V.Cases.size(); ++I)
    Results.push_back({V.Cases[I],
                       I < Base.Cases.size() ? Base.Cases[I].Seconds : 0});
  return Results;
}

std::string bitcodeOf(const Module &M) {
  std::string Bitcode;
  raw_string_ostream OS(Bitcode);
  WriteBitcodeToFile(M, OS);
  return Bitcode;
}

void printTable(const std::vector<CaseResult> &Results) {
  std::printf("%-16s %-18s %12s %12s %10s %14s\n", "case", "status", "error",
              "time ms", "speedup", "modeled cost");
  for (const CaseResult &R : Results) {
    const gevo::CaseEval &E = R.Eval;
    std::string St(gevo::statusName(E.S));
    if (!E.FaultUid.empty())
      St += " " + E.FaultUid;
    double Ms = E.Seconds * 1e3;
    std::printf("%-16s %-18s %12.3g %12.3f %9.2fx %14llu\n", E.Name.c_str(),
                St.c_str(), E.Error, Ms,
                Ms > 0 ? R.BaseSeconds * 1e3 / Ms : 0.0,
                (unsigned long long)E.ModeledCost);
    if (E.S != gevo::Status::Ok && E.S != gevo::Status::WrongOutput &&
        !E.Message.empty())
      std::printf("  %s\n", E.Message.c_str());
  }
}

nlohmann::json toJson(const std::vector<CaseResult> &Results,
                      const gevo::VariantEval &V) {
  nlohmann::json Cases = nlohmann::json::array();
  for (const CaseResult &R : Results) {
    const gevo::CaseEval &E = R.Eval;
    Cases.push_back({{"name", E.Name},
                     {"status", gevo::statusName(E.S)},
                     {"error", E.Error},
                     {"identical", E.Identical},
                     {"time_ms", E.Seconds * 1e3},
                     {"base_time_ms", R.BaseSeconds * 1e3},
                     {"modeled_cost", E.ModeledCost},
                     {"fault_uid", E.FaultUid},
                     {"message", E.Message}});
  }
  return {{"status", gevo::statusName(V.S)},
          {"message", V.Message},
          {"cases", Cases},
          {"time_ms", V.Seconds * 1e3},
          {"jit_ms", V.JitSeconds * 1e3}};
}
} // namespace

int main(int argc, char **argv) {
  po::options_description Opts(
      "gevo-run: evaluate a kernel, or a variant of it, on a tests dir.\n\n"
      "Usage: gevo-run KERNEL.{ll,cu} --tests DIR [--edits FILE] [--heldout] "
      "[--repeat N] [--workers N] [--oracle-cache DIR] [--json]\n\n"
      "The unmodified kernel's outputs are the oracle; each case reports the "
      "variant's status, error, time and speedup; kernels run in sandboxed "
      "worker processes. Exit status: 0 all cases "
      "ok, 1 the variant failed a case, 2 bad input.\n\nOptions");
  std::string Kernel, TestsDir, EditsPath, Target = "cpu", OracleCache;
  unsigned Repeat = 1, Workers = 1;
  Opts.add_options()("help,h", "show this help")(
      "tests", po::value(&TestsDir), "tests dir (holding spec.json)")(
      "edits", po::value(&EditsPath), "edit list giving the variant (default: none)")(
      "heldout", "run the held-out cases instead")(
      "repeat", po::value(&Repeat)->default_value(1), "runs per case; time is the median")(
      "target", po::value(&Target)->default_value("cpu"), "cpu (cuda and hip: later)")(
      "workers", po::value(&Workers)->default_value(1), "sandboxed worker processes")(
      "oracle-cache", po::value(&OracleCache),
      "cache the base's outputs in DIR, reused when present")(
      "json", "print one JSON object instead of a table")(
      "kernel", po::value(&Kernel), "kernel: NVPTX IR (.ll/.bc) or CUDA (.cu)");
  po::variables_map VM;
  gevo::parseCommandLine(Tool, argc, argv, Opts, "kernel", VM, 2);
  if (VM.count("help")) {
    std::cout << Opts;
    return 0;
  }
  if (Kernel.empty() || TestsDir.empty())
    usageError("need a kernel and --tests DIR (see --help)");
  if (Target != "cpu")
    usageError("target '" + Target + "' is not available yet (use cpu)");
  if (Repeat == 0)
    usageError("--repeat must be at least 1");
  if (Workers == 0)
    usageError("--workers must be at least 1");

  auto Spec = gevo::loadSpec(TestsDir);
  if (!Spec)
    usageError(toString(Spec.takeError()));
  LLVMContext Ctx;
  std::unique_ptr<Module> Base =
      gevo::loadModule(Tool, compileIfCuda(Kernel, argv[0]), Ctx);
  gevo::nameInstructions(*Base);
  std::string Variant = bitcodeOf(*Base);
  if (!EditsPath.empty()) {
    auto Edits = gevo::parseEdits(gevo::readTextFile(Tool, EditsPath));
    if (!Edits)
      usageError(EditsPath + ": " + toString(Edits.takeError()));
    // Edits change a copy: the base stays the oracle.
    std::unique_ptr<Module> M = CloneModule(*Base);
    gevo::ApplyReport Report = gevo::applyEdits(*M, *Edits);
    for (auto &[Index, Why] : Report.NotApplicable)
      errs() << Tool << ": edit " << Index + 1 << " not applicable: " << Why << "\n";
    Variant = bitcodeOf(*M);
  }
  gevo::EvalOptions EO;
  EO.Target = Target;
  EO.Workers = Workers;
  EO.Repeat = Repeat;
  EO.OracleCacheDir = OracleCache;
  auto Eval = gevo::Evaluator::create(*Base, *Spec, EO);
  if (!Eval)
    usageError(Kernel + ": " + toString(Eval.takeError()));
  bool HeldOut = VM.count("heldout");
  gevo::VariantEval V = (*Eval)->evaluate({Variant}, HeldOut)[0];
  std::vector<CaseResult> Results = pairWithBase(
      V, HeldOut ? (*Eval)->baseHeldOut() : (*Eval)->base());
  if (VM.count("json"))
    std::cout << toJson(Results, V).dump(2) << "\n";
  else
    printTable(Results);
  return V.S == gevo::Status::Ok ? 0 : 1;
}
