//===- Device.cpp - One GPU and its modules, over a driver's table --------===//

#include "gevo/harness/GpuDriver.h"

namespace gevo::gpu {

Error noSuchDevice(int Ordinal, int Count) {
  return "no device " + std::to_string(Ordinal) + " (" + std::to_string(Count) +
         " visible)";
}

Error Device::check(int Result, const char *Call) const {
  if (Result == 0)
    return "";
  const char *Name = "?", *Text = "unknown error";
  A.Describe(Result, &Name, &Text);
  return std::string(Call) + ": " + Text + " (" + Name + ")";
}

int Device::count(const Api &A, Error &Why) {
  Device Probe(A, nullptr, 0);
  int N = 0;
  Why = Probe.check(A.Init(), A.Calls.Init);
  if (Why.empty())
    Why = Probe.check(A.Count(&N), A.Calls.Count);
  return Why.empty() ? N : 0;
}

std::unique_ptr<Device> Device::open(const Api &A, int Ordinal, Error &Why) {
  int N = count(A, Why);
  if (!Why.empty())
    return nullptr;
  if (Ordinal < 0 || Ordinal >= N) {
    Why = noSuchDevice(Ordinal, N);
    return nullptr;
  }
  void *Ctx = nullptr;
  Device Probe(A, nullptr, Ordinal);
  Why = Probe.check(A.CreateContext(&Ctx, Ordinal), A.Calls.Context);
  if (!Why.empty())
    return nullptr;
  return std::unique_ptr<Device>(new Device(A, Ctx, Ordinal));
}

Device::~Device() {
  if (Context) // a probe has none (and HIP never does)
    A.DestroyContext(Context);
}

std::string Device::name() const {
  char Buf[256] = {0};
  A.Name(Buf, sizeof(Buf) - 1, Ordinal);
  return Buf;
}

Error Device::alloc(size_t Bytes, DevicePtr &Ptr) {
  makeCurrent();
  return check(A.Alloc(&Ptr, Bytes), A.Calls.Alloc);
}

Error Device::free(DevicePtr Ptr) {
  makeCurrent();
  return check(A.Free(Ptr), A.Calls.Free);
}

Error Device::copyToDevice(DevicePtr Dst, const void *Src, size_t Bytes) {
  makeCurrent();
  return check(A.CopyIn(Dst, Src, Bytes), A.Calls.CopyIn);
}

Error Device::copyFromDevice(void *Dst, DevicePtr Src, size_t Bytes) {
  makeCurrent();
  return check(A.CopyOut(Dst, Src, Bytes), A.Calls.CopyOut);
}

Error Device::load(const std::string &Image, std::unique_ptr<Module> &M) {
  makeCurrent();
  void *Handle = nullptr;
  std::string Log;
  Error E = check(A.Load(&Handle, Image, Log), A.Calls.Load);
  if (!E.empty())
    return E + (Log.empty() ? "" : ": " + Log.substr(0, Log.find('\n')));
  M.reset(new Module(*this, Handle));
  return "";
}

Module::~Module() { D.A.Unload(Handle); }

Error Module::launch(const std::string &Kernel, Dims Grid, Dims Block,
                     unsigned SharedBytes, std::vector<void *> Args,
                     float &Milliseconds, bool Cooperative) {
  const Api &A = D.A;
  D.makeCurrent();
  void *Fn = nullptr;
  if (Error E = D.check(A.Function(&Fn, Handle, Kernel.c_str()),
                        A.Calls.Function);
      !E.empty())
    return E + " for kernel '" + Kernel + "'";
  void *Start = nullptr, *Stop = nullptr;
  A.EventCreate(&Start);
  A.EventCreate(&Stop);
  A.EventRecord(Start);
  Error E = D.check(A.Launch(Fn, Grid, Block, SharedBytes, Args.data(), Cooperative),
                    A.Calls.Launch);
  A.EventRecord(Stop);
  if (E.empty())
    E = D.check(A.EventSynchronize(Stop), "kernel execution");
  if (E.empty())
    A.EventElapsed(&Milliseconds, Start, Stop);
  A.EventDestroy(Start);
  A.EventDestroy(Stop);
  return E;
}

Error Module::setGlobal(const std::string &Name, const void *Bytes,
                        size_t Size) {
  D.makeCurrent();
  DevicePtr Ptr = 0;
  size_t Have = 0;
  if (Error E = D.check(D.A.Global(&Ptr, &Have, Handle, Name.c_str()),
                        D.A.Calls.Global);
      !E.empty())
    return E + " for '" + Name + "'";
  if (Size > Have)
    return "global '" + Name + "' holds " + std::to_string(Have) +
           " bytes, not " + std::to_string(Size);
  return D.copyToDevice(Ptr, Bytes, Size);
}

} // namespace gevo::gpu
