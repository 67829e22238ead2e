//===- CallSites.h - Deterministic call-site numbers in PTX -----*- C++ -*-===//

#ifndef GEVO_HARNESS_LOWER_CALLSITES_H
#define GEVO_HARNESS_LOWER_CALLSITES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace gevo {

/// The NVPTX backend numbers call sites from a process-wide counter
/// ("// callseq 15", "prototype_15 : .callprototype"), so the same module
/// would lower to different text on every call and in every thread. Returns
/// \p Ptx with those numbers replaced by 0, 1, ... in order of appearance.
/// A "prototype_<n>" for which \p IsSymbol holds is a name from the module
/// and is left alone.
std::string renumberCallSites(llvm::StringRef Ptx,
                              llvm::function_ref<bool(llvm::StringRef)> IsSymbol);

} // namespace gevo

#endif // GEVO_HARNESS_LOWER_CALLSITES_H
