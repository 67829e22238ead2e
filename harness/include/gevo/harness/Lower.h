//===- Lower.h - NVPTX IR to PTX, and the ptxas check -----------*- C++ -*-===//
//
// Lowering runs the NVPTX backend in process on a private copy of the module,
// so it is safe to call from several threads at once (each call has its own
// LLVMContext) and leaves the caller's module untouched.
//
//===----------------------------------------------------------------------===//

#ifndef GEVO_HARNESS_LOWER_H
#define GEVO_HARNESS_LOWER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace gevo {

struct CudaToolkit;

struct PtxOptions {
  std::string Arch = "sm_80";
  std::string LibdevicePath; ///< Empty: do not link libdevice.
  unsigned OptLevel = 2;     ///< IR optimisation after linking, 0-3 (0 = none).
};

/// PtxOptions for \p Arch linking the libdevice of findCudaToolkit() (none
/// when no toolkit is found: __nv_* calls then stay unresolved in the PTX).
PtxOptions installedPtxOptions(llvm::StringRef Arch = "sm_80");

/// True for a kernel entry point: the ptx_kernel calling convention, or a
/// `!{ptr @F, !"kernel", i32 1}` entry in !nvvm.annotations (what clang 19
/// emits for __global__ functions).
bool isKernel(const llvm::Function &F);

/// Every kernel of M under the names a user may give it: its symbol and,
/// for a C++ kernel, its source names (gevo/passes/Names.h) that name no
/// other kernel.
std::map<std::string, std::string> kernelNames(const llvm::Module &M);
/// The symbol of the kernel \p Kernel names among \p Names (kernelNames), a
/// glob matching exactly one kernel too; an Error that lists the kernels
/// (or the several a name matches) otherwise.
llvm::Expected<std::string>
kernelSymbol(const std::map<std::string, std::string> &Names,
             const std::string &Kernel);

/// Lowers a copy of \p M to PTX text. Steps: verify M (an invalid module, a
/// non-nvptx triple, a module without kernels, an unknown Arch are Errors);
/// link the libdevice functions M calls (LinkOnlyNeeded; the file is read once
/// per process); internalize all functions but kernels (global variables
/// defined in M outside shared memory stay visible, so the host can reach
/// __device__/__constant__ data by name); NVVMReflect and the O<OptLevel>
/// pipeline through the NVPTX TargetMachine's PassBuilder callbacks; codegen.
/// Backend errors and LLVM fatal errors become Errors, never an exit.
llvm::Expected<std::string> lowerToPTX(const llvm::Module &M,
                                       const PtxOptions &Opts);

/// Runs `ptxas -arch=<Arch>` on \p Ptx (through a temporary file, output
/// discarded). The Error names ptxas and holds its first lines of diagnostics.
llvm::Error checkPtx(llvm::StringRef Ptx, const CudaToolkit &Cuda,
                     llvm::StringRef Arch);

/// The registers a thread of each kernel of \p Ptx uses, by symbol, as
/// `ptxas -v -arch=<Arch>` reports them; checkPtx's Errors.
llvm::Expected<std::map<std::string, unsigned>>
ptxasRegisters(llvm::StringRef Ptx, const CudaToolkit &Cuda,
               llvm::StringRef Arch);

} // namespace gevo

#endif // GEVO_HARNESS_LOWER_H
