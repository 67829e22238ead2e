//===- Libdevice.h - Linking the __nv_* functions a module calls -*- C++ -*-===//

#ifndef GEVO_HARNESS_LOWER_LIBDEVICE_H
#define GEVO_HARNESS_LOWER_LIBDEVICE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace gevo {

/// Links into \p M the libdevice functions it calls, and what those need.
/// The file at \p Path is read once per process and kept; each call parses it
/// lazily into M's context, so only the linked functions are materialised.
/// Nothing is parsed when M declares no __nv_* function.
llvm::Error linkLibdevice(llvm::Module &M, llvm::StringRef Path);

} // namespace gevo

#endif // GEVO_HARNESS_LOWER_LIBDEVICE_H
