//===- Resolve.h - Entry points of a driver library, by name -----*- C++ -*-===//
//
// What the CUDA and HIP tables share: finding entry points, and a launch
// through a driver's pair of launch entry points (CUDA's and HIP's take
// the same arguments).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_GPU_RESOLVE_H
#define GEVO_HARNESS_GPU_RESOLVE_H

#include "gevo/harness/GpuDriver.h"

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

} // namespace gevo::gpu

#endif
