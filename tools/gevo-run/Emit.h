//===- Emit.h - gevo-run --emit: the lowered variant, written out -*- C++ -*-===//
#ifndef GEVO_TOOLS_GEVO_RUN_EMIT_H
#define GEVO_TOOLS_GEVO_RUN_EMIT_H

#include "gevo/harness/cpu/Program.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace gevo {

/// What --emit may name: a target (what it runs: the cpu target's
/// retargeted and instrumented host IR before the JIT, a GPU target's image
/// as its driver loads it), or ptx, amdgpu and cpu-ir, the names of cuda's,
/// hip's and cpu's.
bool isEmitKind(llvm::StringRef Kind);
/// The kinds, for messages: "a target (cpu, cuda or hip), ptx, amdgpu or cpu-ir".
std::string emitKinds();

/// Variant lowered as Kind (isEmitKind); Arch is the --offload-arch
/// (empty: the target's default); the cpu target's IR is instrumented as
/// \p CpuOpts say (the judge, the model, the tier).
llvm::Expected<std::string> lowerForEmit(const llvm::Module &Variant, llvm::StringRef Kind,
                                         llvm::StringRef Arch, const cpu::Options &CpuOpts);

} // namespace gevo

#endif
