//===- Cuda.cpp - The cuda target: PTX on the CUDA driver API -----------===//

#include "Resolve.h"

#include "gevo/harness/Lower.h"
#include "gevo/harness/Targets.h"

#include <cstdlib>

namespace gevo {
namespace gpu {

namespace {
using CUresult = int;
constexpr int JitErrorLogBuffer = 5, JitErrorLogBufferSize = 6;

/// libcuda's entry points, under DriverCalls.def's names where it lists them.
struct {
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
  CUresult (*ModuleLoadData)(void **, const void *, unsigned, int *, void **);
  CUresult (*ModuleUnload)(void *);
  CUresult (*ModuleGetFunction)(void **, void *, const char *);
  CUresult (*ModuleGetGlobal)(DevicePtr *, size_t *, void *, const char *);
  CUresult (*LaunchKernel)(void *, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, void *, void **,
                           void **);
  /// Optional: null in a driver without cooperative launches.
  CUresult (*LaunchCooperativeKernel)(void *, unsigned, unsigned, unsigned,
                                      unsigned, unsigned, unsigned, unsigned,
                                      void *, void **);
  CUresult (*EventCreate)(void **, unsigned);
  CUresult (*EventDestroy)(void *);
  CUresult (*EventRecord)(void *, void *);
  CUresult (*EventSynchronize)(void *);
  CUresult (*EventElapsedTime)(float *, void *, void *);
  CUresult (*GetErrorName)(CUresult, const char **);
  CUresult (*GetErrorString)(CUresult, const char **);
} Cu;

bool resolveAll(void *Lib) {
  return resolveShared<Vendor::Cuda, Cu>(Lib, "cuLaunchCooperativeKernel") &&
         resolve(Lib, "cuDeviceGet", Cu.DeviceGet) &&
         resolve(Lib, "cuCtxCreate_v2", Cu.CtxCreate) &&
         resolve(Lib, "cuCtxDestroy_v2", Cu.CtxDestroy) &&
         resolve(Lib, "cuCtxSetCurrent", Cu.CtxSetCurrent);
}

int name(char *Buf, int Len, int Ordinal) {
  int Dev = 0;
  if (CUresult E = Cu.DeviceGet(&Dev, Ordinal))
    return E;
  return Cu.DeviceGetName(Buf, Len, Dev);
}

std::string version() {
  int V = 0;
  if (Cu.DriverGetVersion(&V))
    return "";
  return std::to_string(V / 1000) + "." + std::to_string(V % 1000 / 10);
}

int createContext(void **Ctx, int Ordinal) {
  int Dev = 0;
  if (CUresult E = Cu.DeviceGet(&Dev, Ordinal))
    return E;
  return Cu.CtxCreate(Ctx, 0, Dev);
}

int load(void **Module, const std::string &Image, std::string &Log) {
  char Buf[4096] = {0};
  int Options[] = {JitErrorLogBuffer, JitErrorLogBufferSize};
  void *Values[] = {Buf, reinterpret_cast<void *>(sizeof(Buf) - 1)};
  CUresult E = Cu.ModuleLoadData(Module, Image.c_str(), 2, Options, Values);
  Log = Buf;
  return E;
}

void describe(int Code, const char **Name, const char **Text) {
  Cu.GetErrorName(Code, Name);
  Cu.GetErrorString(Code, Text);
}

Api table() {
  Api T = sharedEntries<Cu>({"cuInit", "cuDeviceGetCount", "cuCtxCreate", "cuMemAlloc",
                             "cuMemFree", "cuMemcpyHtoD", "cuMemcpyDtoH", "cuModuleLoadData",
                             "cuModuleGetFunction", "cuModuleGetGlobal", "cuLaunchKernel"});
  T.Name = name;
  T.Version = version;
  T.CreateContext = createContext;
  T.DestroyContext = [](void *Ctx) { return Cu.CtxDestroy(Ctx); };
  T.MakeCurrent = [](void *Ctx, int) { return Cu.CtxSetCurrent(Ctx); };
  T.Alloc = [](DevicePtr *P, size_t Bytes) { return Cu.MemAlloc(P, Bytes); };
  T.Free = [](DevicePtr P) { return Cu.MemFree(P); };
  T.Load = load;
  T.EventCreate = [](void **E) { return Cu.EventCreate(E, 0); };
  T.Describe = describe;
  return T;
}
const Api Table = table();

const Api *openApi(Error &Why) {
  const char *Path = std::getenv("GEVO_CUDA_DRIVER"); // the tests' double
  std::string Missing =
      std::string("no NVIDIA driver: ") + (Path && *Path ? Path : "libcuda.so.1") + " not found";
  return openOnce(Table, {Path, Path && *Path ? nullptr : "libcuda.so.1"}, resolveAll,
                  Missing.c_str(), "driver too old?", Why);
}

llvm::Expected<std::string> lower(const llvm::Module &M, llvm::StringRef Arch) {
  return lowerToPTX(M, installedPtxOptions(Arch.empty() ? "sm_80" : Arch));
}
} // namespace
} // namespace gpu

extern const GpuTarget CudaTarget = {"cuda", "NVIDIA GPUs: PTX through the CUDA driver API, sm_80 unless --offload-arch",
      gpu::openApi, gpu::lower, "ptx", /*ComputeSanitizer=*/true};

} // namespace gevo
