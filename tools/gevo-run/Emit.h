//===- Emit.h - gevo-run --emit: the lowered variant, written out -*- C++ -*-===//
#ifndef GEVO_TOOLS_GEVO_RUN_EMIT_H
#define GEVO_TOOLS_GEVO_RUN_EMIT_H

#include "gevo/harness/cpu/Program.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace gevo {

/// What --emit names: PTX text, a linked AMDGPU code object, or the cpu
/// target's retargeted and instrumented host IR (before the JIT).
enum class EmitKind { Ptx, Amdgpu, CpuIR };

/// "ptx", "amdgpu", "cpu-ir"; false for anything else.
bool parseEmitKind(llvm::StringRef Name, EmitKind &Kind);

/// Variant lowered as Kind; Arch is the --offload-arch (empty: sm_80 for
/// PTX, gfx90a for AMDGPU); the cpu target's IR is instrumented as
/// \p CpuOpts say (the judge, the model, the tier).
llvm::Expected<std::string> lowerForEmit(const llvm::Module &Variant,
                                         EmitKind Kind, llvm::StringRef Arch,
                                         const cpu::Options &CpuOpts);

} // namespace gevo

#endif
