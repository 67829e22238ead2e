//===- Strings.h - Small text helpers shared by floors ----------*- C++ -*-===//
//
// What several floors do to a string the same way, done once here.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_SUPPORT_STRINGS_H
#define GEVO_SUPPORT_STRINGS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace gevo {

/// A comma-separated list's items, empty ones dropped: "a,b,,c" ->
/// {"a", "b", "c"} (a command line's --strategies a,b or --kernels x,y).
std::vector<std::string> splitList(llvm::StringRef List);

} // namespace gevo

#endif // GEVO_SUPPORT_STRINGS_H
