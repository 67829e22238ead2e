//===- FakeCuda.cpp - A test double of the CUDA driver API -----------------===//
//
// Loaded in place of libcuda.so.1 (GEVO_CUDA_DRIVER) so that the GPU
// worker's orchestration (devices, faults, respawn, watchdog, timing) is
// tested on machines without a GPU. It runs no kernel: memory is host
// memory, a launch leaves the buffers as they were, and what a launch does
// is read from the loaded PTX text:
//   - "trap;" in it: the launch faults like a kernel that trapped
//     (CUDA_ERROR_ILLEGAL_INSTRUCTION, reported at the next synchronisation
//     and sticky: every later call of the context fails with it);
//   - "gevo_fake_hang" in it: the kernel never finishes (synchronisation
//     blocks forever);
//   - a launch asking for more than 48 KiB of dynamic shared memory is
//     refused (CUDA_ERROR_INVALID_VALUE);
//   - otherwise the kernel takes 1 us per PTX instruction (';'), times
//     1 + GEVO_FAKE_CUDA_DRIFT x the number of launches so far in this
//     process (a GPU that slows down).
// GEVO_FAKE_CUDA_DEVICES sets how many devices there are (default 1).
//
//===----------------------------------------------------------------------===//

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <thread>

namespace {
using CUresult = int;
constexpr CUresult Success = 0, InvalidValue = 1, NotInitialized = 3,
                   InvalidDevice = 101, NotFound = 500,
                   IllegalInstruction = 715;
/// The dynamic shared memory a block may have (without opting in).
constexpr unsigned MaxSharedBytes = 48 << 10;

struct Module {
  std::string Ptx;
  std::map<std::string, std::string> Globals;
};

struct Function {
  Module *M;
};

struct Event {
  double Ms = 0; ///< the time of the kernel launched before it was recorded
};

bool Initialised = false;
CUresult Sticky = Success;
double LastLaunchMs = 0;
uint64_t Launches = 0;

int deviceCount() {
  const char *N = std::getenv("GEVO_FAKE_CUDA_DEVICES");
  return N ? std::atoi(N) : 1;
}

double drift() {
  const char *D = std::getenv("GEVO_FAKE_CUDA_DRIFT");
  return D ? std::atof(D) : 0;
}

/// The body of `.entry Name(` in Ptx, up to the next entry.
std::string entryBody(const std::string &Ptx, const std::string &Name) {
  size_t At = Ptx.find(".entry " + Name + "(");
  if (At == std::string::npos)
    return "";
  size_t End = Ptx.find(".entry ", At + 1);
  return Ptx.substr(At, End == std::string::npos ? End : End - At);
}
} // namespace

