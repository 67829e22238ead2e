//===- Kernels.h - The kernels the judge is measured and tested on -*- C++ -*-===//
//
// Every corpus kernel and Rodinia-style app with a tests dir, sorted by
// name: the judge's benchmark and its barrier-deletion test run on these,
// and the throughput benchmark (with the ML workloads); and the benchmarks'
// stopwatch.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_BENCHMARKS_JUDGE_KERNELS_H
#define GEVO_BENCHMARKS_JUDGE_KERNELS_H

#include "gevo/harness/Spec.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <chrono>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

namespace gevo::judge {

using Clock = std::chrono::steady_clock;
/// Seconds since \p T.
inline double since(Clock::time_point T) {
  return std::chrono::duration<double>(Clock::now() - T).count();
}

struct Kernel {
  std::string Name, IR, Tests;
};

/// For GoogleTest's messages about a test of \p K.
inline void PrintTo(const Kernel &K, std::ostream *OS) { *OS << K.Name; }

/// The kernels under \p Source (the source tree), their IR under \p Binary;
/// \p WithMl adds the ML workloads (driver cases).
inline std::vector<Kernel> kernels(const std::string &Source,
                                   const std::string &Binary,
                                   bool WithMl = false) {
  std::vector<Kernel> Out;
  auto Add = [&](const std::string &Suite, const std::string &TestsUnder,
                 const std::string &TestsName) {
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator
             It(Source + "/benchmarks/" + Suite + TestsUnder, EC),
         End;
         It != End && !EC; It.increment(EC)) {
      std::string N = llvm::sys::path::filename(It->path()).str();
      std::string Tests = It->path() + TestsName;
      if (llvm::sys::fs::exists(Tests + "/spec.json"))
        Out.push_back(
            {N, Binary + "/benchmarks/" + Suite + "/" + N + ".ll", Tests});
    }
  };
  Add("corpus", "/tests", "");
  Add("rodinia", "", "/tests");
  if (WithMl)
    Add("ml", "", "/tests");
  llvm::sort(Out,
             [](const Kernel &A, const Kernel &B) { return A.Name < B.Name; });
  return Out;
}

/// \p K's IR in \p Ctx and its tests dir's spec; null, with a line
/// saying so on stdout, when either is missing (not built, no tests dir).
inline std::unique_ptr<llvm::Module> load(const Kernel &K,
                                          llvm::LLVMContext &Ctx, Spec &S) {
  llvm::SMDiagnostic Diag;
  auto M = llvm::parseIRFile(K.IR, Diag, Ctx);
  auto Loaded = loadSpec(K.Tests);
  if (M && Loaded) {
    S = std::move(*Loaded);
    return M;
  }
  llvm::consumeError(Loaded.takeError());
  std::printf("%-18s (not built or no tests dir)\n", K.Name.c_str());
  return nullptr;
}

} // namespace gevo::judge

#endif
