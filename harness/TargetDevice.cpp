//===- TargetDevice.cpp - A variant's PlanDevice on a named target ----------===//

#include "gevo/harness/TargetDevice.h"

#include "gevo/harness/Amdgpu.h"
#include "gevo/harness/GpuPlanDevice.h"
#include "gevo/harness/Lower.h"
#include "gevo/harness/cpu/PlanDevice.h"

namespace gevo {

namespace {
bool AnyFailure = false;

/// The modeled cost one launch of undefinedInputHints may reach.
constexpr uint64_t HintLaunchCostLimit = uint64_t(1) << 36;

llvm::Error targetError(llvm::StringRef Target, const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 Target + " target: " + Why);
}

/// This process's GPU of the driver layer DeviceT, opened on first use.
template <typename DeviceT> DeviceT *processDevice(std::string &Why) {
  static std::unique_ptr<DeviceT> D;
  static std::string OpenError;
  if (!D && OpenError.empty()) {
    D = DeviceT::open(0, OpenError);
    if (!D && OpenError.empty())
      OpenError = "the device did not open";
  }
  Why = OpenError;
  return D.get();
}

/// M lowered by Lower into an image and loaded on this process's GPU.
template <typename PlanDeviceT, typename DeviceT, typename LowerFn>
llvm::Expected<std::unique_ptr<PlanDevice>>
gpuDevice(llvm::StringRef Target, const llvm::Module &M, LowerFn Lower) {
  std::string Why;
  DeviceT *D = processDevice<DeviceT>(Why);
  if (!D)
    return targetError(Target, Why);
  llvm::Expected<std::string> Image = Lower(M);
  if (!Image)
    return Image.takeError();
  std::unique_ptr<PlanDeviceT> P =
      PlanDeviceT::create(*D, *Image, kernelNames(M), Why);
  if (!P) {
    AnyFailure = true;
    return targetError(Target, Why);
  }
  P->reportFailuresTo(AnyFailure);
  return std::unique_ptr<PlanDevice>(std::move(P));
}
} // namespace

bool isKnownTarget(llvm::StringRef Target) {
  return Target == "cpu" || Target == "cuda" || Target == "hip";
}

llvm::Expected<std::unique_ptr<PlanDevice>>
createTargetDevice(llvm::StringRef Target, const llvm::Module &M,
                   const cpu::Options &CpuOpts, llvm::StringRef Arch) {
  if (Target == "cuda")
    return gpuDevice<CudaPlanDevice, cuda::Device>(
        Target, M, [Arch](const llvm::Module &V) {
          return lowerToPTX(V, installedPtxOptions(Arch.empty() ? "sm_80" : Arch));
        });
  if (Target == "hip")
    return gpuDevice<HipPlanDevice, hip::Device>(
        Target, M, [Arch](const llvm::Module &V) {
          AmdgpuOptions Opts;
          if (!Arch.empty())
            Opts.Arch = Arch.str();
          return lowerToAmdgpu(V, Opts);
        });
  if (Target != "cpu")
    return targetError(Target, "unknown (cpu, cuda or hip)");
  auto Cpu = cpu::CpuPlanDevice::create(M, CpuOpts);
  if (!Cpu)
    return Cpu.takeError();
  return std::unique_ptr<PlanDevice>(std::move(*Cpu));
}

llvm::Expected<std::unique_ptr<PlanDevice>>
createTargetDevice(llvm::StringRef Target, std::unique_ptr<llvm::Module> M,
                   std::unique_ptr<llvm::LLVMContext> Ctx,
                   const cpu::Options &CpuOpts, llvm::StringRef Arch) {
  if (Target != "cpu")
    return createTargetDevice(Target, *M, CpuOpts, Arch);
  auto Cpu = cpu::CpuPlanDevice::create(std::move(M), std::move(Ctx), CpuOpts);
  if (!Cpu)
    return Cpu.takeError();
  return std::unique_ptr<PlanDevice>(std::move(*Cpu));
}

std::vector<std::string> undefinedInputHints(const llvm::Module &Base,
                                             const Spec &S) {
  cpu::Options O;
  O.ParallelBlocks = false;
  O.LaunchCostLimit = HintLaunchCostLimit;
  auto Dev = cpu::CpuPlanDevice::create(Base, O);
  if (!Dev) {
    llvm::consumeError(Dev.takeError());
    return {};
  }
  return undefinedInputHints(S, **Dev);
}

bool targetDeviceFailed() { return AnyFailure; }

} // namespace gevo
