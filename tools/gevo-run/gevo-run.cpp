//===- gevo-run.cpp - Evaluate one variant on a tests dir -------------------===//
//
//   gevo-run kernel.{ll,cu} --tests DIR [--edits FILE] [--heldout] [--json]
//
// Runs the unmodified kernel (the oracle) and the variant (the kernel plus
// an edit list) on every case and reports status, error and time per case.
// Exit status: 0 every case ok, 1 the variant failed a case, 2 bad input.
//
//===----------------------------------------------------------------------===//

#include "ToolSupport.h"

#include "gevo/harness/Plan.h"
#include "gevo/harness/cpu/PlanDevice.h"
#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"

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
  std::string Self = sys::fs::getMainExecutable(Argv0, (void *)&usageError);
  SmallString<256> Cc(sys::path::parent_path(Self));
  sys::path::append(Cc, "gevo-cc");
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

struct CaseResult {
  std::string Name;
  gevo::Status S = gevo::Status::Ok;
  std::string Message, FaultUid;
  double Error = 0, Ms = 0, BaseMs = 0;
  uint64_t Cost = 0;
};

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V.empty() ? 0 : V[V.size() / 2];
}

/// The largest error over a case's outputs, by the case's metric.
double caseError(const gevo::CaseSpec &C, const gevo::CaseOutcome &Want,
                 const gevo::CaseOutcome &Got) {
  double Worst = 0;
  for (size_t I = 0; I < C.Outputs.size(); ++I) {
    auto B = std::find_if(C.Buffers.begin(), C.Buffers.end(),
                          [&](const gevo::BufferSpec &S) { return S.Name == C.Outputs[I]; });
    Worst = std::max(Worst, gevo::outputError(B->Type, Want.Outputs[I],
                                              Got.Outputs[I], C.Tol.M));
  }
  return Worst;
}

CaseResult evaluate(const gevo::CaseSpec &C, gevo::PlanDevice &Base,
                    gevo::PlanDevice &Variant, unsigned Repeat) {
  CaseResult R;
  R.Name = C.Name;
  gevo::CaseOutcome Want = gevo::runCase(C, Base);
  if (Want.S != gevo::Status::Ok)
    usageError("the unmodified kernel fails case '" + C.Name + "': " +
               std::string(gevo::statusName(Want.S)) + " " + Want.Message);
  // The oracle run and the variant's first run warm both up; then the two
  // alternate, Repeat timed runs each.
  gevo::CaseOutcome Got = gevo::runCase(C, Variant);
  std::vector<double> Times, BaseTimes;
  for (unsigned I = 0; I < Repeat && Got.S == gevo::Status::Ok; ++I) {
    BaseTimes.push_back(gevo::runCase(C, Base).KernelSeconds * 1e3);
    Got = gevo::runCase(C, Variant);
    Times.push_back(Got.KernelSeconds * 1e3);
  }
  R.S = Got.S;
  R.Message = Got.Message;
  R.FaultUid = Got.FaultUid;
  R.Cost = Got.ModeledCost;
  R.Ms = median(Times);
  R.BaseMs = median(BaseTimes);
  if (R.S == gevo::Status::Ok) {
    R.Error = caseError(C, Want, Got);
    bool Accepted = C.Tol.M == gevo::Metric::Exact ? R.Error == 0
                                                    : R.Error <= C.Tol.Max;
    if (!Accepted)
      R.S = gevo::Status::WrongOutput;
  }
  return R;
}

void printTable(const std::vector<CaseResult> &Results) {
  std::printf("%-16s %-18s %12s %12s %10s %14s\n", "case", "status", "error",
              "time ms", "speedup", "modeled cost");
  for (const CaseResult &R : Results) {
    std::string St(gevo::statusName(R.S));
    if (!R.FaultUid.empty())
      St += " " + R.FaultUid;
    std::printf("%-16s %-18s %12.3g %12.3f %9.2fx %14llu\n", R.Name.c_str(),
                St.c_str(), R.Error, R.Ms, R.Ms > 0 ? R.BaseMs / R.Ms : 0.0,
                (unsigned long long)R.Cost);
    if (R.S != gevo::Status::Ok && R.S != gevo::Status::WrongOutput &&
        !R.Message.empty())
      std::printf("  %s\n", R.Message.c_str());
  }
}

