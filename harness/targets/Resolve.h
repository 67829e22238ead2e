//===- Resolve.h - Entry points of a driver library, by name -----*- C++ -*-===//
//
// What the GPU targets' tables share: opening the driver library once,
// finding entry points, and the entries CUDA's and HIP's calls fill alike.
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

enum class Vendor { Cuda, Hip };

/// Sets D's members to Lib's entry points of DriverCalls.def, by Vendor's
/// symbols, and the optional cooperative launch (null where Lib lacks it,
/// under CooperativeLaunch); false when Lib lacks one of the others.
template <Vendor V, auto &D> bool resolveShared(void *Lib, const char *CooperativeLaunch) {
  resolve(Lib, CooperativeLaunch, D.LaunchCooperativeKernel);
#define GEVO_DRIVER_CALL(Member, CudaSymbol, HipSymbol)                                  \
  if (!resolve(Lib, V == Vendor::Cuda ? CudaSymbol : HipSymbol, D.Member))              \
    return false;
#include "DriverCalls.def"
  return true;
}

/// A table with the vendor's names of its calls, holding the entries every
/// driver fills alike from its entry points D, a struct whose members carry
/// the CUDA driver API's names (HIP's calls of those names take the same
/// arguments): Init, DeviceGetCount, MemcpyHtoD, MemcpyDtoH, ModuleUnload,
/// ModuleGetFunction, ModuleGetGlobal, LaunchKernel,
/// LaunchCooperativeKernel (null: the driver has no cooperative launch),
/// EventDestroy, EventRecord, EventSynchronize and EventElapsedTime. The
/// target fills in the rest.
template <auto &D> Api sharedEntries(decltype(Api::Calls) Calls) {
  Api T{};
  T.Calls = Calls;
  T.Init = [] { return D.Init(0); };
  T.Count = [](int *N) { return D.DeviceGetCount(N); };
  T.CopyIn = [](DevicePtr Dst, const void *Src, size_t Bytes) {
    return D.MemcpyHtoD(Dst, Src, Bytes);
  };
  T.CopyOut = [](void *Dst, DevicePtr Src, size_t Bytes) {
    return D.MemcpyDtoH(Dst, Src, Bytes);
  };
  T.Unload = [](void *M) { return D.ModuleUnload(M); };
  T.Function = [](void **Fn, void *M, const char *Name) {
    return D.ModuleGetFunction(Fn, M, Name);
  };
  T.Global = [](DevicePtr *P, size_t *Bytes, void *M, const char *Name) {
    return D.ModuleGetGlobal(P, Bytes, M, Name);
  };
  T.Launch = [](void *Fn, Dims Grid, Dims Block, unsigned SharedBytes, void **Args,
                bool Cooperative) {
    constexpr int NotSupported = 801; // CUDA_ERROR_NOT_SUPPORTED, hipErrorNotSupported
    if (Cooperative)
      return D.LaunchCooperativeKernel
                 ? D.LaunchCooperativeKernel(Fn, Grid.X, Grid.Y, Grid.Z, Block.X, Block.Y,
                                             Block.Z, SharedBytes, nullptr, Args)
                 : NotSupported;
    return D.LaunchKernel(Fn, Grid.X, Grid.Y, Grid.Z, Block.X, Block.Y, Block.Z, SharedBytes,
                          nullptr, Args, nullptr);
  };
  T.EventDestroy = [](void *E) { return D.EventDestroy(E); };
  T.EventRecord = [](void *E) { return D.EventRecord(E, nullptr); };
  T.EventSynchronize = [](void *E) { return D.EventSynchronize(E); };
  T.EventElapsed = [](float *Ms, void *Start, void *Stop) {
    return D.EventElapsedTime(Ms, Start, Stop);
  };
  return T;
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
