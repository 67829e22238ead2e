//===- Resolve.h - Entry points of a driver library, by name -----*- C++ -*-===//
//
// What the GPU targets' tables share: opening the driver library once,
// finding entry points, and a launch through a driver's pair of launch
// entry points (CUDA's and HIP's take the same arguments).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_TARGETS_RESOLVE_H
#define GEVO_HARNESS_TARGETS_RESOLVE_H


#include "gevo/harness/GpuDriver.h"

#include <initializer_list>
#include <mutex>
#include <utility>
#include <vector>

#include <dlfcn.h>

namespace gevo::gpu {

/// Sets Slot to Lib's symbol Name; false when Lib lacks it.
template <typename Fn> bool resolve(void *Lib, const char *Name, Fn &Slot) {
  Slot = reinterpret_cast<Fn>(dlsym(Lib, Name));
  return Slot != nullptr;
}

/// A kernel launch: Launch, or Cooperative when asked for (NotSupported
/// when the driver has no cooperative launch).
template <typename LaunchFn, typename CooperativeFn>
int launchWith(LaunchFn Launch, CooperativeFn Cooperative, int NotSupported,
               void *Fn, Dims Grid, Dims Block, unsigned SharedBytes,
               void **Args, bool AsCooperative) {
  if (AsCooperative)
    return Cooperative ? Cooperative(Fn, Grid.X, Grid.Y, Grid.Z, Block.X,
                                     Block.Y, Block.Z, SharedBytes, nullptr,
                                     Args)
                       : NotSupported;
  return Launch(Fn, Grid.X, Grid.Y, Grid.Z, Block.X, Block.Y, Block.Z,
                SharedBytes, nullptr, Args, nullptr);
}

/// Table, once the first of Paths that opens has every entry point
/// ResolveAll needs; else null, and Why is Missing (no library opened) or
/// "<path> lacks an entry point gevo needs (<Old>)". Opened once per
/// process, on the first call.
inline const Api *openOnce(const Api &Table, std::initializer_list<const char *> Paths,
                           bool (*ResolveAll)(void *Lib), const char *Missing,
                           const char *Old, Error &Why) {
  static std::mutex Lock; // Table tells the libraries apart
  static std::vector<std::pair<const Api *, Error>> Opened;
  std::lock_guard<std::mutex> Guard(Lock);
  for (auto &[T, E] : Opened)
    if (T == &Table) {
      Why = E;
      return Why.empty() ? &Table : nullptr;
    }
  void *Lib = nullptr;
  const char *Path = nullptr;
  for (const char *P : Paths)
    if (P && *P && !Lib && (Lib = dlopen(P, RTLD_NOW | RTLD_LOCAL)))
      Path = P;
  Why = !Lib ? Missing
             : ResolveAll(Lib) ? ""
                               : std::string(Path) + " lacks an entry point gevo needs (" + Old + ")";
  Opened.emplace_back(&Table, Why);
  return Why.empty() ? &Table : nullptr;
}

} // namespace gevo::gpu

#endif
