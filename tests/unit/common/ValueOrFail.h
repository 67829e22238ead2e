//===- ValueOrFail.h - An Expected's value or a test failure -----*- C++ -*-===//
#ifndef GEVO_TESTS_UNIT_VALUEORFAIL_H
#define GEVO_TESTS_UNIT_VALUEORFAIL_H

#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

namespace gevo::test {

/// The value of \p E; an Error fails the current test with its message and
/// gives T() (null for a pointer).
template <typename T> T valueOrFail(llvm::Expected<T> E) {
  if (!E) {
    ADD_FAILURE() << llvm::toString(E.takeError());
    return T();
  }
  return std::move(*E);
}

} // namespace gevo::test

#endif