extern "C" {

CUresult cuInit(unsigned) {
  Initialised = true;
  return Success;
}

CUresult cuDriverGetVersion(int *V) {
  *V = 13000;
  return Success;
}

CUresult cuDeviceGetCount(int *N) {
  if (!Initialised)
    return NotInitialized;
  *N = deviceCount();
  return Success;
}

CUresult cuDeviceGet(int *Dev, int Ordinal) {
  if (Ordinal < 0 || Ordinal >= deviceCount())
    return InvalidDevice;
  *Dev = Ordinal;
  return Success;
}

CUresult cuDeviceGetName(char *Name, int Len, int Dev) {
  std::snprintf(Name, size_t(Len), "gevo fake GPU %d", Dev);
  return Success;
}

CUresult cuCtxCreate_v2(void **Ctx, unsigned, int) {
  static int Context;
  *Ctx = &Context;
  return Success;
}

CUresult cuCtxDestroy_v2(void *) { return Success; }
CUresult cuCtxSetCurrent(void *) { return Success; }

CUresult cuMemAlloc_v2(uint64_t *Ptr, size_t Bytes) {
  if (Sticky)
    return Sticky;
  *Ptr = reinterpret_cast<uint64_t>(std::calloc(1, Bytes ? Bytes : 1));
  return Success;
}

CUresult cuMemFree_v2(uint64_t Ptr) {
  if (Sticky)
    return Sticky;
  std::free(reinterpret_cast<void *>(Ptr));
  return Success;
}

CUresult cuMemcpyHtoD_v2(uint64_t Dst, const void *Src, size_t Bytes) {
  if (Sticky)
    return Sticky;
  std::memcpy(reinterpret_cast<void *>(Dst), Src, Bytes);
  return Success;
}

CUresult cuMemcpyDtoH_v2(void *Dst, uint64_t Src, size_t Bytes) {
  if (Sticky)
    return Sticky;
  std::memcpy(Dst, reinterpret_cast<const void *>(Src), Bytes);
  return Success;
}

CUresult cuModuleLoadDataEx(void **Handle, const void *Image, unsigned, int *,
                            void **) {
  if (Sticky)
    return Sticky;
  *Handle = new Module{static_cast<const char *>(Image), {}};
  return Success;
}

CUresult cuModuleUnload(void *Handle) {
  delete static_cast<Module *>(Handle);
  return Success;
}

CUresult cuModuleGetFunction(void **Fn, void *Handle, const char *Name) {
  auto *M = static_cast<Module *>(Handle);
  if (entryBody(M->Ptx, Name).empty())
    return NotFound;
  *Fn = new Function{M}; // one per lookup; a test double may leak
  return Success;
}

CUresult cuModuleGetGlobal_v2(uint64_t *Ptr, size_t *Bytes, void *Handle,
                              const char *Name) {
  auto *M = static_cast<Module *>(Handle);
  if (M->Ptx.find(Name) == std::string::npos)
    return NotFound;
  std::string &Storage = M->Globals[Name];
  Storage.resize(1 << 16);
  *Ptr = reinterpret_cast<uint64_t>(Storage.data());
  *Bytes = Storage.size();
  return Success;
}

CUresult cuLaunchKernel(void *Fn, unsigned, unsigned, unsigned, unsigned,
                        unsigned, unsigned, unsigned SharedBytes, void *,
                        void **, void **) {
  if (Sticky)
    return Sticky;
  if (SharedBytes > MaxSharedBytes)
    return InvalidValue;
  const std::string &Ptx = static_cast<Function *>(Fn)->M->Ptx;
  if (Ptx.find("gevo_fake_hang") != std::string::npos)
    for (;;)
      std::this_thread::sleep_for(std::chrono::seconds(1));
  if (Ptx.find("trap;") != std::string::npos) {
    Sticky = IllegalInstruction;
    return Success; // reported at the next synchronisation, as on a GPU
  }
  size_t Instructions = 0;
  for (char C : Ptx)
    Instructions += C == ';';
  LastLaunchMs = 1e-3 * double(Instructions) * (1 + drift() * double(Launches++));
  return Success;
}

CUresult cuEventCreate(void **E, unsigned) {
  *E = new Event;
  return Success;
}

CUresult cuEventDestroy_v2(void *E) {
  delete static_cast<Event *>(E);
  return Success;
}

CUresult cuEventRecord(void *E, void *) {
  static_cast<Event *>(E)->Ms = LastLaunchMs;
  LastLaunchMs = 0;
  return Sticky;
}

CUresult cuEventSynchronize(void *) { return Sticky; }

CUresult cuEventElapsedTime(float *Ms, void *Start, void *Stop) {
  (void)Start;
  *Ms = float(static_cast<Event *>(Stop)->Ms);
  return Sticky;
}

CUresult cuGetErrorName(CUresult R, const char **Name) {
  switch (R) {
  case IllegalInstruction:
    *Name = "CUDA_ERROR_ILLEGAL_INSTRUCTION";
    return Success;
  case InvalidValue:
    *Name = "CUDA_ERROR_INVALID_VALUE";
    return Success;
  case InvalidDevice:
    *Name = "CUDA_ERROR_INVALID_DEVICE";
    return Success;
  case NotFound:
    *Name = "CUDA_ERROR_NOT_FOUND";
    return Success;
  default:
    *Name = "CUDA_ERROR_UNKNOWN";
    return InvalidValue;
  }
}

CUresult cuGetErrorString(CUresult R, const char **Text) {
  *Text = R == IllegalInstruction ? "an illegal instruction was encountered"
          : R == InvalidValue      ? "invalid argument"
                                   : "fake driver error";
  return Success;
}

} // extern "C"
