//===- LoweringBench.cpp - In-process lowering time per variant -----------===//
//
//   gevo-lowering-bench [--mutants N] [--seed S] [--no-ptxas] [--no-lld]
//
// For every corpus kernel, N random mutants (1 to 3 random edits each, as
// in the fault campaign) are lowered one after another on one thread:
// PTX in process (lowerToPTX, libdevice linked), checked by ptxas
// -arch=sm_80 (a process), and an AMDGPU code object (compileToAmdgcn in
// process, then ld.lld, a process). Prints the mean and median time of
// each step per variant and every failure; GEVO's llc + ptxas processes
// take 26-28 ms + 24 ms per variant. A benchmark for the report, not a
// test.
//
//===----------------------------------------------------------------------===//

#include "ToolSupport.h"

#include "gevo/harness/Amdgpu.h"
#include "gevo/harness/Cuda.h"
#include "gevo/harness/Lower.h"
#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"
#include "gevo/support/Stats.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <boost/program_options.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <map>

using namespace llvm;
namespace po = boost::program_options;

namespace {

/// Times and failures of one lowering step over the mutants of a kernel.
struct Step {
  std::vector<double> Ms;
  unsigned Failed = 0;
  std::string FirstFailure;

  /// Runs Fn, timing it; false (and counted) when it fails.
  bool run(const std::function<Error()> &Fn) {
    auto Start = std::chrono::steady_clock::now();
    Error E = Fn();
    Ms.push_back(std::chrono::duration<double, std::milli>(
                     std::chrono::steady_clock::now() - Start)
                     .count());
    if (!E)
      return true;
    std::string Why = toString(std::move(E));
    if (!Failed++)
      FirstFailure = Why.substr(0, Why.find('\n'));
    return false;
  }
  double mean() const { return gevo::mean(Ms); }
  double median() const { return gevo::median(Ms); }
};

enum StepKind { Ptx, Ptxas, Amdgcn, Lld, NumSteps };
const char *StepNames[NumSteps] = {"ptx", "ptxas", "amdgcn", "lld"};

/// A mutant of Base with 1 to 3 random edits, or null when none applied.
std::unique_ptr<Module> makeMutant(const Module &Base, gevo::Rng &R) {
  std::unique_ptr<Module> M = CloneModule(Base);
  unsigned Edits = 1 + unsigned(R.below(3)), Applied = 0;
  ArrayRef<gevo::OpKind> Ops = gevo::allOps();
  for (unsigned I = 0; I < Edits; ++I)
    Applied += gevo::mutate(*M, Ops[R.below(Ops.size())], R).has_value();
  if (!Applied || verifyModule(*M))
    return nullptr;
  return M;
}

std::vector<std::string> corpusKernels() {
  std::vector<std::string> Paths;
  std::error_code EC;
  for (sys::fs::directory_iterator It(GEVO_CORPUS_DIR, EC), End;
       It != End && !EC; It.increment(EC))
    if (sys::path::extension(It->path()) == ".ll")
      Paths.push_back(It->path());
  std::sort(Paths.begin(), Paths.end());
  return Paths;
}

struct Config {
  unsigned Mutants = 100;
  uint64_t Seed = 1;
  std::optional<gevo::CudaToolkit> Cuda;
  std::optional<std::string> Lld;
};

/// Lowers the mutants of the kernel at Path; Steps accumulates.
unsigned lowerMutants(const std::string &Path, const Config &C,
                      std::array<Step, NumSteps> &Steps) {
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> Base = parseIRFile(Path, Diag, Ctx);
  if (!Base) {
    std::cerr << Path << ": " << Diag.getMessage().str() << "\n";
    std::exit(2);
  }
  gevo::nameInstructions(*Base);
  gevo::PtxOptions PtxOpts = gevo::installedPtxOptions();
  gevo::Rng R(C.Seed);
  unsigned Made = 0;
  for (unsigned Tries = 0; Made < C.Mutants && Tries < 4 * C.Mutants; ++Tries) {
    std::unique_ptr<Module> M = makeMutant(*Base, R);
    if (!M)
      continue;
    ++Made;
    std::string Text, Object;
    if (Steps[Ptx].run([&] { return gevo::lowerToPTX(*M, PtxOpts).moveInto(Text); }) &&
        C.Cuda && !C.Cuda->Ptxas.empty())
      Steps[Ptxas].run([&] { return gevo::checkPtx(Text, *C.Cuda, "sm_80"); });
    if (Steps[Amdgcn].run([&] {
          return gevo::compileToAmdgcn(*M, {}).moveInto(Object);
        }) && C.Lld)
      Steps[Lld].run([&] {
        return gevo::linkCodeObject(Object, *C.Lld).takeError();
      });
  }
  return Made;
}

void printRow(const std::string &Name, unsigned Mutants,
              const std::array<Step, NumSteps> &Steps) {
  std::printf("%-22s %7u", Name.c_str(), Mutants);
  for (const Step &S : Steps)
    std::printf("  %7.2f %7.2f %5u", S.mean(), S.median(), S.Failed);
  std::printf("\n");
}

} // namespace

int main(int argc, char **argv) {
  po::options_description Opts("gevo-lowering-bench options");
  Config C;
  Opts.add_options()("help,h", "show this help")(
      "mutants", po::value(&C.Mutants)->default_value(100),
      "random mutants per corpus kernel")(
      "seed", po::value(&C.Seed)->default_value(1), "random seed")(
      "no-ptxas", "skip the ptxas check")("no-lld", "skip linking with ld.lld");
  po::variables_map VM;
  gevo::parseCommandLineOrHelp("gevo-lowering-bench", argc, argv, Opts, nullptr, VM, 2);
  if (!VM.count("no-ptxas"))
    C.Cuda = gevo::findCudaToolkit();
  if (!VM.count("no-lld"))
    C.Lld = gevo::findLld();
  std::printf("per variant, ms: mean median failures; %s, %s\n",
              C.Cuda ? "ptxas -arch=sm_80" : "no ptxas",
              C.Lld ? C.Lld->c_str() : "no ld.lld");
  std::printf("%-22s %7s", "kernel", "mutants");
  for (const char *Name : StepNames)
    std::printf("  %-21s", Name);
  std::printf("\n");
  std::array<Step, NumSteps> All;
  unsigned Total = 0;
  std::vector<std::string> Failures;
  for (const std::string &Path : corpusKernels()) {
    std::array<Step, NumSteps> Steps;
    unsigned Made = lowerMutants(Path, C, Steps);
    std::string Name = sys::path::stem(Path).str();
    printRow(Name, Made, Steps);
    Total += Made;
    for (int I = 0; I < NumSteps; ++I) {
      All[I].Ms.insert(All[I].Ms.end(), Steps[I].Ms.begin(), Steps[I].Ms.end());
      All[I].Failed += Steps[I].Failed;
      if (Steps[I].Failed)
        Failures.push_back(Name + " " + StepNames[I] + ": " +
                           std::to_string(Steps[I].Failed) + " failed, first: " +
                           Steps[I].FirstFailure);
    }
  }
  printRow("all", Total, All);
  for (const std::string &F : Failures)
    std::printf("  %s\n", F.c_str());
  return 0;
}
