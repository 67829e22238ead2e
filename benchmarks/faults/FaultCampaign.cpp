//===- FaultCampaign.cpp - Random mutants through the sandboxed Evaluator ---===//
//
//   gevo_fault_campaign [--mutants N] [--kernels a,b] [--workers W] [--seed S]
//   gevo_fault_campaign --kernel K.ll=TESTS_DIR ...
//
// For every corpus kernel with a tests dir (or each --kernel): N mutants, each 1 to 3 random
// edits of random ops on the base, evaluated through gevo::Evaluator in
// batches. Prints per kernel the status histogram, worker deaths by kind,
// lost runs (results missing or the sandbox failing), hangs that reached
// the watchdog, and evaluations per second.
//
//===----------------------------------------------------------------------===//

#include "ToolSupport.h"

#include "gevo/harness/Evaluator.h"
#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"
#include "gevo/support/Strings.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <boost/program_options.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>

using namespace llvm;
namespace po = boost::program_options;

namespace {

/// Every corpus kernel with a tests dir, by name.
std::vector<std::string> corpusKernels() {
  std::vector<std::string> Names;
  std::error_code EC;
  for (sys::fs::directory_iterator It(GEVO_CORPUS_SOURCE_DIR "/tests", EC), End;
       It != End && !EC; It.increment(EC))
    Names.push_back(sys::path::filename(It->path()).str());
  llvm::sort(Names);
  return Names;
}

struct Campaign {
  unsigned Mutants = 2000, Workers = 2, Batch = 64;
  uint64_t Seed = 1;
};

struct Tally {
  std::map<std::string, unsigned> ByStatus;
  unsigned Unchanged = 0, Invalid = 0, Missing = 0, Lost = 0;
  double EvalSeconds = 0;
  gevo::SandboxStats Workers;
  double Watchdog = 0; ///< the longest job timeout

  void add(const Tally &T) {
    for (auto &[Status, N] : T.ByStatus)
      ByStatus[Status] += N;
    Unchanged += T.Unchanged;
    Invalid += T.Invalid;
    Missing += T.Missing;
    Lost += T.Lost;
    EvalSeconds += T.EvalSeconds;
    Workers.Jobs += T.Workers.Jobs;
    Workers.Spawns += T.Workers.Spawns;
    for (unsigned K = 0; K < gevo::JobResult::NumKinds; ++K)
      Workers.ByKind[K] += T.Workers.ByKind[K];
    Workers.LongestJobSeconds =
        std::max(Workers.LongestJobSeconds, T.Workers.LongestJobSeconds);
    Watchdog = std::max(Watchdog, T.Watchdog);
  }
};

/// One mutant: 1 to 3 random edits of random ops; "" when none applied or
/// the verifier rejects it (a passes bug, counted apart).
std::string makeMutant(const Module &Base, gevo::Rng &R, Tally &T) {
  std::unique_ptr<Module> M = CloneModule(Base);
  unsigned Edits = 1 + unsigned(R.below(3)), Applied = 0;
  ArrayRef<gevo::OpKind> Ops = gevo::allOps();
  for (unsigned I = 0; I < Edits; ++I)
    Applied += gevo::mutate(*M, Ops[R.below(Ops.size())], R).has_value();
  if (!Applied) {
    ++T.Unchanged;
    return "";
  }
  if (verifyModule(*M, &errs())) {
    ++T.Invalid;
    return "";
  }
  return gevo::bitcodeOf(*M);
}

void record(const std::vector<gevo::VariantEval> &Results, size_t Asked,
            Tally &T) {
  T.Missing += unsigned(Asked - std::min(Asked, Results.size()));
  for (const gevo::VariantEval &V : Results) {
    ++T.ByStatus[std::string(gevo::statusName(V.S))];
    T.Lost += V.Message.rfind("worker lost", 0) == 0;
  }
}

void report(const std::string &Name, unsigned Mutants, const Tally &T) {
  const gevo::SandboxStats &S = T.Workers;
  double Watchdog = T.Watchdog;
  unsigned Evaluated = 0;
  for (auto &[Status, N] : T.ByStatus)
    Evaluated += N;
  std::printf("%s: %u mutants, %u evaluated (%u unchanged, %u rejected by "
              "the verifier), %.1f s, %.1f evaluations/s, watchdog %.1f s\n",
              Name.c_str(), Mutants, Evaluated, T.Unchanged, T.Invalid,
              T.EvalSeconds, T.EvalSeconds > 0 ? Evaluated / T.EvalSeconds : 0,
              Watchdog);
  std::printf("  status:");
  for (auto &[Status, N] : T.ByStatus)
    std::printf(" %s %u", Status.c_str(), N);
  std::printf("\n  worker deaths: %llu (", (unsigned long long)S.restarts());
  for (unsigned K = 1; K < gevo::JobResult::NumKinds; ++K)
    std::printf("%s%s %llu", K > 1 ? ", " : "",
                gevo::jobKindName(gevo::JobResult::Kind(K)),
                (unsigned long long)S.ByKind[K]);
  std::printf("); workers forked %llu\n", (unsigned long long)S.Spawns);
  std::printf("  lost runs: %u missing, %u lost; killed by the watchdog: "
              "%llu; longest job %.2f s (hangs beyond the watchdog: %s)\n",
              T.Missing, T.Lost,
              (unsigned long long)S.ByKind[gevo::JobResult::TimedOut],
              S.LongestJobSeconds,
              S.LongestJobSeconds > Watchdog + 1 ? "yes" : "none");
  std::fflush(stdout);
}

/// A kernel to campaign: its name, IR and tests dir.
struct Target {
  std::string Name, Ir, Dir;
};

Target corpusTarget(const std::string &Name) {
  return {Name, std::string(GEVO_CORPUS_DIR) + "/" + Name + ".ll",
          std::string(GEVO_CORPUS_SOURCE_DIR) + "/tests/" + Name};
}

/// Runs the campaign on one kernel and adds it to \p Total; false when it
/// could not start.
bool runKernel(const Target &K, const Campaign &C, Tally &Total) {
  const std::string &Name = K.Name, &Dir = K.Dir;
  if (!sys::fs::exists(Dir + "/spec.json"))
    return true;
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> Base = parseIRFile(K.Ir, Diag, Ctx);
  auto S = gevo::loadSpec(Dir);
  if (!Base || !S) {
    errs() << Name << ": cannot load the kernel or its spec"
           << (S ? "" : ": " + toString(S.takeError())) << "\n";
    return false;
  }
  gevo::nameInstructions(*Base);
  gevo::EvalOptions O;
  O.Workers = C.Workers;
  auto E = gevo::Evaluator::create(*Base, *S, O);
  if (!E) {
    errs() << Name << ": " << toString(E.takeError()) << "\n";
    return false;
  }
  gevo::Rng R(C.Seed);
  Tally T;
  for (unsigned Done = 0; Done < C.Mutants;) {
    std::vector<std::string> Batch;
    for (; Done < C.Mutants && Batch.size() < C.Batch; ++Done)
      if (std::string B = makeMutant(*Base, R, T); !B.empty())
        Batch.push_back(std::move(B));
    auto Start = std::chrono::steady_clock::now();
    std::vector<gevo::VariantEval> Results = (*E)->evaluate(Batch);
    T.EvalSeconds += std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - Start)
                         .count();
    record(Results, Batch.size(), T);
  }
  T.Workers = (*E)->stats();
  T.Watchdog = (*E)->jobTimeout();
  report(Name, C.Mutants, T);
  Total.add(T);
  return true;
}

} // namespace

