//===- RunOnTests.h - One variant on a tests dir, for the tools --*- C++ -*-===//
//
// What gevo-run and gevo-mutate --tests share: an Evaluator for a kernel
// on a tests dir (the spec loaded, its drivers built, each case whose base
// reads undefined inputs warned about, the base's allowed races said) and
// the instructions a verdict names, printed with their IR and source line.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_RUNONTESTS_H
#define GEVO_TOOLS_RUNONTESTS_H

#include "gevo/harness/Evaluator.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>

namespace gevo {

/// The tests dir's spec for \p Base as evaluatorOnTests takes it (its
/// drivers built, with \p Draw drawn held-out cases, the cases whose base
/// reads undefined inputs warned about); bad input is a toolError.
Spec specOnTests(llvm::StringRef Tool, const llvm::Module &Base,
                 const std::string &TestsDir, const EvalOptions &EO,
                 int ExitStatus, unsigned Draw = 0, uint64_t Seed = 1);

/// The Evaluator of \p Base (the kernel file \p Kernel) on the tests dir
/// \p TestsDir with \p EO; bad input (the spec, a driver, a base that
/// fails or races) is a one-line toolError with \p ExitStatus. With
/// \p Draw, its held-out cases are instead Draw cases drawn (with \p Seed)
/// from the ranges the tests dir declares; declaring none is bad input.
std::unique_ptr<Evaluator>
evaluatorOnTests(llvm::StringRef Tool, llvm::StringRef Kernel,
                 const llvm::Module &Base, const std::string &TestsDir,
                 const EvalOptions &EO, int ExitStatus, unsigned Draw = 0,
                 uint64_t Seed = 1);

/// "U12: store float %6, ptr %7 (kernel.cu:17)": the instruction with UID
/// \p Uid in \p M and its source line when the IR has debug locations.
std::string describeUid(const llvm::Module &M, llvm::StringRef Uid);

} // namespace gevo

#endif
