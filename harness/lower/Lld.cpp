//===- Lld.cpp - Linking an AMDGCN object into a code object --------------===//

#include "gevo/harness/Amdgpu.h"
#include "gevo/support/Process.h"

#include "Backend.h"
#include "TempFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

using namespace llvm;

namespace {
constexpr unsigned LldSeconds = 60;
constexpr unsigned DiagnosticLines = 6;
} // namespace

std::optional<std::string> gevo::findLld() {
  if (const char *Env = std::getenv("GEVO_LLD"); Env && *Env)
    return std::string(Env);
  SmallString<256> Beside(GEVO_LLVM_BIN);
  sys::path::append(Beside, "ld.lld");
  if (sys::fs::can_execute(Beside))
    return std::string(Beside);
  for (StringRef Name : {"ld.lld-19", "ld.lld"})
    if (ErrorOr<std::string> Found = sys::findProgramByName(Name))
      return *Found;
  return std::nullopt;
}

Expected<std::string> gevo::linkCodeObject(StringRef Object, StringRef Lld) {
  SmallString<128> InPath, OutPath;
  if (Error E = writeTemporary("o", Object, InPath))
    return E;
  FileRemover RemoveIn(InPath);
  if (Error E = writeTemporary("hsaco", "", OutPath))
    return E;
  FileRemover RemoveOut(OutPath);
  RunOptions O;
  O.TimeoutSeconds = LldSeconds;
  ProgramResult R = runProgram({Lld.str(), "-flavor", "gnu", "-shared",
                                "--no-undefined", "-o", std::string(OutPath),
                                std::string(InPath)},
                               O);
  if (!R.Error.empty())
    return lowerFailure("ld.lld (" + Lld + ") did not run: " + R.Error);
  if (R.Exit != 0)
    return lowerFailure(
        "ld.lld rejected the AMDGCN object (exit " + Twine(R.Exit) + "):\n" +
        firstLines(R.Output, DiagnosticLines, InPath, "input.o"));
  ErrorOr<std::unique_ptr<MemoryBuffer>> Out = MemoryBuffer::getFile(OutPath);
  if (!Out)
    return lowerFailure("cannot read the linked code object: " +
                        Out.getError().message());
  return (*Out)->getBuffer().str();
}
