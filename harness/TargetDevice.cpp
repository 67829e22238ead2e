//===- TargetDevice.cpp - A variant's PlanDevice on a named target ----------===//

#include "gevo/harness/TargetDevice.h"

#include "gevo/harness/Amdgpu.h"
#include "gevo/harness/GpuPlanDevice.h"
#include "gevo/harness/Lower.h"
#include "gevo/harness/cpu/PlanDevice.h"
#include "gevo/support/Process.h"

#include <optional>

namespace gevo {

namespace {
bool AnyFailure = false;
int GpuOrdinal = 0;

/// The modeled cost one launch of undefinedInputHints may reach.
constexpr uint64_t HintLaunchCostLimit = uint64_t(1) << 36;

llvm::Error targetError(llvm::StringRef Target, const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 Target + " target: " + Why);
}

/// This process's GPU on Target ("cuda" or "hip"), opened on first use.
/// A process has one: a worker runs one target.
gpu::Device *processDevice(llvm::StringRef Target, std::string &Why) {
  static std::unique_ptr<gpu::Device> D;
  static std::string OpenError;
  if (!D && OpenError.empty()) {
    D = gpu::Device::open(std::string_view(Target), GpuOrdinal, OpenError);
    if (!D && OpenError.empty())
      OpenError = "the device did not open";
  }
  Why = OpenError;
  return D.get();
}

/// M lowered by Lower into an image and loaded on this process's GPU.
template <typename LowerFn>
llvm::Expected<std::unique_ptr<PlanDevice>>
gpuDevice(llvm::StringRef Target, const llvm::Module &M, LowerFn Lower) {
  std::string Why;
  gpu::Device *D = processDevice(Target, Why);
  if (!D)
    return targetError(Target, Why);
  llvm::Expected<std::string> Image = Lower(M);
  if (!Image)
    return Image.takeError();
  std::unique_ptr<GpuPlanDevice> P =
      GpuPlanDevice::create(*D, *Image, kernelNames(M), Why);
  if (!P) {
    AnyFailure = true;
    return targetError(Target, Why);
  }
  P->reportFailuresTo(AnyFailure);
  return std::unique_ptr<PlanDevice>(std::move(P));
}
} // namespace

void selectGpu(int Ordinal) { GpuOrdinal = Ordinal; }

llvm::Expected<std::string> describeGpu(llvm::StringRef Target) {
  if (Target != "cuda" && Target != "hip")
    return targetError(Target, "is not a GPU target");
  std::string Why;
  gpu::Device *D = processDevice(Target, Why);
  if (!D)
    return targetError(Target, Why);
  return D->name() + ", driver " + D->driverVersion() + ", device " +
         std::to_string(GpuOrdinal);
}

llvm::Expected<int> countGpus(llvm::StringRef Target) {
  if (Target != "cuda" && Target != "hip")
    return targetError(Target, "is not a GPU target");
  std::optional<std::string> Answer = answerInChild([&] {
    std::string Why;
    const gpu::Api *A = gpu::apiFor(std::string_view(Target), Why);
    int N = A ? gpu::Device::count(*A, Why) : 0;
    return Why.empty() ? std::to_string(N) : "!" + Why;
  }).Answer;
  if (!Answer || Answer->empty())
    return targetError(Target, "the process counting its devices died");
  if ((*Answer)[0] == '!')
    return targetError(Target, Answer->substr(1));
  return std::stoi(*Answer);
}

bool isKnownTarget(llvm::StringRef Target) {
  return Target == "cpu" || Target == "cuda" || Target == "hip";
}

llvm::Expected<std::unique_ptr<PlanDevice>>
createTargetDevice(llvm::StringRef Target, const llvm::Module &M,
                   const cpu::Options &CpuOpts, llvm::StringRef Arch) {
  if (Target == "cuda")
    return gpuDevice(
        Target, M, [Arch](const llvm::Module &V) {
          return lowerToPTX(V, installedPtxOptions(Arch.empty() ? "sm_80" : Arch));
        });
  if (Target == "hip")
    return gpuDevice(
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

/// In a child: a base that crashes the JIT (or anything under it) must not
/// take the tool with it; the base's own run, in the sandbox, reports it.
std::vector<std::string> undefinedInputHints(const llvm::Module &Base,
                                             const Spec &S) {
  std::optional<std::string> Answer = answerInChild([&] {
    cpu::Options O;
    O.ParallelBlocks = false;
    O.LaunchCostLimit = HintLaunchCostLimit;
    auto Dev = cpu::CpuPlanDevice::create(Base, O);
    if (!Dev) {
      llvm::consumeError(Dev.takeError());
      return std::string();
    }
    std::string Joined;
    for (const std::string &Hint : undefinedInputHints(S, **Dev))
      Joined += Hint + '\0';
    return Joined;
  }).Answer;
  std::vector<std::string> Hints;
  if (!Answer)
    return Hints;
  llvm::SmallVector<llvm::StringRef> Parts;
  llvm::StringRef(*Answer).split(Parts, '\0', -1, false);
  for (llvm::StringRef P : Parts)
    Hints.push_back(P.str());
  return Hints;
}

bool targetDeviceFailed() { return AnyFailure; }

} // namespace gevo
