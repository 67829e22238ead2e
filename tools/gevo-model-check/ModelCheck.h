//===- ModelCheck.h - Predicted vs measured times of tuned configs -*- C++ -*-===//
//
// What gevo-model-check does, apart from its command line: read a Kernel
// Tuner cache file, sample its measured configurations, compile the kernel
// once per configuration (gevo-cc, the configuration as -D defines), run a
// case of the tests dir on the cpu target with the configuration's values
// as parameters (only the blocks the model traces: a prediction needs no
// more), and compare the model's times with the measured ones.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_MODELCHECK_H
#define GEVO_TOOLS_MODELCHECK_H

#include "gevo/harness/Cuda.h"
#include "gevo/harness/Spec.h"
#include "gevo/harness/cpu/Gpu.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gevo::modelcheck {

/// One measured configuration of a cache file.
struct Measured {
  std::string Key; ///< the cache's key, "16,8,15,15,0,1,2,1"
  std::map<std::string, double> Values; ///< tunable parameters
  double Ms = 0;   ///< measured time
};

struct CacheFile {
  std::string Device, Kernel;
  std::vector<std::string> Params; ///< tune_params_keys
  std::vector<Measured> Configs;   ///< those with a time, in file order
};

/// Reads a Kernel Tuner cache file (.json or .json.gz); configurations
/// without a time (failed, invalid) are left out. A bad file is an Error
/// naming it.
llvm::Expected<CacheFile> readCache(const std::string &Path);

/// \p V as a define or a parameter takes it: "16", "0.5".
std::string numberText(double V);

/// \p Count of \p All, drawn with \p Seed (all when there are no more).
std::vector<Measured> sample(const std::vector<Measured> &All, unsigned Count,
                             uint64_t Seed);

struct CheckOptions {
  std::string GevoCc, Kernel;
  std::vector<std::string> Defines; ///< -D NAME=VALUE given by the user
  cpu::GpuSpec Gpu;
  unsigned TracedBlocks = 4;
  std::string Case; ///< the tests dir's case to run; empty: the first
  unsigned Jobs = 1;
  /// Registers from ptxas -v (lowering each configuration to PTX) instead
  /// of the IR estimate.
  std::optional<CudaToolkit> Ptxas;
};

/// What the cpu target made of one configuration.
struct Predicted {
  Measured Config;
  bool Ok = false;
  std::string Message; ///< why not, when not Ok
  double ModeledMs = 0;
  double Count = 0; ///< the instruction count (--objective count)
  std::string Note; ///< the model's reasons (LaunchPerf::summary)
  std::string Registers; ///< "ptxas", or why not (the IR's estimate)
  double CompileSeconds = 0, RunSeconds = 0;
};

/// Compiles and runs every configuration of \p Configs (Jobs at once);
/// results in their order. \p Progress is called after each.
std::vector<Predicted>
predictAll(const Spec &S, const std::vector<Measured> &Configs,
           const CheckOptions &O,
           const std::function<void(size_t Done)> &Progress);

/// How a prediction orders the configurations that ran.
struct Agreement {
  double Spearman = 0;
  /// The measured optimum (of those that ran) over the measured time of
  /// the configuration the prediction ranks best.
  double TopPick = 0;
  size_t Pick = 0; ///< its index
};
Agreement agreement(const std::vector<double> &Predicted,
                    const std::vector<double> &Measured);

} // namespace gevo::modelcheck

#endif // GEVO_TOOLS_MODELCHECK_H
