//===- ErrorText.h - What a failed evolve/tune call says --------*- C++ -*-===//
#ifndef GEVO_TESTS_UNIT_TUNE_ERRORTEXT_H
#define GEVO_TESTS_UNIT_TUNE_ERRORTEXT_H

#include "llvm/Support/Error.h"

#include <string>

namespace gevo::evolve::tune {

/// E's one line, or "no error" when it is success.
inline std::string errorText(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : "no error";
}

/// The error of V, or "no error" when it holds a value.
template <typename T> std::string errorText(llvm::Expected<T> V) {
  return errorText(V.takeError());
}

} // namespace gevo::evolve::tune

#endif
