//===- StageBench.cpp - Where a variant's evaluation time goes -------------===//
//
//   gevo_stage_bench [--kernels a,b|all] [--variants N] [--tiers 2,1,0]
//                    [--seed S] [--rounds R]
//
// For each kernel (default: the bundled stencil, lud and the SGD trainer):
// N mutants (one random edit each, verified, as bitcode), then, per JIT tier
// (an Options::OptLevel), each mutant evaluated as a sandbox worker does
// (one process, many variants, in a forked child) with the default judge
// and model (an A100) and a worker's step budgets: parse the bitcode, load
// it on the cpu target (the bitcode's module retargeted in place, compiled
// in the thread's shared JIT), run the evaluation cases (without the
// judge's reverse-schedule run). Prints the mean time per evaluation of
// each stage, how many mutants' statuses differ from the first tier's
// (each one named with its edit), and the child's resident memory. A
// benchmark for the report, not a test.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"
#include "ToolSupport.h"

#include "gevo/harness/DriverHost.h"
#include "gevo/harness/Spec.h"
#include "gevo/harness/cpu/PlanDevice.h"
#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <boost/program_options.hpp>

#include <chrono>
#include <cstring>
#include <cstdio>
#include <iostream>

#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace gevo;
namespace po = boost::program_options;

namespace {

using judge::Clock;
using judge::since;

/// Seconds per stage, summed over variants.
struct Stages {
  double Parse = 0, Retarget = 0, Optimise = 0, Codegen = 0, Run = 0;
  double total() const { return Parse + Retarget + Optimise + Codegen + Run; }
};

/// \p N mutants of \p Base, one random edit each, as bitcode; \p Edits
/// gets each one's edit.
std::vector<std::string> mutants(const Module &Base, unsigned N, uint64_t Seed,
                                 std::vector<std::string> &Edits) {
  std::vector<std::string> Out;
  Rng R(Seed);
  for (unsigned Tries = 0; Out.size() < N && Tries < 20 * N; ++Tries) {
    auto M = CloneModule(Base);
    ArrayRef<OpKind> Ops = allOps();
    std::optional<Edit> E = mutate(*M, Ops[R.below(Ops.size())], R);
    if (!E || verifyModule(*M))
      continue;
    Edits.push_back(printEdit(*E));
    std::string Bitcode;
    raw_string_ostream OS(Bitcode);
    WriteBitcodeToFile(*M, OS);
    Out.push_back(std::move(Bitcode));
  }
  return Out;
}

/// One mutant evaluated as a worker does; its statuses (a load failure is
/// "compile_fail").
std::string evaluateHere(const std::string &Bitcode, const Spec &S,
                     const cpu::Options &O, Stages &T) {
  auto Start = Clock::now();
  auto Ctx = std::make_unique<LLVMContext>();
  auto M = parseBitcodeFile(MemoryBufferRef(Bitcode, "variant"), *Ctx);
  if (!M) {
    consumeError(M.takeError());
    return "not bitcode";
  }
  T.Parse += since(Start);
  auto Dev = cpu::CpuPlanDevice::create(std::move(*M), std::move(Ctx), O);
  if (!Dev) {
    consumeError(Dev.takeError());
    return "compile_fail";
  }
  const cpu::Program::LoadStages &L = (*Dev)->program().loadStages();
  T.Retarget += L.Retarget;
  T.Optimise += L.Optimise;
  T.Codegen += L.Codegen;
  Start = Clock::now();
  std::string Statuses;
  for (const CaseSpec &C : S.Cases) {
    CaseOutcome Got = runCase(C, **Dev);
    Statuses += std::string(statusName(Got.S)) + " ";
    if (Got.S != Status::Ok)
      break;
  }
  T.Run += since(Start);
  return Statuses;
}

/// What a child reports per mutant.
struct Record {
  Stages T;
  char Statuses[200];
  long RssKiB; ///< the child's resident memory after it
};

/// This process's resident memory in KiB.
long residentKiB() {
  long Pages = 0, Resident = 0;
  if (FILE *F = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(F, "%ld %ld", &Pages, &Resident) != 2)
      Resident = 0;
    std::fclose(F);
  }
  return Resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/// Resident memory of the evaluating process: after its first 100
/// evaluations, and after the last.
struct Memory {
  long EarlyKiB = 0, LastKiB = 0;
};

/// evaluateHere of every mutant, \p Rounds times over, in child processes,
/// as a worker evaluates them (one process, many variants), as a mutant may
/// crash the compiler: a crash is "crash (signal N)" for the mutant it
/// happened on, which adds no time, and a new child goes on with the next.
std::vector<std::string> evaluateAll(const std::vector<std::string> &Bitcodes,
                                     unsigned Rounds, const Spec &S,
                                     const cpu::Options &O, Stages &T,
                                     Memory &Rss) {
  std::vector<std::string> Out;
  size_t Count = Bitcodes.size() * Rounds;
  while (Out.size() < Count) {
    int Pipe[2];
    if (pipe(Pipe) != 0)
      break;
    std::fflush(stdout);
    size_t From = Out.size();
    pid_t Child = fork();
    if (Child == 0) {
      close(Pipe[0]);
      for (size_t I = From; I < Count; ++I) {
        Record R{};
        std::string Got =
            evaluateHere(Bitcodes[I % Bitcodes.size()], S, O, R.T);
        std::strncpy(R.Statuses, Got.c_str(), sizeof(R.Statuses) - 1);
        R.RssKiB = residentKiB();
        if (write(Pipe[1], &R, sizeof(R)) != sizeof(R))
          _exit(1);
      }
      _exit(0);
    }
    close(Pipe[1]);
    Record R;
    while (read(Pipe[0], &R, sizeof(R)) == sizeof(R)) {
      Out.push_back(R.Statuses);
      if (Out.size() <= 100)
        Rss.EarlyKiB = R.RssKiB;
      Rss.LastKiB = R.RssKiB;
      T.Parse += R.T.Parse;
      T.Retarget += R.T.Retarget;
      T.Optimise += R.T.Optimise;
      T.Codegen += R.T.Codegen;
      T.Run += R.T.Run;
    }
    close(Pipe[0]);
    int WaitStatus = 0;
    waitpid(Child, &WaitStatus, 0);
    if (Out.size() < Count)
      Out.push_back("crash (signal " + std::to_string(WTERMSIG(WaitStatus)) +
                    ")");
  }
  return Out;
}

/// The step budgets a worker gives \p Base's mutants (EvalOptions'
/// default): 8 x the base's costliest case, between 2^24 and 2^30 a thread.
void setBudgets(const Module &Base, const Spec &S, cpu::Options &O) {
  uint64_t Most = 0;
  if (auto Dev = cpu::CpuPlanDevice::create(Base, O))
    for (const CaseSpec &C : S.Cases)
      Most = std::max(Most, runCase(C, **Dev).ModeledCost);
  else
    consumeError(Dev.takeError());
  uint64_t Budget = std::max<uint64_t>(Most * 8, uint64_t(1) << 24);
  O.ThreadCostLimit = std::min<uint64_t>(Budget, uint64_t(1) << 30);
  O.LaunchCostLimit = std::max(Budget, O.ThreadCostLimit);
}

} // namespace

