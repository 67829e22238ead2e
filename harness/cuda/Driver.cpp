//===- Driver.cpp - The CUDA driver API, opened at run time -----------------===//

#include "gevo/harness/cuda/Driver.h"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>

namespace gevo::cuda {

namespace {
using CUresult = int;
constexpr int JitErrorLogBuffer = 5, JitErrorLogBufferSize = 6;
constexpr unsigned EventDefault = 0;
} // namespace

/// Entry points, by the names of the driver's versioned symbols.
struct Device::Api {
  CUresult (*Init)(unsigned);
  CUresult (*DeviceGet)(int *, int);
  CUresult (*DeviceGetCount)(int *);
  CUresult (*DriverGetVersion)(int *);
  CUresult (*DeviceGetName)(char *, int, int);
  CUresult (*CtxCreate)(void **, unsigned, int);
  CUresult (*CtxDestroy)(void *);
  CUresult (*CtxSetCurrent)(void *);
  CUresult (*MemAlloc)(DevicePtr *, size_t);
  CUresult (*MemFree)(DevicePtr);
  CUresult (*MemcpyHtoD)(DevicePtr, const void *, size_t);
  CUresult (*MemcpyDtoH)(void *, DevicePtr, size_t);
  CUresult (*ModuleLoadDataEx)(void **, const void *, unsigned, int *, void **);
  CUresult (*ModuleUnload)(void *);
  CUresult (*ModuleGetFunction)(void **, void *, const char *);
  CUresult (*ModuleGetGlobal)(DevicePtr *, size_t *, void *, const char *);
  CUresult (*LaunchKernel)(void *, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, void *, void **,
                           void **);
  CUresult (*EventCreate)(void **, unsigned);
  CUresult (*EventDestroy)(void *);
  CUresult (*EventRecord)(void *, void *);
  CUresult (*EventSynchronize)(void *);
  CUresult (*EventElapsedTime)(float *, void *, void *);
  CUresult (*GetErrorName)(CUresult, const char **);
  CUresult (*GetErrorString)(CUresult, const char **);
};

namespace {
template <typename Fn> bool resolve(void *Lib, const char *Name, Fn &Slot) {
  Slot = reinterpret_cast<Fn>(dlsym(Lib, Name));
  return Slot != nullptr;
}

/// Opens libcuda and resolves every entry point once per process.
const Device::Api *loadApi(Error &Why) {
  static Device::Api A;
  static Error LoadError;
  static std::once_flag Once;
  std::call_once(Once, [] {
    const char *Path = std::getenv(Device::LibraryVariable);
    if (!Path || !*Path)
      Path = "libcuda.so.1";
    void *Lib = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
    if (!Lib) {
      LoadError = std::string("no NVIDIA driver: ") + Path + " not found";
      return;
    }
    bool Ok = resolve(Lib, "cuInit", A.Init) &&
              resolve(Lib, "cuDeviceGet", A.DeviceGet) &&
              resolve(Lib, "cuDeviceGetCount", A.DeviceGetCount) &&
              resolve(Lib, "cuDriverGetVersion", A.DriverGetVersion) &&
              resolve(Lib, "cuDeviceGetName", A.DeviceGetName) &&
              resolve(Lib, "cuCtxCreate_v2", A.CtxCreate) &&
              resolve(Lib, "cuCtxDestroy_v2", A.CtxDestroy) &&
              resolve(Lib, "cuCtxSetCurrent", A.CtxSetCurrent) &&
              resolve(Lib, "cuMemAlloc_v2", A.MemAlloc) &&
              resolve(Lib, "cuMemFree_v2", A.MemFree) &&
              resolve(Lib, "cuMemcpyHtoD_v2", A.MemcpyHtoD) &&
              resolve(Lib, "cuMemcpyDtoH_v2", A.MemcpyDtoH) &&
              resolve(Lib, "cuModuleLoadDataEx", A.ModuleLoadDataEx) &&
              resolve(Lib, "cuModuleUnload", A.ModuleUnload) &&
              resolve(Lib, "cuModuleGetFunction", A.ModuleGetFunction) &&
              resolve(Lib, "cuModuleGetGlobal_v2", A.ModuleGetGlobal) &&
              resolve(Lib, "cuLaunchKernel", A.LaunchKernel) &&
              resolve(Lib, "cuEventCreate", A.EventCreate) &&
              resolve(Lib, "cuEventDestroy_v2", A.EventDestroy) &&
              resolve(Lib, "cuEventRecord", A.EventRecord) &&
              resolve(Lib, "cuEventSynchronize", A.EventSynchronize) &&
              resolve(Lib, "cuEventElapsedTime", A.EventElapsedTime) &&
              resolve(Lib, "cuGetErrorName", A.GetErrorName) &&
              resolve(Lib, "cuGetErrorString", A.GetErrorString);
    if (!Ok)
      LoadError = "libcuda.so.1 lacks an entry point gevo needs (driver too old?)";
  });
  Why = LoadError;
  return Why.empty() ? &A : nullptr;
}
} // namespace

Error Device::check(CUresult Result, const char *Call) const {
  if (Result == 0)
    return "";
  const char *Name = "?", *Text = "unknown error";
  A.GetErrorName(Result, &Name);
  A.GetErrorString(Result, &Text);
  return std::string(Call) + ": " + Text + " (" + Name + ")";
}

int Device::count(Error &Why) {
  const Api *A = loadApi(Why);
  if (!A)
    return 0;
  int N = 0;
  Device Probe(*A, nullptr, 0);
  Why = Probe.check(A->Init(0), "cuInit");
  if (Why.empty())
    Why = Probe.check(A->DeviceGetCount(&N), "cuDeviceGetCount");
  return Why.empty() ? N : 0;
}

std::unique_ptr<Device> Device::open(int Ordinal, Error &Why) {
  int Count = count(Why);
  if (!Why.empty())
    return nullptr;
  const Api *A = loadApi(Why);
  int Dev = 0;
  void *Ctx = nullptr;
  Device Probe(*A, nullptr, 0);
  if (Ordinal < 0 || Ordinal >= Count)
    Why = "no device " + std::to_string(Ordinal) + " (" +
          std::to_string(Count) + " visible)";
  if (Why.empty())
    Why = Probe.check(A->DeviceGet(&Dev, Ordinal), "cuDeviceGet");
  if (Why.empty())
    Why = Probe.check(A->CtxCreate(&Ctx, 0, Dev), "cuCtxCreate");
  if (!Why.empty())
    return nullptr;
  return std::unique_ptr<Device>(new Device(*A, Ctx, Dev));
}

Device::~Device() { A.CtxDestroy(Context); }

std::string Device::name() const {
  char Buf[256] = {0};
  A.DeviceGetName(Buf, sizeof(Buf) - 1, Dev);
  return Buf;
}

std::string Device::driverVersion() const {
  int V = 0;
  A.DriverGetVersion(&V);
  return std::to_string(V / 1000) + "." + std::to_string(V % 1000 / 10);
}

Error Device::alloc(size_t Bytes, DevicePtr &Ptr) {
  A.CtxSetCurrent(Context);
  return check(A.MemAlloc(&Ptr, Bytes), "cuMemAlloc");
}

Error Device::free(DevicePtr Ptr) {
  A.CtxSetCurrent(Context);
  return check(A.MemFree(Ptr), "cuMemFree");
}

Error Device::copyToDevice(DevicePtr Dst, const void *Src, size_t Bytes) {
  A.CtxSetCurrent(Context);
  return check(A.MemcpyHtoD(Dst, Src, Bytes), "cuMemcpyHtoD");
}

Error Device::copyFromDevice(void *Dst, DevicePtr Src, size_t Bytes) {
  A.CtxSetCurrent(Context);
  return check(A.MemcpyDtoH(Dst, Src, Bytes), "cuMemcpyDtoH");
}

Error Device::load(const std::string &Ptx, std::unique_ptr<Module> &M) {
  A.CtxSetCurrent(Context);
  char Log[4096] = {0};
  int Options[] = {JitErrorLogBuffer, JitErrorLogBufferSize};
  void *Values[] = {Log, reinterpret_cast<void *>(sizeof(Log) - 1)};
  void *Handle = nullptr;
  Error E = check(A.ModuleLoadDataEx(&Handle, Ptx.c_str(), 2, Options, Values),
                  "cuModuleLoadData");
  if (!E.empty()) {
    std::string First(Log);
    return E + (First.empty() ? "" : ": " + First.substr(0, First.find('\n')));
  }
  M.reset(new Module(*this, Handle));
  return "";
}

Module::~Module() { D.A.ModuleUnload(Handle); }

Error Module::launch(const std::string &Kernel, Dims Grid, Dims Block,
                     unsigned SharedBytes, std::vector<void *> Args,
                     float &Milliseconds) {
  const Device::Api &A = D.A;
  A.CtxSetCurrent(D.Context);
  void *Fn = nullptr;
  if (Error E = D.check(A.ModuleGetFunction(&Fn, Handle, Kernel.c_str()),
                        "cuModuleGetFunction");
      !E.empty())
    return E + " for kernel '" + Kernel + "'";
  void *Start = nullptr, *Stop = nullptr;
  A.EventCreate(&Start, EventDefault);
  A.EventCreate(&Stop, EventDefault);
  A.EventRecord(Start, nullptr);
  Error E = D.check(A.LaunchKernel(Fn, Grid.X, Grid.Y, Grid.Z, Block.X,
                                   Block.Y, Block.Z, SharedBytes, nullptr,
                                   Args.data(), nullptr),
                    "cuLaunchKernel");
  A.EventRecord(Stop, nullptr);
  if (E.empty())
    E = D.check(A.EventSynchronize(Stop), "kernel execution");
  if (E.empty())
    A.EventElapsedTime(&Milliseconds, Start, Stop);
  A.EventDestroy(Start);
  A.EventDestroy(Stop);
  return E;
}

Error Module::setGlobal(const std::string &Name, const void *Bytes,
                        size_t Size) {
  D.A.CtxSetCurrent(D.Context);
  DevicePtr Ptr = 0;
  size_t Have = 0;
  if (Error E = D.check(D.A.ModuleGetGlobal(&Ptr, &Have, Handle, Name.c_str()),
                        "cuModuleGetGlobal");
      !E.empty())
    return E + " for '" + Name + "'";
  if (Size > Have)
    return "global '" + Name + "' holds " + std::to_string(Have) +
           " bytes, not " + std::to_string(Size);
  return D.copyToDevice(Ptr, Bytes, Size);
}

} // namespace gevo::cuda
