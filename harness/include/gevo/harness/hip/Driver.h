//===- Driver.h - The HIP module API, opened at run time ---------*- C++ -*-===//
//
// The hip target's twin of cuda/Driver.h: libamdhip64.so is opened with
// dlopen when a Device is first opened, so one gevo binary runs with and
// without ROCm; without it, open() fails with a one-line reason. No HIP
// header is needed to build this. HIP has no explicit contexts: a Device is
// an ordinal made current with hipSetDevice before each call.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_HIP_DRIVER_H
#define GEVO_HARNESS_HIP_DRIVER_H

#include "gevo/harness/cuda/Driver.h"

#include <memory>
#include <string>
#include <vector>

namespace gevo::hip {

using cuda::DevicePtr;
using cuda::Dims;
using cuda::Error;

class Device;

/// A code object loaded on a device.
class Module {
public:
  ~Module();
  /// As cuda::Module::launch, through hipModuleLaunchKernel.
  Error launch(const std::string &Kernel, Dims Grid, Dims Block,
               unsigned SharedBytes, std::vector<void *> Args,
               float &Milliseconds);
  Error setGlobal(const std::string &Name, const void *Bytes, size_t Size);

private:
  friend class Device;
  Module(Device &D, void *Handle) : D(D), Handle(Handle) {}
  Device &D;
  void *Handle;
};

/// One AMD GPU.
class Device {
public:
  /// Opens GPU Ordinal; on failure Device is null and Why says why in one
  /// line ("no ROCm runtime: libamdhip64.so not found", ...).
  static std::unique_ptr<Device> open(int Ordinal, Error &Why);
  /// How many GPUs the runtime shows (0, and Why, when it does not load).
  static int count(Error &Why);

  std::string name() const;
  /// The runtime's version number, as hipDriverGetVersion gives it.
  std::string driverVersion() const;
  Error alloc(size_t Bytes, DevicePtr &Ptr);
  Error free(DevicePtr Ptr);
  Error copyToDevice(DevicePtr Dst, const void *Src, size_t Bytes);
  Error copyFromDevice(void *Dst, DevicePtr Src, size_t Bytes);
  /// Loads a code object (an AMDGPU ELF, as lowerToAmdgpu makes).
  Error load(const std::string &CodeObject, std::unique_ptr<Module> &M);

  struct Api; // the entry points resolved from libamdhip64

private:
  friend class Module;
  Device(const Api &A, int Ordinal) : A(A), Ordinal(Ordinal) {}
  Error check(int Result, const char *Call) const;
  const Api &A;
  int Ordinal;
};

} // namespace gevo::hip

#endif
