//===- TargetDevice.cpp - A variant's PlanDevice on a named target ----------===//

#include "gevo/harness/TargetDevice.h"

#include "gevo/harness/GpuPlanDevice.h"
#include "gevo/harness/Lower.h"
#include "gevo/harness/Targets.h"
#include "gevo/harness/cpu/PlanDevice.h"
#include "gevo/support/Process.h"

#include <map>
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

/// This process's GPU on T, opened on first use and kept (a worker runs
/// one target; a tool asking of several gets each its own answer).
gpu::Device *processDevice(const GpuTarget &T, std::string &Why) {
  struct Opened {
    std::unique_ptr<gpu::Device> D;
    std::string Error;
  };
  static std::map<const GpuTarget *, Opened> ByTarget;
  auto [It, New] = ByTarget.try_emplace(&T);
  Opened &O = It->second;
  if (New) {
    if (const gpu::Api *A = T.Api(O.Error))
      O.D = gpu::Device::open(*A, GpuOrdinal, O.Error);
    if (!O.D && O.Error.empty())
      O.Error = "the device did not open";
  }
  Why = O.Error;
  return O.D.get();
}

/// M lowered by T into an image and loaded on this process's GPU.
llvm::Expected<std::unique_ptr<PlanDevice>> gpuDevice(const GpuTarget &T, const llvm::Module &M,
                                                      llvm::StringRef Arch) {
  std::string Why;
  gpu::Device *D = processDevice(T, Why);
  if (!D)
    return targetError(T.Name, Why);
  llvm::Expected<std::string> Image = T.Lower(M, Arch);
  if (!Image)
    return Image.takeError();
  std::unique_ptr<GpuPlanDevice> P = GpuPlanDevice::create(*D, *Image, kernelNames(M), Why);
  if (!P) {
    AnyFailure = true;
    return targetError(T.Name, Why);
  }
  P->reportFailuresTo(AnyFailure);
  return std::unique_ptr<PlanDevice>(std::move(P));
}
} // namespace

void selectGpu(int Ordinal) { GpuOrdinal = Ordinal; }

llvm::Expected<std::string> describeGpu(llvm::StringRef Target) {
  const GpuTarget *T = findGpuTarget(Target);
  if (!T)
    return targetError(Target, "is not a GPU target");
  std::string Why;
  gpu::Device *D = processDevice(*T, Why);
  if (!D)
    return targetError(Target, Why);
  return D->name() + ", driver " + D->driverVersion() + ", device " +
         std::to_string(GpuOrdinal);
}

llvm::Expected<int> countGpus(llvm::StringRef Target) {
  const GpuTarget *T = findGpuTarget(Target);
  if (!T)
    return targetError(Target, "is not a GPU target");
  std::optional<std::string> Answer = answerInChild([&] {
    std::string Why;
    const gpu::Api *A = T->Api(Why);
    int N = A ? gpu::Device::count(*A, Why) : 0;
    return Why.empty() ? std::to_string(N) : "!" + Why;
  }).Answer;
  if (!Answer || Answer->empty())
    return targetError(Target, "the process counting its devices died");
  if ((*Answer)[0] == '!')
    return targetError(Target, Answer->substr(1));
  return std::stoi(*Answer);
}

llvm::Expected<std::unique_ptr<PlanDevice>>
createTargetDevice(llvm::StringRef Target, const llvm::Module &M,
                   const cpu::Options &CpuOpts, llvm::StringRef Arch) {
  if (const GpuTarget *T = findGpuTarget(Target))
    return gpuDevice(*T, M, Arch);
  if (Target != "cpu")
    return targetError(Target, "unknown (" + targetNames() + ")");
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
