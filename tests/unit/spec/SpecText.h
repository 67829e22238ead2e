//===- SpecText.h - spec.json text parsed, for the spec tests ---*- C++ -*-===//
#ifndef GEVO_TESTS_SPEC_SPECTEXT_H
#define GEVO_TESTS_SPEC_SPECTEXT_H

#include "ValueOrFail.h"

#include "gevo/harness/Spec.h"

#include <gtest/gtest.h>

#include <string>

namespace gevo::test {

/// Text parsed as "t/spec.json" in \p Dir; a failure is a test failure.
inline Spec parseOk(const std::string &Text, const std::string &Dir = ".") {
  return valueOrFail(parseSpec(Text, "t/spec.json", Dir));
}

/// The error Text gives as "t/spec.json"; parsing must fail.
inline std::string parseErr(const std::string &Text) {
  auto S = parseSpec(Text, "t/spec.json", ".");
  EXPECT_FALSE(static_cast<bool>(S));
  return S ? "" : llvm::toString(S.takeError());
}

} // namespace gevo::test

#endif
