//===- ml-run.cpp - Runs an ML tests dir's driver cases on the cpu target -===//
//
//   ml-run KERNEL.ll --tests DIR --driver DRIVER.so [--heldout] [--case NAME]
//          [--repeat N] [--serial] [--per-kernel] [--step-budget N]
//
// Loads the compiled driver (the shared object built from DIR's
// driver.cpp), runs each case of DIR/spec.json (or each held-out case) on
// the cpu target over KERNEL.ll and prints, per case, the driver's error,
// wall time, summed kernel time, launches and modeled cost. With --repeat
// it runs each case N times and fails unless every run reports the same
// error and outputs (the drivers must be deterministic); --per-kernel
// splits kernel time and modeled cost by kernel; --step-budget bounds each
// thread (for trying mutants, as the Evaluator bounds them from the base's
// cost). A benchmark that prints numbers; the sandboxed runtime for driver
// cases lives in harness/.
//
//===----------------------------------------------------------------------===//

#include "ToolSupport.h"

#include "gevo/harness/Driver.h"
#include "gevo/harness/cpu/PlanDevice.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <chrono>
#include <cstdio>
#include <dlfcn.h>
#include <filesystem>
#include <iostream>
#include <map>

using namespace llvm;
namespace po = boost::program_options;

namespace {
constexpr const char *Tool = "ml-run";

/// Passes everything to a PlanDevice and sums what its launches report.
class CountingDevice : public gevo::PlanDevice {
public:
  explicit CountingDevice(gevo::PlanDevice &D) : D(D) {}
  std::string alloc(size_t Size, uint64_t &Address) override {
    return D.alloc(Size, Address);
  }
  std::string release(uint64_t Address) override { return D.release(Address); }
  std::string write(uint64_t Address, const gevo::Bytes &Data) override {
    return D.write(Address, Data);
  }
  std::string read(uint64_t Address, gevo::Bytes &Data) override {
    return D.read(Address, Data);
  }
  std::string createTexture(const gevo::TextureSpec &T, uint64_t Address,
                            uint64_t &Handle) override {
    return D.createTexture(T, Address, Handle);
  }
  std::string destroyTexture(uint64_t Handle) override {
    return D.destroyTexture(Handle);
  }
  std::string setConstant(const std::string &Symbol,
                          const gevo::Bytes &Data) override {
    return D.setConstant(Symbol, Data);
  }
  gevo::LaunchOutcome launch(const std::string &Kernel, gevo::Dim3 Grid,
                             gevo::Dim3 Block, unsigned SharedBytes,
                             const std::vector<gevo::Bytes> &Args) override {
    gevo::LaunchOutcome Out = D.launch(Kernel, Grid, Block, SharedBytes, Args);
    KernelSeconds += Out.Seconds;
    ModeledCost += Out.ModeledCost;
    ++Launches;
    KernelTotals &K = PerKernel[Kernel];
    K.Seconds += Out.Seconds;
    K.ModeledCost += Out.ModeledCost;
    ++K.Launches;
    return Out;
  }
  struct KernelTotals {
    double Seconds = 0;
    uint64_t ModeledCost = 0;
    uint64_t Launches = 0;
  };
  double KernelSeconds = 0;
  uint64_t ModeledCost = 0;
  uint64_t Launches = 0;
  std::map<std::string, KernelTotals> PerKernel;

private:
  gevo::PlanDevice &D;
};

nlohmann::json readSpec(const std::string &Dir) {
  std::string Path = Dir + "/spec.json";
  try {
    return nlohmann::json::parse(gevo::readTextFile(Tool, Path));
  } catch (const nlohmann::json::exception &E) {
    gevo::toolError(Tool, Path + ": " + E.what());
  }
}

gevo::CreateDriverFn openDriver(const std::string &Path) {
  void *Handle = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Handle)
    gevo::toolError(Tool, dlerror());
  auto Create = reinterpret_cast<gevo::CreateDriverFn>(
      dlsym(Handle, gevo::CreateDriverSymbol));
  if (!Create)
    gevo::toolError(Tool, Path + ": no " + gevo::CreateDriverSymbol);
  return Create;
}

