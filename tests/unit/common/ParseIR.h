//===- ParseIR.h - IR text for unit tests -------------------------*- C++ -*-===//
#ifndef GEVO_TESTS_UNIT_PARSEIR_H
#define GEVO_TESTS_UNIT_PARSEIR_H

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <memory>

namespace gevo::test {

/// \p M, or after a parse that failed (null \p M) a failure of the current
/// test with \p Diag.
inline std::unique_ptr<llvm::Module>
parsedOrFail(std::unique_ptr<llvm::Module> M, const llvm::SMDiagnostic &Diag) {
  if (!M) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    Diag.print("test IR", OS);
    ADD_FAILURE() << S;
  }
  return M;
}

/// Parses IR text written in a test; a parse error fails the current test
/// with the diagnostic and returns null.
inline std::unique_ptr<llvm::Module> parseTestIR(llvm::StringRef IR,
                                                 llvm::LLVMContext &Ctx) {
  llvm::SMDiagnostic Diag;
  return parsedOrFail(llvm::parseAssemblyString(IR, Diag, Ctx), Diag);
}

/// Parses the IR file (text or bitcode) at \p Path, as parseTestIR.
inline std::unique_ptr<llvm::Module> parseTestIRFile(llvm::StringRef Path,
                                                     llvm::LLVMContext &Ctx) {
  llvm::SMDiagnostic Diag;
  return parsedOrFail(llvm::parseIRFile(Path, Diag, Ctx), Diag);
}

} // namespace gevo::test

#endif
