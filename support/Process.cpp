//===- Process.cpp - Running another program -----------------------------===//

#include "gevo/support/Process.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <optional>

using namespace llvm;

namespace gevo {

ProgramResult runProgram(const std::vector<std::string> &Args,
                         const RunOptions &O) {
  ProgramResult R;
  if (Args.empty()) {
    R.Error = "no program to run";
    return R;
  }
  std::string Program = Args[0];
  if (!StringRef(Program).contains('/')) {
    ErrorOr<std::string> Found = sys::findProgramByName(Program);
    if (!Found) {
      R.Error = "'" + Program + "' not found on PATH";
      return R;
    }
    Program = *Found;
  }
  SmallString<128> Log;
  if (O.Capture && sys::fs::createTemporaryFile("gevo-program", "log", Log)) {
    R.Error = "cannot create a temporary file for its output";
    return R;
  }
  FileRemover RemoveLog(Log, O.Capture);
  SmallVector<StringRef> Refs(Args.begin(), Args.end());
  // An empty string is /dev/null to ExecuteAndWait; no redirects inherit.
  std::optional<StringRef> Redirects[] = {StringRef(), StringRef(Log),
                                          StringRef(Log)};
  ArrayRef<std::optional<StringRef>> Used;
  if (O.Capture)
    Used = Redirects;
  std::string Why;
  R.Exit = sys::ExecuteAndWait(Program, Refs, std::nullopt, Used,
                               O.TimeoutSeconds, 0, &Why);
  if (O.Capture)
    if (auto Buf = MemoryBuffer::getFile(Log, /*IsText=*/true))
      R.Output = (*Buf)->getBuffer().str();
  if (R.Exit < 0) { // -1: did not run; -2: timed out, crashed
    R.Error = Why.empty() ? "did not finish" : Why;
    R.Exit = -1;
  }
  return R;
}

} // namespace gevo
