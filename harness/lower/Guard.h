//===- Guard.h - Turning LLVM fatal errors into llvm::Error -----*- C++ -*-===//
//
// The NVPTX backend reports some unsupported input with report_fatal_error,
// which would end the whole process. A mutant is data, not a reason to stop.
//
//===----------------------------------------------------------------------===//

#ifndef GEVO_HARNESS_LOWER_GUARD_H
#define GEVO_HARNESS_LOWER_GUARD_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace gevo {

/// Runs \p Fn on this thread. An LLVM fatal error or a crash signal inside it
/// becomes an Error "<What>: ..." instead of ending the process; whatever Fn
/// had built is then leaked, not destroyed, so Fn should own everything it
/// touches (its own LLVMContext). The first call installs, for the whole
/// process, LLVM crash recovery and a fatal-error handler that outside
/// runGuarded behaves like LLVM's default (message on stderr, exit 1).
llvm::Error runGuarded(llvm::StringRef What, llvm::function_ref<llvm::Error()> Fn);

} // namespace gevo

#endif // GEVO_HARNESS_LOWER_GUARD_H
