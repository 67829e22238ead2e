//===- GpuDriver.h - One driver layer for the GPU targets --------*- C++ -*-===//
//
// The GPU targets' driver APIs (libcuda.so.1, libamdhip64.so) are opened
// with dlopen on first use, so one gevo binary runs with and without a
// GPU; without one, the API is null and Why says so in one line. Each
// target fills one table of entry points with the same shape (Api, in
// harness/targets/<Name>.cpp with the target's lowering: Targets.h), and
// Device and Module are written once over it. No CUDA or HIP header is
// needed to build this, and Device.cpp does not use LLVM.
//
// GEVO_CUDA_DRIVER names a library to open in place of libcuda.so.1 (the
// tests' double, tests/fakecuda, or a driver outside the loader's path).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_GPUDRIVER_H
#define GEVO_HARNESS_GPUDRIVER_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gevo::gpu {

/// The outcome of a driver call: empty when it succeeded, else one line
/// naming the call and the driver's error ("cuModuleLoadData: a PTX JIT
/// compilation failed (CUDA_ERROR_INVALID_PTX)").
using Error = std::string;

struct Dims {
  unsigned X = 1, Y = 1, Z = 1;
};

using DevicePtr = std::uint64_t;

/// A driver API as one table. Every entry returns the driver's error code
/// (0: success). A context is the vendor's (CUDA) or null (HIP, where the
/// ordinal is made current instead).
struct Api {
  int (*Init)();
  int (*Count)(int *N);
  int (*Name)(char *Buf, int Len, int Ordinal);
  std::string (*Version)();      ///< "13.0"; empty when unknown
  int (*CreateContext)(void **Ctx, int Ordinal);
  int (*DestroyContext)(void *Ctx);
  int (*MakeCurrent)(void *Ctx, int Ordinal);
  int (*Alloc)(DevicePtr *Ptr, size_t Bytes);
  int (*Free)(DevicePtr Ptr);
  int (*CopyIn)(DevicePtr Dst, const void *Src, size_t Bytes);
  int (*CopyOut)(void *Dst, DevicePtr Src, size_t Bytes);
  /// Loads an image (PTX text, a code object); Log gets the JIT's first
  /// complaint when there is one.
  int (*Load)(void **Module, const std::string &Image, std::string &Log);
  int (*Unload)(void *Module);
  int (*Function)(void **Fn, void *Module, const char *Name);
  int (*Global)(DevicePtr *Ptr, size_t *Bytes, void *Module, const char *Name);
  /// A cooperative launch (every block resident at once) with
  /// \p Cooperative; the driver's "not supported" code when it has none.
  int (*Launch)(void *Fn, Dims Grid, Dims Block, unsigned SharedBytes,
                void **Args, bool Cooperative);
  int (*EventCreate)(void **E);
  int (*EventDestroy)(void *E);
  int (*EventRecord)(void *E);
  int (*EventSynchronize)(void *E);
  int (*EventElapsed)(float *Ms, void *Start, void *Stop);
  /// The error code's name and text ("CUDA_ERROR_INVALID_PTX", "a PTX
  /// JIT compilation failed").
  void (*Describe)(int Code, const char **Name, const char **Text);
  /// The vendor's names of the calls, for messages.
  struct {
    const char *Init, *Count, *Context, *Alloc, *Free, *CopyIn, *CopyOut,
        *Load, *Function, *Global, *Launch;
  } Calls;
};

/// "no device 7 (1 visible)": why ordinal \p Ordinal cannot be opened when
/// the driver shows \p Count devices.
Error noSuchDevice(int Ordinal, int Count);

class Device;

/// An image loaded into a device's context.
class Module {
public:
  ~Module();
  /// Launches Kernel and waits for it; Args are pointers to each argument's
  /// value. Sets Milliseconds to the kernel time measured with events.
  /// \p Cooperative: as cudaLaunchCooperativeKernel does.
  Error launch(const std::string &Kernel, Dims Grid, Dims Block,
               unsigned SharedBytes, std::vector<void *> Args,
               float &Milliseconds, bool Cooperative = false);
  /// Copies Bytes into the module's global (e.g. a __constant__) Name.
  Error setGlobal(const std::string &Name, const void *Bytes, size_t Size);

private:
  friend class Device;
  Module(Device &D, void *Handle) : D(D), Handle(Handle) {}
  Device &D;
  void *Handle;
};

/// One GPU (and on CUDA a context on it).
class Device {
public:
  /// How many GPUs the driver shows (0, and Why, when it does not load).
  static int count(const Api &A, Error &Why);
  /// Opens GPU Ordinal; on failure null, and Why says why in one line.
  static std::unique_ptr<Device> open(const Api &A, int Ordinal, Error &Why);
  ~Device();

  const Api &api() const { return A; }
  std::string name() const;
  /// The driver's version ("13.0" for CUDA).
  std::string driverVersion() const { return A.Version(); }
  Error alloc(size_t Bytes, DevicePtr &Ptr);
  Error free(DevicePtr Ptr);
  Error copyToDevice(DevicePtr Dst, const void *Src, size_t Bytes);
  Error copyFromDevice(void *Dst, DevicePtr Src, size_t Bytes);
  /// Loads an image (PTX, a code object); the JIT's log is appended to a
  /// failure.
  Error load(const std::string &Image, std::unique_ptr<Module> &M);

private:
  friend class Module;
  Device(const Api &A, void *Context, int Ordinal)
      : A(A), Context(Context), Ordinal(Ordinal) {}
  Error check(int Result, const char *Call) const;
  void makeCurrent() const { A.MakeCurrent(Context, Ordinal); }
  const Api &A;
  void *Context;
  int Ordinal;
};

} // namespace gevo::gpu

#endif
