//===- Emit.cpp - gevo-run --emit: the lowered variant, written out --------===//

#include "Emit.h"

#include "gevo/harness/Amdgpu.h"
#include "gevo/harness/Lower.h"
#include "gevo/harness/cpu/Program.h"

#include "llvm/ADT/StringSwitch.h"

namespace gevo {

bool parseEmitKind(llvm::StringRef Name, EmitKind &Kind) {
  std::optional<EmitKind> K = llvm::StringSwitch<std::optional<EmitKind>>(Name)
                                  .Case("ptx", EmitKind::Ptx)
                                  .Case("amdgpu", EmitKind::Amdgpu)
                                  .Case("cpu-ir", EmitKind::CpuIR)
                                  .Default(std::nullopt);
  if (K)
    Kind = *K;
  return K.has_value();
}

llvm::Expected<std::string> lowerForEmit(const llvm::Module &Variant,
                                         EmitKind Kind, llvm::StringRef Arch,
                                         const cpu::Options &CpuOpts) {
  switch (Kind) {
  case EmitKind::Ptx:
    return lowerToPTX(Variant, installedPtxOptions(Arch.empty() ? "sm_80" : Arch));
  case EmitKind::Amdgpu: {
    AmdgpuOptions Opts;
    if (!Arch.empty())
      Opts.Arch = Arch.str();
    return lowerToAmdgpu(Variant, Opts);
  }
  case EmitKind::CpuIR:
    return cpu::Program::hostIR(Variant, CpuOpts);
  }
  llvm_unreachable("every EmitKind is handled");
}

} // namespace gevo
