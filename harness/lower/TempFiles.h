//===- TempFiles.h - Running an offline tool on temporary files ---*- C++ -*-===//
//
// ptxas and ld.lld run as processes on temporary files; these are the
// pieces both need.
//
//===----------------------------------------------------------------------===//

#ifndef GEVO_HARNESS_LOWER_TEMPFILES_H
#define GEVO_HARNESS_LOWER_TEMPFILES_H

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"

#include <string>

namespace gevo {

/// Writes \p Text to a new temporary file; \p Path receives its name.
llvm::Error writeTemporary(llvm::StringRef Suffix, llvm::StringRef Text,
                           llvm::SmallString<128> &Path);

/// The first \p Lines lines of a tool's \p Log, with every \p Temp
/// replaced by \p Stable (so the same input always gives the same message).
std::string firstLines(llvm::StringRef Log, unsigned Lines,
                       llvm::StringRef Temp, llvm::StringRef Stable);

} // namespace gevo

#endif // GEVO_HARNESS_LOWER_TEMPFILES_H
