//===- Apps.cpp - The apps of a benchmark suite folder --------------------===//

#include "Apps.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace llvm;

namespace gevo::suite {

namespace {
std::string pathJoin(StringRef A, StringRef B) {
  SmallString<256> P(A);
  sys::path::append(P, B);
  return std::string(P);
}
} // namespace

Expected<std::vector<App>> findApps(const std::string &SuiteDir,
                                    const std::string &IrDir,
                                    const std::vector<std::string> &Only) {
  if (!sys::fs::is_directory(SuiteDir))
    return createStringError("'" + SuiteDir + "' is not a directory");
  std::vector<App> Apps;
  std::error_code EC;
  for (sys::fs::directory_iterator I(SuiteDir, EC), E; I != E && !EC;
       I.increment(EC)) {
    std::string Name = sys::path::filename(I->path()).str();
    std::string Tests = pathJoin(I->path(), "tests");
    if (!sys::fs::is_regular_file(pathJoin(Tests, "spec.json")))
      continue;
    App A{Name, Tests, pathJoin(IrDir, Name + ".ll")};
    if (!sys::fs::exists(A.Kernel))
      A.Kernel = pathJoin(I->path(), "kernel.cu");
    if (!sys::fs::exists(A.Kernel))
      A.Kernel.clear();
    Apps.push_back(std::move(A));
  }
  if (EC)
    return createStringError("cannot list '" + SuiteDir + "': " + EC.message());
  if (Apps.empty())
    return createStringError("'" + SuiteDir +
                             "' has no apps (folders with a tests/spec.json)");
  llvm::sort(Apps, [](const App &A, const App &B) { return A.Name < B.Name; });
  if (Only.empty())
    return Apps;
  std::vector<App> Chosen;
  for (const std::string &Name : Only) {
    auto It = llvm::find_if(Apps, [&](const App &A) { return A.Name == Name; });
    if (It == Apps.end()) {
      std::vector<std::string> Names;
      for (const App &A : Apps)
        Names.push_back(A.Name);
      return createStringError("--apps: '" + SuiteDir + "' has no app '" +
                               Name + "' (it has " + llvm::join(Names, ", ") +
                               ")");
    }
    if (llvm::none_of(Chosen, [&](const App &A) { return A.Name == Name; }))
      Chosen.push_back(*It);
  }
  return Chosen;
}

} // namespace gevo::suite
