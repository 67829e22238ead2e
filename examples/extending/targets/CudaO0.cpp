//===- CudaO0.cpp - NVIDIA GPUs, variants lowered as written (an example) --===//
//
// examples/extending: a GPU target written as harness/README.md says.
// Copied to harness/targets/CudaO0.cpp with the line
//
//   GEVO_GPU_TARGET(CudaO0)
//
// in harness/targets/Targets.def, it is a target like cuda and hip:
// --target cuda-o0 in gevo-run, gevo-evolve and gevo-suite, their --help,
// run configurations, sandboxed workers. The extend.target tests build the
// harness that way and run the targets tests over it.
//
// It shares the cuda target's driver and lowers without LLVM's O2
// pipeline, so what runs is the variant's code as evolution wrote it
// (libdevice still linked, the backend's own codegen still optimises).
//
//===----------------------------------------------------------------------===//

#include "gevo/harness/Lower.h"
#include "gevo/harness/Targets.h"

namespace gevo {

extern const GpuTarget CudaTarget;

namespace {
llvm::Expected<std::string> lowerAsWritten(const llvm::Module &M, llvm::StringRef Arch) {
  PtxOptions Opts = installedPtxOptions(Arch.empty() ? "sm_80" : Arch);
  Opts.OptLevel = 0;
  return lowerToPTX(M, Opts);
}
} // namespace

extern const GpuTarget CudaO0Target = {
    "cuda-o0", "NVIDIA GPUs: the cuda target's driver, PTX without LLVM's O2 pipeline",
    [](gpu::Error &Why) { return CudaTarget.Api(Why); }, lowerAsWritten, "ptx",
    /*ComputeSanitizer=*/true};

} // namespace gevo
