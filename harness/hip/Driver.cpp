//===- Driver.cpp - The HIP module API, opened at run time ------------------===//

#include "gevo/harness/hip/Driver.h"

#include <dlfcn.h>

#include <mutex>

namespace gevo::hip {

namespace {
using hipError = int;
} // namespace

/// Entry points, by their names in libamdhip64.so.
struct Device::Api {
  hipError (*Init)(unsigned);
  hipError (*SetDevice)(int);
  hipError (*DriverGetVersion)(int *);
  hipError (*GetDeviceCount)(int *);
  hipError (*DeviceGetName)(char *, int, int);
  hipError (*Malloc)(void **, size_t);
  hipError (*Free)(void *);
  hipError (*MemcpyHtoD)(DevicePtr, const void *, size_t);
  hipError (*MemcpyDtoH)(void *, DevicePtr, size_t);
  hipError (*ModuleLoadData)(void **, const void *);
  hipError (*ModuleUnload)(void *);
  hipError (*ModuleGetFunction)(void **, void *, const char *);
  hipError (*ModuleGetGlobal)(DevicePtr *, size_t *, void *, const char *);
  hipError (*ModuleLaunchKernel)(void *, unsigned, unsigned, unsigned,
                                 unsigned, unsigned, unsigned, unsigned,
                                 void *, void **, void **);
  hipError (*EventCreate)(void **);
  hipError (*EventDestroy)(void *);
  hipError (*EventRecord)(void *, void *);
  hipError (*EventSynchronize)(void *);
  hipError (*EventElapsedTime)(float *, void *, void *);
  const char *(*GetErrorName)(hipError);
  const char *(*GetErrorString)(hipError);
};

namespace {
template <typename Fn> bool resolve(void *Lib, const char *Name, Fn &Slot) {
  Slot = reinterpret_cast<Fn>(dlsym(Lib, Name));
  return Slot != nullptr;
}

/// Opens libamdhip64 and resolves every entry point once per process.
const Device::Api *loadApi(Error &Why) {
  static Device::Api A;
  static Error LoadError;
  static std::once_flag Once;
  std::call_once(Once, [] {
    void *Lib = dlopen("libamdhip64.so", RTLD_NOW | RTLD_LOCAL);
    if (!Lib)
      Lib = dlopen("libamdhip64.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!Lib) {
      LoadError = "no ROCm runtime: libamdhip64.so not found";
      return;
    }
    bool Ok = resolve(Lib, "hipInit", A.Init) &&
              resolve(Lib, "hipSetDevice", A.SetDevice) &&
              resolve(Lib, "hipDriverGetVersion", A.DriverGetVersion) &&
              resolve(Lib, "hipGetDeviceCount", A.GetDeviceCount) &&
              resolve(Lib, "hipDeviceGetName", A.DeviceGetName) &&
              resolve(Lib, "hipMalloc", A.Malloc) &&
              resolve(Lib, "hipFree", A.Free) &&
              resolve(Lib, "hipMemcpyHtoD", A.MemcpyHtoD) &&
              resolve(Lib, "hipMemcpyDtoH", A.MemcpyDtoH) &&
              resolve(Lib, "hipModuleLoadData", A.ModuleLoadData) &&
              resolve(Lib, "hipModuleUnload", A.ModuleUnload) &&
              resolve(Lib, "hipModuleGetFunction", A.ModuleGetFunction) &&
              resolve(Lib, "hipModuleGetGlobal", A.ModuleGetGlobal) &&
              resolve(Lib, "hipModuleLaunchKernel", A.ModuleLaunchKernel) &&
              resolve(Lib, "hipEventCreate", A.EventCreate) &&
              resolve(Lib, "hipEventDestroy", A.EventDestroy) &&
              resolve(Lib, "hipEventRecord", A.EventRecord) &&
              resolve(Lib, "hipEventSynchronize", A.EventSynchronize) &&
              resolve(Lib, "hipEventElapsedTime", A.EventElapsedTime) &&
              resolve(Lib, "hipGetErrorName", A.GetErrorName) &&
              resolve(Lib, "hipGetErrorString", A.GetErrorString);
    if (!Ok)
      LoadError = "libamdhip64.so lacks an entry point gevo needs (ROCm too old?)";
  });
  Why = LoadError;
  return Why.empty() ? &A : nullptr;
}
} // namespace

Error Device::check(hipError Result, const char *Call) const {
  if (Result == 0)
    return "";
  return std::string(Call) + ": " + A.GetErrorString(Result) + " (" +
         A.GetErrorName(Result) + ")";
}

int Device::count(Error &Why) {
  const Api *A = loadApi(Why);
  if (!A)
    return 0;
  int N = 0;
  Device Probe(*A, 0);
  Why = Probe.check(A->Init(0), "hipInit");
  if (Why.empty())
    Why = Probe.check(A->GetDeviceCount(&N), "hipGetDeviceCount");
  return Why.empty() ? N : 0;
}

std::unique_ptr<Device> Device::open(int Ordinal, Error &Why) {
  const Api *A = loadApi(Why);
  if (!A)
    return nullptr;
  Device Probe(*A, Ordinal);
  int N = count(Why);
  if (Why.empty() && (Ordinal < 0 || Ordinal >= N))
    Why = "no device " + std::to_string(Ordinal) + " (" + std::to_string(N) +
          " visible)";
  if (Why.empty())
    Why = Probe.check(A->SetDevice(Ordinal), "hipSetDevice");
  if (!Why.empty())
    return nullptr;
  return std::unique_ptr<Device>(new Device(*A, Ordinal));
}

std::string Device::driverVersion() const {
  int V = 0;
  A.DriverGetVersion(&V);
  return std::to_string(V);
}

std::string Device::name() const {
  char Buf[256] = {0};
  A.DeviceGetName(Buf, sizeof(Buf) - 1, Ordinal);
  return Buf;
}

Error Device::alloc(size_t Bytes, DevicePtr &Ptr) {
  A.SetDevice(Ordinal);
  void *P = nullptr;
  Error E = check(A.Malloc(&P, Bytes), "hipMalloc");
  Ptr = reinterpret_cast<DevicePtr>(P);
  return E;
}

Error Device::free(DevicePtr Ptr) {
  A.SetDevice(Ordinal);
  return check(A.Free(reinterpret_cast<void *>(Ptr)), "hipFree");
}

Error Device::copyToDevice(DevicePtr Dst, const void *Src, size_t Bytes) {
  A.SetDevice(Ordinal);
  return check(A.MemcpyHtoD(Dst, Src, Bytes), "hipMemcpyHtoD");
}

Error Device::copyFromDevice(void *Dst, DevicePtr Src, size_t Bytes) {
  A.SetDevice(Ordinal);
  return check(A.MemcpyDtoH(Dst, Src, Bytes), "hipMemcpyDtoH");
}

Error Device::load(const std::string &CodeObject, std::unique_ptr<Module> &M) {
  A.SetDevice(Ordinal);
  void *Handle = nullptr;
  if (Error E = check(A.ModuleLoadData(&Handle, CodeObject.data()),
                      "hipModuleLoadData");
      !E.empty())
    return E;
  M.reset(new Module(*this, Handle));
  return "";
}

Module::~Module() { D.A.ModuleUnload(Handle); }

Error Module::launch(const std::string &Kernel, Dims Grid, Dims Block,
                     unsigned SharedBytes, std::vector<void *> Args,
                     float &Milliseconds) {
  const Device::Api &A = D.A;
  A.SetDevice(D.Ordinal);
  void *Fn = nullptr;
  if (Error E = D.check(A.ModuleGetFunction(&Fn, Handle, Kernel.c_str()),
                        "hipModuleGetFunction");
      !E.empty())
    return E + " for kernel '" + Kernel + "'";
  void *Start = nullptr, *Stop = nullptr;
  A.EventCreate(&Start);
  A.EventCreate(&Stop);
  A.EventRecord(Start, nullptr);
  Error E = D.check(A.ModuleLaunchKernel(Fn, Grid.X, Grid.Y, Grid.Z, Block.X,
                                         Block.Y, Block.Z, SharedBytes,
                                         nullptr, Args.data(), nullptr),
                    "hipModuleLaunchKernel");
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
  D.A.SetDevice(D.Ordinal);
  DevicePtr Ptr = 0;
  size_t Have = 0;
  if (Error E = D.check(D.A.ModuleGetGlobal(&Ptr, &Have, Handle, Name.c_str()),
                        "hipModuleGetGlobal");
      !E.empty())
    return E + " for '" + Name + "'";
  if (Size > Have)
    return "global '" + Name + "' holds " + std::to_string(Have) +
           " bytes, not " + std::to_string(Size);
  return D.copyToDevice(Ptr, Bytes, Size);
}

} // namespace gevo::hip
