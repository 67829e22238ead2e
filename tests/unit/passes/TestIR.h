//===- TestIR.h - Helpers for tests that build IR ----------------*- C++ -*-===//
#ifndef GEVO_TESTS_TESTIR_H
#define GEVO_TESTS_TESTIR_H

#include "gevo/passes/Uid.h"

#include "llvm/AsmParser/Parser.h"
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
  llvm::SMDiagnostic Diag;
  auto M = llvm::parseAssemblyString(IR, Diag, Ctx);
  if (!M) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    Diag.print("test", OS);
    ADD_FAILURE() << S;
    return nullptr;
  }
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
