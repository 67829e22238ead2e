//===- GpuPlanDevice.h - Launch plans on a GPU driver layer -------*- C++ -*-===//
//
// The cuda and hip targets' PlanDevice, one class over the driver layer
// (GpuDriver.h): buffers are device allocations, kernels come from one
// loaded module (PTX or a code object) and are named as in the source,
// times are the driver's events.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_GPUPLANDEVICE_H
#define GEVO_HARNESS_GPUPLANDEVICE_H

#include "gevo/harness/GpuDriver.h"
#include "gevo/harness/Lower.h"
#include "gevo/harness/Plan.h"

#include <map>
#include <memory>
#include <set>
#include <string>

namespace gevo {

class GpuPlanDevice : public PlanDevice {
public:
  /// Loads Image on D; Kernels maps source names to symbols (kernelNames).
  /// Why says why not when the result is null.
  static std::unique_ptr<GpuPlanDevice>
  create(gpu::Device &D, const std::string &Image,
         std::map<std::string, std::string> Kernels, std::string &Why) {
    std::unique_ptr<gpu::Module> M;
    Why = D.load(Image, M);
    if (!Why.empty())
      return nullptr;
    return std::unique_ptr<GpuPlanDevice>(
        new GpuPlanDevice(D, std::move(M), std::move(Kernels)));
  }

  ~GpuPlanDevice() override {
    M.reset();
    for (uint64_t Address : Live)
      D.free(Address);
  }

  /// Flag is set when a driver call fails: after a kernel fault the device
  /// may be unusable for the rest of the process.
  void reportFailuresTo(bool &Flag) { Failed = &Flag; }

  std::string alloc(size_t Size, uint64_t &Address) override {
    std::string E = note(D.alloc(Size ? Size : 1, Address));
    if (E.empty())
      Live.insert(Address);
    return E;
  }
  std::string release(uint64_t Address) override {
    Live.erase(Address);
    return note(D.free(Address));
  }
  std::string write(uint64_t Address, const Bytes &Data) override {
    return note(D.copyToDevice(Address, Data.data(), Data.size()));
  }
  std::string read(uint64_t Address, Bytes &Data) override {
    return note(D.copyFromDevice(Data.data(), Address, Data.size()));
  }
  std::string setConstant(const std::string &Symbol,
                          const Bytes &Data) override {
    return note(M->setGlobal(Symbol, Data.data(), Data.size()));
  }
  LaunchOutcome launch(const std::string &Kernel, Dim3 Grid, Dim3 Block,
                       unsigned SharedBytes,
                       const std::vector<Bytes> &Args) override {
    return run(Kernel, Grid, Block, SharedBytes, Args, false);
  }
  LaunchOutcome launchCooperative(const std::string &Kernel, Dim3 Grid,
                                  Dim3 Block, unsigned SharedBytes,
                                  const std::vector<Bytes> &Args) override {
    return run(Kernel, Grid, Block, SharedBytes, Args, true);
  }

private:
  LaunchOutcome run(const std::string &Kernel, Dim3 Grid, Dim3 Block,
                    unsigned SharedBytes, const std::vector<Bytes> &Args,
                    bool Cooperative) {
    llvm::Expected<std::string> Symbol = kernelSymbol(Kernels, Kernel);
    if (!Symbol)
      return failedLaunch(Status::CompileFail, llvm::toString(Symbol.takeError()));
    LaunchOutcome Out;
    float Ms = 0;
    Out.Message = note(M->launch(*Symbol, {Grid.X, Grid.Y, Grid.Z},
                                 {Block.X, Block.Y, Block.Z}, SharedBytes,
                                 argPointers(Args), Ms, Cooperative));
    // A launch the driver refused or a kernel that faulted: either way the
    // context may be poisoned, so the worker makes way (reportFailuresTo).
    Out.S = Out.Message.empty() ? Status::Ok : Status::GpuFault;
    if (!Out.Message.empty() && SharedBytes)
      Out.Message += " (the launch asks for " + std::to_string(SharedBytes) +
                     " bytes of dynamic shared memory)";
    Out.Seconds = Ms * 1e-3;
    return Out;
  }

  GpuPlanDevice(gpu::Device &D, std::unique_ptr<gpu::Module> M,
                std::map<std::string, std::string> Kernels)
      : D(D), M(std::move(M)), Kernels(std::move(Kernels)) {}
  std::string note(std::string E) {
    if (!E.empty() && Failed)
      *Failed = true;
    return E;
  }
  gpu::Device &D;
  std::unique_ptr<gpu::Module> M;
  std::map<std::string, std::string> Kernels;
  std::set<uint64_t> Live;
  bool *Failed = nullptr;
};

} // namespace gevo

#endif
