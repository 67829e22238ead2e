//===- ParseIR.h - IR text for unit tests -------------------------*- C++ -*-===//
#ifndef GEVO_TESTS_UNIT_PARSEIR_H
#define GEVO_TESTS_UNIT_PARSEIR_H

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <memory>

namespace gevo::test {

/// Parses IR text written in a test; a parse error fails the current test
/// with the diagnostic and returns null.
inline std::unique_ptr<llvm::Module> parseTestIR(llvm::StringRef IR,
                                                 llvm::LLVMContext &Ctx) {
  llvm::SMDiagnostic Diag;
  std::unique_ptr<llvm::Module> M = llvm::parseAssemblyString(IR, Diag, Ctx);
  if (!M) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    Diag.print("test IR", OS);
    ADD_FAILURE() << S;
  }
  return M;
}

} // namespace gevo::test

#endif
