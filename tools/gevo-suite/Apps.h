//===- Apps.h - The apps of a benchmark suite folder -------------*- C++ -*-===//
//
// An app is a subfolder of the suite folder with a tests/spec.json. Its
// kernel is <ir-dir>/<app>.ll when that exists (the build compiles every
// app's kernel.cu there), else <app>/kernel.cu, which gevo-evolve compiles
// itself.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_GEVO_SUITE_APPS_H
#define GEVO_TOOLS_GEVO_SUITE_APPS_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace gevo::suite {

struct App {
  std::string Name;
  std::string TestsDir;
  /// The kernel gevo-evolve gets (.ll or .cu); empty when there is neither.
  std::string Kernel;
};

/// The apps of SuiteDir, by name; only those named in Only when it is not
/// empty. Errors (no such folder, no apps, an unknown name in Only) are one
/// line each.
llvm::Expected<std::vector<App>> findApps(const std::string &SuiteDir,
                                          const std::string &IrDir,
                                          const std::vector<std::string> &Only);

} // namespace gevo::suite

#endif
