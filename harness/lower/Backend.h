//===- Backend.h - What the PTX and AMDGPU lowerings share --------*- C++ -*-===//
//
// Both lowerings take a verified NVPTX module, work on a private copy of it
// in a context of their own, optimise it through their TargetMachine's
// PassBuilder callbacks and run codegen; these are the shared steps.
//
//===----------------------------------------------------------------------===//

#ifndef GEVO_HARNESS_LOWER_BACKEND_H
#define GEVO_HARNESS_LOWER_BACKEND_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class DiagnosticInfo;
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace gevo {

llvm::Error lowerFailure(const llvm::Twine &Message);

/// Collects the errors LLVM reports through a context's diagnostic handler
/// (the default handler would print them and exit) and drops the rest.
class DiagnosticLog {
public:
  explicit DiagnosticLog(llvm::LLVMContext &Ctx);
  /// An Error "<What>: <first error reported>" if there was one.
  llvm::Error check(llvm::StringRef What) const;

private:
  static void record(const llvm::DiagnosticInfo *DI, void *Self);
  std::string Text;
};

/// M must be NVPTX IR that verifies and defines a kernel, and OptLevel 0-3.
llvm::Error checkKernelModule(const llvm::Module &M, unsigned OptLevel);

/// M as bitcode, to be parsed into the lowering's own context.
llvm::SmallString<0> bitcodeOf(const llvm::Module &M);

llvm::CodeGenOptLevel codeGenLevel(unsigned OptLevel);

/// What internalization must keep: kernels, and the global variables M
/// defines outside shared memory (the host reaches those by name).
llvm::StringSet<> visibleGlobals(const llvm::Module &M);

/// Internalizes all but Keep, then the O<OptLevel> pipeline of TM's
/// PassBuilder (with the target's callbacks).
void optimise(llvm::Module &M, llvm::TargetMachine &TM, unsigned OptLevel,
              const llvm::StringSet<> &Keep);

/// Codegen of M into Out (assembly text or an object file).
llvm::Error emitFile(llvm::Module &M, llvm::TargetMachine &TM,
                     llvm::CodeGenFileType Type, llvm::SmallVectorImpl<char> &Out);

} // namespace gevo

#endif // GEVO_HARNESS_LOWER_BACKEND_H
