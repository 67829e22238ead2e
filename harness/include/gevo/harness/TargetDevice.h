//===- TargetDevice.h - A variant's PlanDevice on a named target -*- C++ -*-===//
//
// What the Evaluator's workers use to run a variant on --target cpu, cuda
// or hip. The GPU targets lower the variant (PTX through lowerToPTX, a code
// object through lowerToAmdgpu) and load it on this process's GPU, opened
// on first use and kept for the life of the process: call this only in a
// process that may own a GPU context (a worker, never the fork server).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_TARGETDEVICE_H
#define GEVO_HARNESS_TARGETDEVICE_H

#include "gevo/harness/Plan.h"
#include "gevo/harness/Targets.h"
#include "gevo/harness/cpu/Program.h"

#include <memory>

namespace gevo {

/// How many GPUs the cuda or hip target's driver shows, asked in a child
/// process (a process that forks workers must not initialise the driver);
/// an Error says why none can be counted ("cuda target: no NVIDIA
/// driver: libcuda.so.1 not found").
llvm::Expected<int> countGpus(llvm::StringRef Target);
/// The GPU (ordinal) this process opens on first use: 0 unless set before.
void selectGpu(int Ordinal);
/// This process's GPU on the cuda or hip target, opened now: "NVIDIA H100
/// 80GB HBM3, driver 13.0, device 0"; an Error says why it did not open.
llvm::Expected<std::string> describeGpu(llvm::StringRef Target);

/// M ready to run on Target; Arch is the GPU architecture to lower for
/// (empty: sm_80 for cuda, gfx90a for hip). Errors: the target's driver or
/// GPU is missing ("cuda target: no NVIDIA driver: libcuda.so.1 not
/// found"), M does not lower or load (the message of the failing step).
llvm::Expected<std::unique_ptr<PlanDevice>>
createTargetDevice(llvm::StringRef Target, const llvm::Module &M,
                   const cpu::Options &CpuOpts, llvm::StringRef Arch = "");
/// createTargetDevice() of \p M, the only module of \p Ctx: the cpu target
/// takes it without a copy.
llvm::Expected<std::unique_ptr<PlanDevice>>
createTargetDevice(llvm::StringRef Target, std::unique_ptr<llvm::Module> M,
                   std::unique_ptr<llvm::LLVMContext> Ctx,
                   const cpu::Options &CpuOpts, llvm::StringRef Arch = "");

/// undefinedInputHints (Plan.h) of Base on S, one line per case whose
/// outcome depends on buffers declared without "init". Run in this process
/// on the cpu target, the reference executor, whatever target variants run
/// on, without starting a thread (a Sandbox may be started afterwards) and
/// with a launch cost limit (a base spinning on poison ends). Empty when
/// Base does not load there (the Evaluator reports why).
std::vector<std::string> undefinedInputHints(const llvm::Module &Base,
                                             const Spec &S);

/// Whether a GPU driver call failed in this process since it started (the
/// context may be poisoned: the process should make way for a fresh one).
bool targetDeviceFailed();

} // namespace gevo

#endif
