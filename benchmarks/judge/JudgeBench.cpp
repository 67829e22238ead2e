//===- JudgeBench.cpp - What the cpu target's judge and model cost --------===//
//
//   gevo_judge_bench [--compare judge|model] [--rounds N] [--runs N]
//                    [--kernels a,b]
//
// For every corpus kernel and Rodinia-style app with a launch-plan tests
// dir: the base's cases run in process on the cpu target with the judge
// (race and initialisation checks) on and off, or, with --compare model,
// with the judge on and the performance model (an A100) on and off; both
// with memory checks and blocks in order as in the sandbox's workers,
// rounds interleaved (the best round of each counts). Prints kernel time
// and JIT time per kernel and their ratios, on over off. A benchmark for
// the report, not a test.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"
#include "ToolSupport.h"

#include "gevo/harness/Spec.h"
#include "gevo/harness/cpu/PlanDevice.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"

#include <boost/program_options.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

using namespace llvm;
using namespace gevo;
namespace po = boost::program_options;

namespace {

using judge::Clock;
using judge::since;

struct Timing {
  double Jit = 1e30, Kernel = 1e30;
  std::string Failure;
};

/// The options of the \p On side of comparison \p What.
cpu::Options optionsFor(const std::string &What, bool On) {
  cpu::Options O;
  O.ParallelBlocks = false;
  O.RaceChecks = O.InitChecks = On || What == "model";
  if (What == "model" && On)
    O.Gpu = cantFail(cpu::findGpu(cpu::DefaultGpu));
  return O;
}

/// One round of \p B's plan cases on a fresh device with options \p O,
/// each case run \p Runs times (the kernel time is per run).
void runRound(const Module &M, const Spec &S, const cpu::Options &O,
              unsigned Runs, Timing &T) {
  auto Start = Clock::now();
  auto Dev = cpu::CpuPlanDevice::create(M, O);
  if (!Dev) {
    T.Failure = toString(Dev.takeError());
    return;
  }
  T.Jit = std::min(T.Jit, since(Start));
  double Kernel = 0;
  for (const CaseSpec &C : S.Cases)
    for (unsigned R = 0; R < Runs && !C.Driver; ++R) {
      CaseOutcome Got = runCase(C, **Dev);
      if (Got.S != Status::Ok)
        T.Failure = C.Name + ": " + std::string(statusName(Got.S)) + " " +
                    Got.Message;
      Kernel += Got.KernelSeconds;
    }
  T.Kernel = std::min(T.Kernel, Kernel / Runs);
}

double geomean(const std::vector<double> &V) {
  double Sum = 0;
  for (double X : V)
    Sum += std::log(X);
  return V.empty() ? 0 : std::exp(Sum / V.size());
}

} // namespace

int main(int Argc, char **Argv) {
  unsigned Rounds = 5, Runs = 1;
  std::string Only, What;
  po::options_description Opts("gevo_judge_bench: kernel and JIT time with "
                               "the cpu target's judge or model on and "
                               "off");
  Opts.add_options()("help,h", "show this help")(
      "compare", po::value(&What)->default_value("judge"),
      "judge (race and initialisation checks) or model (the performance "
      "model, judge on)")(
      "rounds", po::value(&Rounds)->default_value(5), "interleaved rounds")(
      "runs", po::value(&Runs)->default_value(1),
      "runs of each case per round, after its JIT (kernel time per run)")(
      "kernels", po::value(&Only), "only these (comma-separated names)");
  po::variables_map VM;
  gevo::parseCommandLine("gevo_judge_bench", Argc, Argv, Opts, nullptr, VM, 2);
  if (VM.count("help") || Rounds == 0 || Runs == 0 ||
      (What != "judge" && What != "model")) {
    std::cout << Opts;
    return VM.count("help") ? 0 : 2;
  }
  std::printf("%-18s %11s %11s %7s %9s %9s %7s %7s\n", "kernel",
              "run off ms", "run on ms", "ratio", "jit off", "jit on", "ratio",
              "both");
  std::vector<double> RunRatios, JitRatios, BothRatios;
  for (const judge::Kernel &B :
       judge::kernels(GEVO_SOURCE_DIR, GEVO_BINARY_DIR)) {
    if (!Only.empty() && !is_contained(split(Only, ','), B.Name))
      continue;
    LLVMContext Ctx;
    Spec S;
    std::unique_ptr<Module> M = judge::load(B, Ctx, S);
    if (!M)
      continue;
    Timing T[2];
    for (unsigned R = 0; R < Rounds; ++R)
      for (bool On : {false, true})
        runRound(*M, S, optionsFor(What, On), Runs, T[On]);
    if (!T[0].Failure.empty() || !T[1].Failure.empty()) {
      std::printf("%-18s failed: %s\n", B.Name.c_str(),
                  (T[0].Failure + T[1].Failure).c_str());
      continue;
    }
    double Run = T[1].Kernel / T[0].Kernel, Jit = T[1].Jit / T[0].Jit;
    if (T[0].Kernel > 0) // (a tests dir of driver cases runs nothing here)
      RunRatios.push_back(Run);
    JitRatios.push_back(Jit);
    // What an evaluation in a worker spends: one JIT, one run of the cases.
    double Both = (T[1].Jit + T[1].Kernel) / (T[0].Jit + T[0].Kernel);
    BothRatios.push_back(Both);
    std::printf("%-18s %11.3f %11.3f %6.2fx %8.1f %8.1f %6.2fx %6.2fx\n",
                B.Name.c_str(), T[0].Kernel * 1e3, T[1].Kernel * 1e3, Run,
                T[0].Jit * 1e3, T[1].Jit * 1e3, Jit, Both);
  }
  std::printf("geometric mean: kernel time %.2fx, JIT %.2fx, JIT and kernel "
              "%.2fx (%s on / off)\n",
              geomean(RunRatios), geomean(JitRatios), geomean(BothRatios),
              What.c_str());
}