int main(int Argc, char **Argv) {
  unsigned Variants = 40, Rounds = 1;
  uint64_t Seed = 1;
  std::string Only = "stencil2d,lud,sgd", TierList = "2,1,0";
  po::options_description Opts("gevo_stage_bench: time per stage of a "
                               "variant's evaluation on the cpu target, per "
                               "JIT tier");
  Opts.add_options()("help,h", "show this help")(
      "kernels", po::value(&Only)->default_value(Only),
      "kernels (comma-separated names; 'all': every one)")(
      "variants", po::value(&Variants)->default_value(Variants),
      "mutants per kernel")("tiers",
                            po::value(&TierList)->default_value(TierList),
                            "optimisation levels to compare, the first the "
                            "reference")(
      "seed", po::value(&Seed)->default_value(Seed), "the mutants' seed")(
      "rounds", po::value(&Rounds)->default_value(Rounds),
      "evaluate the mutants this many times over in one process (its "
      "resident memory after 100 evaluations and after the last is "
      "printed)");
  po::variables_map VM;
  gevo::parseCommandLine("gevo_stage_bench", Argc, Argv, Opts, nullptr, VM, 2);
  std::vector<unsigned> Tiers;
  for (StringRef T : split(TierList, ','))
    Tiers.push_back(std::stoul(T.str()));
  if (VM.count("help") || Variants == 0 || Rounds == 0 || Tiers.empty()) {
    std::cout << Opts;
    return VM.count("help") ? 0 : 2;
  }
  std::printf("%-17s %4s %5s %7s %8s %8s %8s %8s %8s %6s %7s %7s\n",
              "kernel", "tier", "n", "parse", "retarget", "optimise", "codegen",
              "run", "total", "diff", "rss100", "rss");
  for (const judge::Kernel &B :
       judge::kernels(GEVO_SOURCE_DIR, GEVO_BINARY_DIR, true)) {
    if (Only != "all" && !is_contained(split(Only, ','), B.Name))
      continue;
    LLVMContext Ctx;
    Spec S;
    std::unique_ptr<Module> M = judge::load(B, Ctx, S);
    if (!M)
      continue;
    Error Drivers = buildDrivers(S);
    if (!Drivers)
      Drivers = loadDrivers(S);
    if (Error E = std::move(Drivers)) {
      std::printf("%-17s drivers: %s\n", B.Name.c_str(),
                  toString(std::move(E)).c_str());
      continue;
    }
    nameInstructions(*M);
    std::vector<std::string> Edits;
    std::vector<std::string> Bitcodes = mutants(*M, Variants, Seed, Edits);
    std::vector<std::string> Reference;
    for (unsigned Tier : Tiers) {
      cpu::Options O;
      O.ParallelBlocks = false;
      O.OptLevel = Tier;
      O.Gpu = cantFail(cpu::findGpu(cpu::DefaultGpu));
      setBudgets(*M, S, O);
      Stages T;
      unsigned Differ = 0;
      std::string Differences;
      Memory Rss;
      std::vector<std::string> Got =
          evaluateAll(Bitcodes, Rounds, S, O, T, Rss);
      for (size_t I = 0; I < Bitcodes.size(); ++I) {
        if (Reference.size() <= I) {
          Reference.push_back(Got[I]);
        } else if (Got[I] != Reference[I]) {
          ++Differ;
          Differences += "  mutant " + std::to_string(I) + " (" + Edits[I] +
                         "): " + Reference[I] + "-> " + Got[I] + "\n";
        }
      }
      double N = Got.size() / 1e3; // ms per evaluation
      std::printf("%-17s %4u %5zu %7.2f %8.2f %8.2f %8.2f %8.2f %8.2f %6u "
                  "%6.1fM %6.1fM\n",
                  B.Name.c_str(), Tier, Got.size(), T.Parse / N,
                  T.Retarget / N, T.Optimise / N, T.Codegen / N, T.Run / N,
                  T.total() / N, Differ, Rss.EarlyKiB / 1024.0,
                  Rss.LastKiB / 1024.0);
      std::fputs(Differences.c_str(), stdout);
      std::fflush(stdout);
    }
  }
}
