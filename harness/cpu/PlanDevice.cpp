//===- PlanDevice.cpp - Launch plans on the cpu target ----------------------===//

#include "gevo/harness/cpu/PlanDevice.h"
#include "gevo/harness/Lower.h"
#include "gevo/harness/cpu/Memory.h"
#include "gevo/harness/cpu/Texture.h"

namespace gevo::cpu {

namespace {
void *ptr(uint64_t Address) { return reinterpret_cast<void *>(Address); }
std::string message(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : "";
}
} // namespace

llvm::Expected<std::unique_ptr<CpuPlanDevice>>
CpuPlanDevice::create(const llvm::Module &M, const Options &Opts) {
  auto P = Program::load(M, Opts);
  if (!P)
    return P.takeError();
  return std::unique_ptr<CpuPlanDevice>(
      new CpuPlanDevice(std::move(*P), kernelNames(M)));
}

llvm::Expected<std::unique_ptr<CpuPlanDevice>>
CpuPlanDevice::create(std::unique_ptr<llvm::Module> M,
                      std::unique_ptr<llvm::LLVMContext> Ctx,
                      const Options &Opts) {
  auto Kernels = kernelNames(*M);
  auto P = Program::load(std::move(M), std::move(Ctx), Opts);
  if (!P)
    return P.takeError();
  return std::unique_ptr<CpuPlanDevice>(
      new CpuPlanDevice(std::move(*P), std::move(Kernels)));
}

std::string CpuPlanDevice::alloc(size_t Size, uint64_t &Address) {
  Address = reinterpret_cast<uint64_t>(deviceAlloc(Size));
  return "";
}

std::string CpuPlanDevice::release(uint64_t Address) {
  return message(deviceFree(ptr(Address)));
}

std::string CpuPlanDevice::write(uint64_t Address, const Bytes &Data) {
  return message(copyToDevice(ptr(Address), Data.data(), Data.size()));
}

std::string CpuPlanDevice::read(uint64_t Address, Bytes &Data) {
  return message(copyFromDevice(Data.data(), ptr(Address), Data.size()));
}

std::string CpuPlanDevice::setConstant(const std::string &Symbol,
                                       const Bytes &Data) {
  return message(P->setConstant(
      Symbol, llvm::ArrayRef(reinterpret_cast<const char *>(Data.data()),
                             Data.size())));
}

std::string CpuPlanDevice::createTexture(const TextureSpec &T,
                                         uint64_t Address, uint64_t &Handle) {
  Handle = createTextureObject(T, static_cast<char *>(ptr(Address)));
  return "";
}

std::string CpuPlanDevice::destroyTexture(uint64_t Handle) {
  return message(destroyTextureObject(Handle));
}

LaunchOutcome CpuPlanDevice::launch(const std::string &Kernel, gevo::Dim3 Grid,
                                    gevo::Dim3 Block, unsigned SharedBytes,
                                    const std::vector<Bytes> &Args) {
  return run(Kernel,
             {{Grid.X, Grid.Y, Grid.Z}, {Block.X, Block.Y, Block.Z}, SharedBytes},
             Args);
}

LaunchOutcome CpuPlanDevice::launchCooperative(const std::string &Kernel,
                                               gevo::Dim3 Grid,
                                               gevo::Dim3 Block,
                                               unsigned SharedBytes,
                                               const std::vector<Bytes> &Args) {
  return run(Kernel,
             {{Grid.X, Grid.Y, Grid.Z},
              {Block.X, Block.Y, Block.Z},
              SharedBytes,
              true},
             Args);
}

LaunchOutcome CpuPlanDevice::run(const std::string &Kernel,
                                 const LaunchConfig &Config,
                                 const std::vector<Bytes> &Args) {
  llvm::Expected<std::string> Symbol = kernelSymbol(Kernels, Kernel);
  if (!Symbol)
    return failedLaunch(Status::CompileFail, llvm::toString(Symbol.takeError()));
  auto R = P->launch(*Symbol, Config, argPointers(Args));
  if (!R)
    return failedLaunch(Status::Crash, llvm::toString(R.takeError()));
  LaunchOutcome Out;
  Out.S = R->S;
  Out.Message = R->Message;
  Out.FaultUid = R->FaultUid;
  Out.OtherUid = R->OtherUid;
  Out.Seconds = R->Seconds;
  Out.ModeledCost = R->ModeledCost;
  Out.ModeledSeconds = R->ModeledSeconds;
  if (R->ModeledSeconds > 0)
    Out.ModelNote = R->Perf.summary();
  return Out;
}

} // namespace gevo::cpu