int main(int argc, char **argv) {
  Campaign C;
  std::string Kernels;
  std::vector<std::string> Extra;
  po::options_description Opts("gevo_fault_campaign options");
  Opts.add_options()("help,h", "show this help")(
      "mutants", po::value(&C.Mutants)->default_value(2000), "mutants per kernel")(
      "kernels", po::value(&Kernels), "comma-separated corpus kernels (default: all)")(
      "kernel", po::value(&Extra), "K.ll=TESTS_DIR: campaign this kernel instead (repeatable)")(
      "workers", po::value(&C.Workers)->default_value(2), "sandboxed workers")(
      "batch", po::value(&C.Batch)->default_value(64), "mutants per evaluate() call")(
      "seed", po::value(&C.Seed)->default_value(1), "random seed");
  po::variables_map VM;
  gevo::parseCommandLineOrHelp("gevo_fault_campaign", argc, argv, Opts, nullptr, VM, 2);
  if (C.Workers == 0 || C.Batch == 0) {
    std::cerr << "gevo_fault_campaign: error: --workers and --batch must be "
                 "at least 1\n";
    return 2;
  }
  std::vector<Target> Targets;
  for (const std::string &E : Extra) {
    auto [Ir, Dir] = StringRef(E).split('=');
    if (Dir.empty()) {
      std::cerr << "gevo_fault_campaign: error: --kernel wants K.ll=TESTS_DIR, "
                   "got '" << E << "'\n";
      return 2;
    }
    Targets.push_back({sys::path::stem(Ir).str(), Ir.str(), Dir.str()});
  }
  if (Targets.empty() || !Kernels.empty())
    for (const std::string &Name :
         Kernels.empty() ? corpusKernels() : gevo::splitList(Kernels))
      Targets.push_back(corpusTarget(Name));
  bool Ok = true;
  Tally Total;
  for (const Target &K : Targets)
    Ok &= runKernel(K, C, Total);
  report("all kernels", C.Mutants * unsigned(Targets.size()), Total);
  // Reaching here means the harness itself never crashed.
  std::printf("campaign complete: no harness crash\n");
  return Ok ? 0 : 1;
}
