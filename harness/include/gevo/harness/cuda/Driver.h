//===- Driver.h - The CUDA driver API, opened at run time --------*- C++ -*-===//
//
// libcuda.so.1 is opened with dlopen when a Device is first opened, so one
// gevo binary runs with and without an NVIDIA driver; without one, open()
// fails with a one-line reason (GEVO_CUDA_DRIVER names another library to
// open, such as the tests' double, tests/fakecuda). No CUDA header is needed to build this: the
// few types and entry points used are declared here. Independent of LLVM,
// so it also builds into small probes for GPU machines.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CUDA_DRIVER_H
#define GEVO_HARNESS_CUDA_DRIVER_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gevo::cuda {

/// The outcome of a driver call: empty when it succeeded, else one line
/// naming the call and the driver's error ("cuModuleLoadData: a PTX JIT
/// compilation failed (CUDA_ERROR_INVALID_PTX)").
using Error = std::string;

struct Dims {
  unsigned X = 1, Y = 1, Z = 1;
};

using DevicePtr = std::uint64_t;

class Device;

/// A PTX module loaded into a device's context.
class Module {
public:
  ~Module();
  /// Launches Kernel and waits for it; Args are pointers to each argument's
  /// value, as cuLaunchKernel takes them. Sets Milliseconds to the kernel
  /// time measured with events.
  Error launch(const std::string &Kernel, Dims Grid, Dims Block,
               unsigned SharedBytes, std::vector<void *> Args,
               float &Milliseconds);
  /// Copies Bytes into the module's global (e.g. a __constant__) Name.
  Error setGlobal(const std::string &Name, const void *Bytes, size_t Size);

private:
  friend class Device;
  Module(Device &D, void *Handle) : D(D), Handle(Handle) {}
  Device &D;
  void *Handle;
};

/// One GPU and a context on it.
class Device {
public:
  /// The environment variable that names the driver library to open in
  /// place of libcuda.so.1 (a test double, or a driver outside the
  /// loader's path).
  static constexpr const char *LibraryVariable = "GEVO_CUDA_DRIVER";

  /// Opens GPU Ordinal; on failure Device is null and Why says why in one
  /// line ("no NVIDIA driver: libcuda.so.1 not found", ...).
  static std::unique_ptr<Device> open(int Ordinal, Error &Why);
  /// How many GPUs the driver shows (0, and Why, when it does not load).
  static int count(Error &Why);
  ~Device();

  std::string name() const;
  /// The driver's CUDA version, "13.0".
  std::string driverVersion() const;
  Error alloc(size_t Bytes, DevicePtr &Ptr);
  Error free(DevicePtr Ptr);
  Error copyToDevice(DevicePtr Dst, const void *Src, size_t Bytes);
  Error copyFromDevice(void *Dst, DevicePtr Src, size_t Bytes);
  /// Loads PTX text; the driver's JIT log is appended to a failure.
  Error load(const std::string &Ptx, std::unique_ptr<Module> &M);

  struct Api; // the entry points resolved from libcuda

private:
  friend class Module;
  Device(const Api &A, void *Context, int Dev) : A(A), Context(Context), Dev(Dev) {}
  Error check(int Result, const char *Call) const;
  const Api &A;
  void *Context;
  int Dev;
};

} // namespace gevo::cuda

#endif
