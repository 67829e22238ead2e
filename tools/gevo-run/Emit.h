//===- Emit.h - gevo-run --emit: the lowered variant, written out -*- C++ -*-===//
#ifndef GEVO_TOOLS_GEVO_RUN_EMIT_H
#define GEVO_TOOLS_GEVO_RUN_EMIT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Module;
}

namespace gevo {

/// What --emit names: PTX text, a linked AMDGPU code object, or the cpu
/// target's retargeted and instrumented host IR (before the JIT).
enum class EmitKind { Ptx, Amdgpu, CpuIR };

/// "ptx", "amdgpu", "cpu-ir"; false for anything else.
bool parseEmitKind(llvm::StringRef Name, EmitKind &Kind);

/// Variant lowered as Kind; Arch is the --offload-arch (empty: sm_80 for
/// PTX, gfx90a for AMDGPU).
llvm::Expected<std::string> lowerForEmit(const llvm::Module &Variant,
                                         EmitKind Kind, llvm::StringRef Arch);

} // namespace gevo

#endif
