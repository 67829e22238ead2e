//===- Emit.cpp - gevo-run --emit: the lowered variant, written out --------===//

#include "Emit.h"

#include "gevo/harness/Targets.h"

#include "llvm/ADT/StringSwitch.h"

namespace gevo {

namespace {
/// The target Kind names: ptx, amdgpu and cpu-ir are cuda's, hip's and
/// cpu's output.
llvm::StringRef targetOf(llvm::StringRef Kind) {
  return llvm::StringSwitch<llvm::StringRef>(Kind)
      .Case("ptx", "cuda")
      .Case("amdgpu", "hip")
      .Case("cpu-ir", "cpu")
      .Default(Kind);
}
} // namespace

bool isEmitKind(llvm::StringRef Kind) { return isKnownTarget(targetOf(Kind)); }

std::string emitKinds() { return "a target (" + targetNames() + "), ptx, amdgpu or cpu-ir"; }

llvm::Expected<std::string> lowerForEmit(const llvm::Module &Variant, llvm::StringRef Kind,
                                         llvm::StringRef Arch, const cpu::Options &CpuOpts) {
  if (const GpuTarget *T = findGpuTarget(targetOf(Kind)))
    return T->Lower(Variant, Arch);
  return cpu::Program::hostIR(Variant, CpuOpts);
}

} // namespace gevo
