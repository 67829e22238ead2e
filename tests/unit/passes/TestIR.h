//===- TestIR.h - Helpers for tests that build IR ----------------*- C++ -*-===//
#ifndef GEVO_TESTS_TESTIR_H
#define GEVO_TESTS_TESTIR_H

#include "ParseIR.h"
#include "gevo/passes/Uid.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <gtest/gtest.h>

namespace gevo::test {

/// Parses IR text and names it; fails the test on a parse error.
inline std::unique_ptr<llvm::Module> parseNamed(llvm::StringRef IR,
                                                llvm::LLVMContext &Ctx) {
  std::unique_ptr<llvm::Module> M = parseTestIR(IR, Ctx);
  if (M)
    nameInstructions(*M);
  return M;
}

inline std::string text(const llvm::Module &M) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  M.print(OS, nullptr);
  return S;
}

inline std::string verifyErrors(const llvm::Module &M) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  llvm::verifyModule(M, &OS);
  return S;
}

} // namespace gevo::test

#endif
