//===- rodinia-check.cpp - Checks behind the Rodinia-style apps' ctests ----===//
//
//   rodinia-check KERNEL.ll --ptx
//     Lowers every kernel to PTX (libdevice linked) and runs ptxas on it.
//     Exit 0 accepted, 1 rejected, 77 no CUDA toolkit (ctest: skipped).
//
//   rodinia-check KERNEL.ll --tests DIR --out DIR [--heldout]
//                 [--driver-cache DIR]
//     Runs every case on the cpu target and writes, per case, each buffer's
//     initial contents as <out>/<case>/in/<buffer>.bin and each output as
//     <out>/<case>/out/<buffer>.bin (raw little-endian elements), for an
//     app's independent reference (check/ref_test.py) to compare against.
//     A driver case writes its params as <out>/<case>/in/params.json, its
//     outputs as <out>/<case>/out/<index>.bin and its scalar error as
//     <out>/<case>/out/error.txt.
//
//===----------------------------------------------------------------------===//

#include "ToolSupport.h"

#include "gevo/harness/Cuda.h"
#include "gevo/harness/DriverHost.h"
#include "gevo/harness/Lower.h"
#include "gevo/harness/Plan.h"
#include "gevo/harness/cpu/PlanDevice.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

using namespace llvm;
namespace po = boost::program_options;

namespace {
constexpr const char *Tool = "rodinia-check";
constexpr int SkipStatus = 77;

int checkPtxCommand(const std::string &Kernel) {
  std::optional<gevo::CudaToolkit> Cuda = gevo::findCudaToolkit();
  if (!Cuda || Cuda->Ptxas.empty() || Cuda->Libdevice.empty()) {
    std::printf("skipped: no CUDA toolkit with ptxas and libdevice "
                "(set CUDA_PATH)\n");
    return SkipStatus;
  }
  LLVMContext Ctx;
  std::unique_ptr<Module> M = gevo::loadModule(Tool, Kernel, Ctx);
  gevo::PtxOptions Opts;
  Opts.LibdevicePath = Cuda->Libdevice;
  Expected<std::string> Ptx = gevo::lowerToPTX(*M, Opts);
  if (!Ptx)
    gevo::toolError(Tool, Kernel + ": " + toString(Ptx.takeError()));
  if (Error E = gevo::checkPtx(*Ptx, *Cuda, Opts.Arch))
    gevo::toolError(Tool, Kernel + ": " + toString(std::move(E)));
  std::printf("%s: ptxas -arch=%s accepted the PTX\n", Kernel.c_str(),
              Opts.Arch.c_str());
  return 0;
}

void writeFile(const std::filesystem::path &Path, std::string_view Data) {
  std::filesystem::create_directories(Path.parent_path());
  std::ofstream F(Path, std::ios::binary);
  F.write(Data.data(), Data.size());
  if (!F)
    gevo::toolError(Tool, "cannot write '" + Path.string() + "'");
}

void writeFile(const std::filesystem::path &Path, const gevo::Bytes &Data) {
  writeFile(Path, std::string_view(reinterpret_cast<const char *>(Data.data()),
                                   Data.size()));
}

/// A plan case's buffers (in/) and outputs (out/) by name.
void dumpPlan(const gevo::CaseSpec &C, const gevo::CaseOutcome &Out,
              const std::filesystem::path &CaseDir) {
  for (const gevo::BufferSpec &B : C.Buffers) {
    auto Init = gevo::initialContents(B);
    if (!Init)
      gevo::toolError(Tool, C.Name + ": " + toString(Init.takeError()));
    writeFile(CaseDir / "in" / (B.Name + ".bin"), *Init);
  }
  for (size_t I = 0; I < C.Outputs.size(); ++I)
    writeFile(CaseDir / "out" / (C.Outputs[I].Buffer + ".bin"), Out.Outputs[I]);
}

/// A driver case's params (in/), outputs by index and error (out/).
void dumpDriver(const gevo::CaseSpec &C, const gevo::CaseOutcome &Out,
                const std::filesystem::path &CaseDir) {
  writeFile(CaseDir / "in" / "params.json", C.Driver->Params);
  for (size_t I = 0; I < Out.Outputs.size(); ++I)
    writeFile(CaseDir / "out" / (std::to_string(I) + ".bin"), Out.Outputs[I]);
  char Error[32] = "none";
  if (Out.Error)
    std::snprintf(Error, sizeof(Error), "%.17g", *Out.Error);
  writeFile(CaseDir / "out" / "error.txt", std::string_view(Error));
}

int dumpCommand(const std::string &Kernel, const std::string &TestsDir,
                const std::string &OutDir, bool HeldOut,
                const std::string &DriverCache) {
  auto Spec = gevo::loadSpec(TestsDir);
  if (!Spec)
    gevo::toolError(Tool, toString(Spec.takeError()));
  if (Error E = gevo::buildDrivers(*Spec, DriverCache))
    gevo::toolError(Tool, toString(std::move(E)));
  LLVMContext Ctx;
  std::unique_ptr<Module> M = gevo::loadModule(Tool, Kernel, Ctx);
  auto Dev = gevo::cpu::CpuPlanDevice::create(*M);
  if (!Dev)
    gevo::toolError(Tool, Kernel + ": " + toString(Dev.takeError()));
  for (const gevo::CaseSpec &C : HeldOut ? Spec->HeldOut : Spec->Cases) {
    gevo::CaseOutcome Out = gevo::runCase(C, **Dev);
    if (Out.S != gevo::Status::Ok)
      gevo::toolError(Tool, "case '" + C.Name + "': " +
                                std::string(gevo::statusName(Out.S)) + " " +
                                Out.Message);
    std::filesystem::path CaseDir = std::filesystem::path(OutDir) / C.Name;
    if (C.Driver)
      dumpDriver(C, Out, CaseDir);
    else
      dumpPlan(C, Out, CaseDir);
  }
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  po::options_description Opts(
      "rodinia-check: KERNEL.ll --ptx | KERNEL.ll --tests DIR --out DIR "
      "[--heldout] [--driver-cache DIR]\n\nOptions");
  std::string Kernel, TestsDir, OutDir, DriverCache;
  Opts.add_options()("help,h", "show this help")(
      "ptx", "lower to PTX and run ptxas (exit 77: no CUDA toolkit)")(
      "tests", po::value(&TestsDir), "tests dir whose cases to dump")(
      "out", po::value(&OutDir), "where to dump inputs and outputs")(
      "heldout", "dump the held-out cases instead")(
      "driver-cache", po::value(&DriverCache),
      "compile .cpp drivers into DIR (default: $XDG_CACHE_HOME/gevo/drivers)")(
      "kernel", po::value(&Kernel), "kernel: NVPTX IR (.ll/.bc)");
  po::variables_map VM;
  gevo::parseCommandLineOrHelp(Tool, argc, argv, Opts, "kernel", VM, 2);
  if (!Kernel.empty() && VM.count("ptx"))
    return checkPtxCommand(Kernel);
  if (!Kernel.empty() && !TestsDir.empty() && !OutDir.empty())
    return dumpCommand(Kernel, TestsDir, OutDir, VM.count("heldout"),
                       DriverCache);
  gevo::toolError(Tool, "need KERNEL.ll and --ptx, or --tests DIR --out DIR "
                        "(see --help)", 2);
}
