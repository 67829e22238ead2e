//===- TuneError.h - One-line errors of evolve/tune --------------*- C++ -*-===//
//
// Every bad input of evolve/tune (a space, a constraint, a replay file, an
// operator size, a live option) is an llvm::Error with one line of text.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_TUNEERROR_H
#define GEVO_EVOLVE_TUNE_TUNEERROR_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace gevo::evolve::tune {

inline llvm::Error tuneError(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// E's message after "Where: ".
inline llvm::Error prefixed(const std::string &Where, llvm::Error E) {
  return tuneError(Where + ": " + llvm::toString(std::move(E)));
}

} // namespace gevo::evolve::tune

#endif
