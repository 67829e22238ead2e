//===- PlanDevice.h - Launch plans on the cpu target -------------*- C++ -*-===//
#ifndef GEVO_HARNESS_CPU_PLANDEVICE_H
#define GEVO_HARNESS_CPU_PLANDEVICE_H

#include "gevo/harness/Plan.h"
#include "gevo/harness/cpu/Program.h"

#include <map>
#include <memory>

namespace gevo::cpu {

/// Runs launch plans on a loaded Program. Kernels are named as in the
/// source: a C++ kernel's unqualified name finds its mangled symbol.
class CpuPlanDevice : public PlanDevice {
public:
  static llvm::Expected<std::unique_ptr<CpuPlanDevice>>
  create(const llvm::Module &M, const Options &Opts = {});
  /// create() of \p M, the only module of \p Ctx, without a copy.
  static llvm::Expected<std::unique_ptr<CpuPlanDevice>>
  create(std::unique_ptr<llvm::Module> M,
         std::unique_ptr<llvm::LLVMContext> Ctx, const Options &Opts = {});

  std::string alloc(size_t Size, uint64_t &Address) override;
  std::string release(uint64_t Address) override;
  std::string write(uint64_t Address, const Bytes &Data) override;
  std::string read(uint64_t Address, Bytes &Data) override;
  std::string setConstant(const std::string &Symbol, const Bytes &Data) override;
  /// A texture or surface object in the cpu runtime's table (Texture.h).
  std::string createTexture(const TextureSpec &T, uint64_t Address,
                            uint64_t &Handle) override;
  std::string destroyTexture(uint64_t Handle) override;
  LaunchOutcome launch(const std::string &Kernel, gevo::Dim3 Grid,
                       gevo::Dim3 Block, unsigned SharedBytes,
                       const std::vector<Bytes> &Args) override;
  LaunchOutcome launchCooperative(const std::string &Kernel, gevo::Dim3 Grid,
                                  gevo::Dim3 Block, unsigned SharedBytes,
                                  const std::vector<Bytes> &Args) override;
  const Program &program() const { return *P; }
  bool reverseSchedule(bool Reverse) override {
    P->setReverseSchedule(Reverse);
    return true;
  }

private:
  LaunchOutcome run(const std::string &Kernel, const LaunchConfig &Config,
                    const std::vector<Bytes> &Args);
  CpuPlanDevice(std::unique_ptr<Program> P,
                std::map<std::string, std::string> Kernels)
      : P(std::move(P)), Kernels(std::move(Kernels)) {}
  std::unique_ptr<Program> P;
  std::map<std::string, std::string> Kernels; // source name -> symbol
};

} // namespace gevo::cpu

#endif