/// Runs one case; returns false when it failed or was not reproducible.
bool runCase(gevo::cpu::CpuPlanDevice &Dev, gevo::Driver &D,
             const gevo::DriverCase &C, unsigned Repeat, bool PerKernel) {
  std::optional<gevo::DriverOutcome> First;
  for (unsigned R = 0; R < Repeat; ++R) {
    CountingDevice Counting(Dev);
    auto Start = std::chrono::steady_clock::now();
    gevo::DriverOutcome Out = D.run(Counting, C);
    double Wall = std::chrono::duration<double>(
                      std::chrono::steady_clock::now() - Start)
                      .count();
    if (Out.S != gevo::Status::Ok) {
      std::printf("%-22s %s: %s\n", C.Name.c_str(),
                  std::string(gevo::statusName(Out.S)).c_str(),
                  Out.Message.c_str());
      return false;
    }
    std::printf("%-22s error %.4f  wall %7.2f s  kernels %7.2f s  launches "
                "%7llu  modeled cost %llu\n",
                C.Name.c_str(), Out.Error.value_or(-1), Wall,
                Counting.KernelSeconds, (unsigned long long)Counting.Launches,
                (unsigned long long)Counting.ModeledCost);
    if (PerKernel)
      for (const auto &[Name, K] : Counting.PerKernel)
        std::printf("    %-20s %8.3f s  %7llu launches  modeled cost %llu\n",
                    Name.c_str(), K.Seconds, (unsigned long long)K.Launches,
                    (unsigned long long)K.ModeledCost);
    std::fflush(stdout);
    if (First && (First->Error != Out.Error || First->Outputs != Out.Outputs)) {
      std::printf("%-22s not deterministic: run %u differs from run 1\n",
                  C.Name.c_str(), R + 1);
      return false;
    }
    First = std::move(Out);
  }
  return true;
}
} // namespace

int main(int argc, char **argv) {
  po::options_description Opts(
      "ml-run KERNEL.ll --tests DIR --driver DRIVER.so [--heldout] "
      "[--case NAME] [--repeat N] [--serial] [--per-kernel] "
      "[--step-budget N]\n\nOptions");
  std::string Kernel, TestsDir, DriverPath, Only;
  unsigned Repeat = 1;
  uint64_t StepBudget = gevo::cpu::Options().ThreadCostLimit;
  Opts.add_options()("help,h", "show this help")(
      "tests", po::value(&TestsDir), "tests dir (spec.json)")(
      "driver", po::value(&DriverPath), "the driver shared object")(
      "heldout", "run the held-out cases")(
      "case", po::value(&Only), "run only the case of this name")(
      "repeat", po::value(&Repeat), "runs per case, checked to agree")(
      "serial", "run blocks on one thread (as sandboxed workers do)")(
      "per-kernel", "print time, launches and modeled cost per kernel")(
      "step-budget", po::value(&StepBudget),
      "modeled cost one thread may reach per launch (cpu target default)")(
      "kernel", po::value(&Kernel), "kernel: NVPTX IR (.ll/.bc)");
  po::variables_map VM;
  gevo::parseCommandLineOrHelp(Tool, argc, argv, Opts, "kernel", VM, 2);
  if (Kernel.empty() || TestsDir.empty() || DriverPath.empty() || Repeat == 0)
    gevo::toolError(Tool, "need KERNEL.ll, --tests DIR and --driver SO "
                          "(see --help)", 2);

  nlohmann::json Spec = readSpec(TestsDir);
  bool HeldOut = VM.count("heldout");
  const char *Key = HeldOut ? "heldout" : "cases";
  if (!Spec.contains(Key) || !Spec[Key].is_array())
    gevo::toolError(Tool, TestsDir + "/spec.json: " + Key + ": expected a list");

  LLVMContext Ctx;
  std::unique_ptr<Module> M = gevo::loadModule(Tool, Kernel, Ctx);
  gevo::cpu::Options CpuOpts;
  CpuOpts.ParallelBlocks = !VM.count("serial");
  CpuOpts.ThreadCostLimit = StepBudget;
  auto Dev = gevo::cpu::CpuPlanDevice::create(*M, CpuOpts);
  if (!Dev)
    gevo::toolError(Tool, Kernel + ": " + toString(Dev.takeError()));
  std::unique_ptr<gevo::Driver> D(openDriver(DriverPath)());

  bool Ok = true;
  unsigned Ran = 0;
  for (const nlohmann::json &J : Spec[Key]) {
    gevo::DriverCase C;
    C.Name = J.value("name", "");
    if (!Only.empty() && C.Name != Only)
      continue;
    C.TestsDir = std::filesystem::absolute(TestsDir).string();
    C.HeldOut = HeldOut;
    C.Params = J.value("params", nlohmann::json::object());
    Ok &= runCase(**Dev, *D, C, Repeat, VM.count("per-kernel"));
    ++Ran;
  }
  if (Ran == 0)
    gevo::toolError(Tool, "no case to run in " + TestsDir + "/spec.json");
  return Ok ? 0 : 1;
}
