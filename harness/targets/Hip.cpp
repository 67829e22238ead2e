//===- Hip.cpp - The hip target: code objects on the HIP module API ------===//
//
// HIP has no explicit contexts: a device's ordinal is made current with
// hipSetDevice before each call.
//
//===----------------------------------------------------------------------===//

#include "Resolve.h"

#include "gevo/harness/Amdgpu.h"
#include "gevo/harness/Targets.h"

namespace gevo {
namespace gpu {

namespace {
using hipError = int;

/// libamdhip64's entry points, under DriverCalls.def's names (the CUDA
/// driver API's: hipGetDeviceCount is DeviceGetCount, hipMalloc MemAlloc).
struct {
  hipError (*Init)(unsigned);
  hipError (*SetDevice)(int);
  hipError (*DriverGetVersion)(int *);
  hipError (*DeviceGetCount)(int *);
  hipError (*DeviceGetName)(char *, int, int);
  hipError (*MemAlloc)(void **, size_t);
  hipError (*MemFree)(void *);
  hipError (*MemcpyHtoD)(DevicePtr, const void *, size_t);
  hipError (*MemcpyDtoH)(void *, DevicePtr, size_t);
  hipError (*ModuleLoadData)(void **, const void *);
  hipError (*ModuleUnload)(void *);
  hipError (*ModuleGetFunction)(void **, void *, const char *);
  hipError (*ModuleGetGlobal)(DevicePtr *, size_t *, void *, const char *);
  hipError (*LaunchKernel)(void *, unsigned, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, void *, void **, void **);
  /// Optional: null in a runtime without cooperative launches.
  hipError (*LaunchCooperativeKernel)(void *, unsigned, unsigned, unsigned, unsigned,
                                      unsigned, unsigned, unsigned, void *, void **);
  hipError (*EventCreate)(void **);
  hipError (*EventDestroy)(void *);
  hipError (*EventRecord)(void *, void *);
  hipError (*EventSynchronize)(void *);
  hipError (*EventElapsedTime)(float *, void *, void *);
  const char *(*GetErrorName)(hipError);
  const char *(*GetErrorString)(hipError);
} Hip;

bool resolveAll(void *Lib) {
  return resolveShared<Vendor::Hip, Hip>(Lib, "hipModuleLaunchCooperativeKernel") &&
         resolve(Lib, "hipSetDevice", Hip.SetDevice);
}

std::string version() {
  int V = 0;
  return Hip.DriverGetVersion(&V) ? "" : std::to_string(V);
}

int alloc(DevicePtr *Ptr, size_t Bytes) {
  void *P = nullptr;
  hipError E = Hip.MemAlloc(&P, Bytes);
  *Ptr = reinterpret_cast<DevicePtr>(P);
  return E;
}

/// HIP has no contexts to create: an ordinal is made current instead.
int setDevice(void **Ctx, int Ordinal) {
  *Ctx = nullptr;
  return Hip.SetDevice(Ordinal);
}

Api table() {
  Api T = sharedEntries<Hip>({"hipInit", "hipGetDeviceCount", "hipSetDevice", "hipMalloc",
                              "hipFree", "hipMemcpyHtoD", "hipMemcpyDtoH", "hipModuleLoadData",
                              "hipModuleGetFunction", "hipModuleGetGlobal",
                              "hipModuleLaunchKernel"});
  T.CreateContext = setDevice;
  T.MakeCurrent = [](void *, int Ordinal) { return Hip.SetDevice(Ordinal); };
  T.DestroyContext = [](void *) { return 0; };
  T.Name = [](char *Buf, int Len, int Ordinal) { return Hip.DeviceGetName(Buf, Len, Ordinal); };
  T.Version = version;
  T.Describe = [](int Code, const char **Name, const char **Text) {
    *Name = Hip.GetErrorName(Code);
    *Text = Hip.GetErrorString(Code);
  };
  T.Alloc = alloc;
  T.Free = [](DevicePtr P) { return Hip.MemFree(reinterpret_cast<void *>(P)); };
  T.Load = [](void **M, const std::string &Image, std::string &Log) {
    Log.clear();
    return Hip.ModuleLoadData(M, Image.data());
  };
  T.EventCreate = [](void **E) { return Hip.EventCreate(E); };
  return T;
}
const Api Table = table();

const Api *openApi(Error &Why) {
  return openOnce(Table, {"libamdhip64.so", "libamdhip64.so.6"}, resolveAll,
                  "no ROCm runtime: libamdhip64.so not found", "ROCm too old?", Why);
}

llvm::Expected<std::string> lower(const llvm::Module &M, llvm::StringRef Arch) {
  AmdgpuOptions Opts;
  if (!Arch.empty())
    Opts.Arch = Arch.str();
  return lowerToAmdgpu(M, Opts);
}
} // namespace
} // namespace gpu

extern const GpuTarget HipTarget = {"hip", "AMD GPUs: a code object through the HIP module API, gfx90a unless --offload-arch",
      gpu::openApi, gpu::lower, "hsaco"};

} // namespace gevo
