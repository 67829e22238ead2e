//===- Amdgpu.h - NVPTX IR to an AMDGPU code object ---------------*- C++ -*-===//
//
// The hip target's lowering. The NVPTX module is retargeted to AMDGCN in
// process (special registers, barriers, warp operations, address spaces,
// kernels, libdevice calls: see lower/AmdgpuRetarget.h), optimised and
// compiled by the AMDGPU backend into a relocatable object, which ld.lld
// links into the code object (a shared ELF) that the HIP module API loads.
// Like lowerToPTX, it works on a private copy in a context of its own, so
// several threads may lower at once.
//
//===----------------------------------------------------------------------===//

#ifndef GEVO_HARNESS_AMDGPU_H
#define GEVO_HARNESS_AMDGPU_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace gevo {

struct AmdgpuOptions {
  std::string Arch = "gfx90a"; ///< --offload-arch
  unsigned OptLevel = 2;       ///< 0-3, IR pipeline and codegen
  std::string Lld;             ///< ld.lld to link with; empty: findLld()
};

/// The AMDGCN IR \p M becomes (retargeted, libdevice calls defined, before
/// optimisation), as text. Errors as for compileToAmdgcn.
llvm::Expected<std::string> retargetToAmdgcn(const llvm::Module &M,
                                             const AmdgpuOptions &Opts);

/// Lowers a copy of \p M to a relocatable AMDGCN ELF object. An invalid
/// module, a non-nvptx triple, no kernel, an unknown Arch, an intrinsic or
/// libdevice function without an AMDGPU mapping, and backend errors are
/// Errors naming what failed.
llvm::Expected<std::string> compileToAmdgcn(const llvm::Module &M,
                                            const AmdgpuOptions &Opts);

/// Links a relocatable object into a code object with `ld.lld -shared`.
llvm::Expected<std::string> linkCodeObject(llvm::StringRef Object,
                                           llvm::StringRef Lld);

/// compileToAmdgcn, then linkCodeObject with Opts.Lld or findLld().
llvm::Expected<std::string> lowerToAmdgpu(const llvm::Module &M,
                                          const AmdgpuOptions &Opts);

/// ld.lld: $GEVO_LLD when set, else LLVM 19's (the one gevo was built
/// with), else ld.lld-19 or ld.lld on PATH.
std::optional<std::string> findLld();

} // namespace gevo

#endif // GEVO_HARNESS_AMDGPU_H
