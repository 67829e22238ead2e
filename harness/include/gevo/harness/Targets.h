//===- Targets.h - The GPU targets, one file each -----------------*- C++ -*-===//
//
// --target cpu is the reference executor (harness/cpu); every other target
// is a GPU target: a driver API (a gpu::Api table over a library opened
// with dlopen) and a lowering of the variant to an image that driver loads.
// Each lives in harness/targets/<Name>.cpp, listed once in Targets.def;
// the tools, the run configuration and the sandbox know targets only
// through this registry.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_TARGETS_H
#define GEVO_HARNESS_TARGETS_H

#include "gevo/harness/GpuDriver.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace gevo {

struct GpuTarget {
  const char *Name; ///< --target NAME
  const char *Help; ///< one line for --help and the README
  /// The driver's table, opened on first use; null, with Why in one line
  /// ("no NVIDIA driver: libcuda.so.1 not found"), when it cannot be.
  const gpu::Api *(*Api)(gpu::Error &Why);
  /// M lowered to an image Api's Load takes, for Arch ("" : the target's
  /// default architecture); an Error names the step that failed.
  llvm::Expected<std::string> (*Lower)(const llvm::Module &M, llvm::StringRef Arch);
  /// The extension of Lower's image as a file: "ptx", "hsaco".
  const char *ImageSuffix;
  /// NVIDIA's compute-sanitizer can check this target's kernels (memory,
  /// races, synchronisation, initialisation): gevo-evolve runs it on the
  /// final variant when it is installed.
  bool ComputeSanitizer = false;
};

/// Every GPU target, in Targets.def order.
const std::vector<const GpuTarget *> &gpuTargets();
/// The GPU target called Name; null for "cpu" and unknown names.
const GpuTarget *findGpuTarget(llvm::StringRef Name);
/// "cpu" or a GPU target's name.
bool isKnownTarget(llvm::StringRef Name);
/// The known targets for messages: "cpu, cuda or hip".
std::string targetNames();
/// Each target with its help, for --help: "cpu (the reference: ...), cuda
/// (NVIDIA GPUs: ...) or hip (...)".
std::string targetHelp();

} // namespace gevo

#endif
