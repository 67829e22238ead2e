//===- Emit.cpp - gevo-run --emit: the lowered variant, written out --------===//

#include "Emit.h"

#include "gevo/harness/Targets.h"

namespace gevo {

namespace {
/// The GPU target whose image Kind names; null for the cpu target's IR and
/// unknown kinds.
const GpuTarget *emitTarget(llvm::StringRef Kind) {
  return findGpuTarget(Kind == "ptx" ? "cuda" : Kind == "amdgpu" ? "hip" : Kind);
}
} // namespace

bool isEmitKind(llvm::StringRef Kind) {
  return Kind == "cpu-ir" || isKnownTarget(Kind) || emitTarget(Kind);
}

std::string emitKinds() { return "a target (" + targetNames() + "), ptx, amdgpu or cpu-ir"; }

llvm::Expected<std::string> lowerForEmit(const llvm::Module &Variant, llvm::StringRef Kind,
                                         llvm::StringRef Arch, const cpu::Options &CpuOpts) {
  if (Kind == "cpu-ir" || Kind == "cpu")
    return cpu::Program::hostIR(Variant, CpuOpts);
  return emitTarget(Kind)->Lower(Variant, Arch);
}

} // namespace gevo