nlohmann::json toJson(const std::vector<CaseResult> &Results, gevo::Status S) {
  nlohmann::json Cases = nlohmann::json::array();
  double Total = 0;
  for (const CaseResult &R : Results) {
    Cases.push_back({{"name", R.Name},
                     {"status", gevo::statusName(R.S)},
                     {"error", R.Error},
                     {"time_ms", R.Ms},
                     {"base_time_ms", R.BaseMs},
                     {"modeled_cost", R.Cost},
                     {"fault_uid", R.FaultUid},
                     {"message", R.Message}});
    Total += R.Ms;
  }
  return {{"status", gevo::statusName(S)}, {"cases", Cases}, {"time_ms", Total}};
}
} // namespace

int main(int argc, char **argv) {
  po::options_description Opts(
      "gevo-run: evaluate a kernel, or a variant of it, on a tests dir.\n\n"
      "Usage: gevo-run KERNEL.{ll,cu} --tests DIR [--edits FILE] [--heldout] "
      "[--repeat N] [--json]\n\n"
      "The unmodified kernel's outputs are the oracle; each case reports the "
      "variant's status, error, time and speedup. Exit status: 0 all cases "
      "ok, 1 the variant failed a case, 2 bad input.\n\nOptions");
  std::string Kernel, TestsDir, EditsPath, Target = "cpu";
  unsigned Repeat = 1;
  Opts.add_options()("help,h", "show this help")(
      "tests", po::value(&TestsDir), "tests dir (holding spec.json)")(
      "edits", po::value(&EditsPath), "edit list giving the variant (default: none)")(
      "heldout", "run the held-out cases instead")(
      "repeat", po::value(&Repeat)->default_value(1), "runs per case; time is the median")(
      "target", po::value(&Target)->default_value("cpu"), "cpu (cuda and hip: later)")(
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

  auto Spec = gevo::loadSpec(TestsDir);
  if (!Spec)
    usageError(toString(Spec.takeError()));
  LLVMContext Ctx;
  std::unique_ptr<Module> Base =
      gevo::loadModule(Tool, compileIfCuda(Kernel, argv[0]), Ctx);
  gevo::nameInstructions(*Base);
  std::unique_ptr<Module> Variant = CloneModule(*Base);
  if (!EditsPath.empty()) {
    auto Edits = gevo::parseEdits(gevo::readTextFile(Tool, EditsPath));
    if (!Edits)
      usageError(EditsPath + ": " + toString(Edits.takeError()));
    gevo::ApplyReport Report = gevo::applyEdits(*Variant, *Edits);
    for (auto &[Index, Why] : Report.NotApplicable)
      errs() << Tool << ": edit " << Index + 1 << " not applicable: " << Why << "\n";
  }
  auto BaseDev = gevo::cpu::CpuPlanDevice::create(*Base);
  if (!BaseDev)
    usageError(Kernel + ": " + toString(BaseDev.takeError()));
  std::vector<CaseResult> Results;
  gevo::Status Overall = gevo::Status::Ok;
  auto VarDev = gevo::cpu::CpuPlanDevice::create(*Variant);
  const auto &Cases = VM.count("heldout") ? Spec->HeldOut : Spec->Cases;
  for (const gevo::CaseSpec &C : Cases) {
    CaseResult R;
    if (!VarDev) {
      R.Name = C.Name;
      R.S = gevo::Status::CompileFail;
      R.Message = toString(VarDev.takeError());
    } else {
      R = evaluate(C, **BaseDev, **VarDev, Repeat);
    }
    if (Overall == gevo::Status::Ok)
      Overall = R.S;
    Results.push_back(std::move(R));
  }
  if (VM.count("json"))
    std::cout << toJson(Results, Overall).dump(2) << "\n";
  else
    printTable(Results);
  return Overall == gevo::Status::Ok ? 0 : 1;
}
