//===- Lld.cpp - Linking an AMDGCN object into a code object --------------===//

#include "gevo/harness/Amdgpu.h"

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
  SmallString<128> InPath, OutPath, LogPath;
  if (Error E = writeTemporary("o", Object, InPath))
    return E;
  FileRemover RemoveIn(InPath);
  if (Error E = writeTemporary("hsaco", "", OutPath))
    return E;
  FileRemover RemoveOut(OutPath);
  if (Error E = writeTemporary("log", "", LogPath))
    return E;
  FileRemover RemoveLog(LogPath);
  StringRef Args[] = {Lld, "-flavor", "gnu", "-shared", "--no-undefined",
                      "-o", OutPath, InPath};
  std::optional<StringRef> Redirects[] = {StringRef(), StringRef(LogPath),
                                          StringRef(LogPath)};
  std::string ExecError;
  int Status = sys::ExecuteAndWait(Lld, Args, std::nullopt, Redirects,
                                   LldSeconds, 0, &ExecError);
  if (Status < 0)
    return lowerFailure("ld.lld (" + Lld + ") did not run: " + ExecError);
  if (Status != 0)
    return lowerFailure("ld.lld rejected the AMDGCN object (exit " +
                        Twine(Status) + "):\n" +
                        firstLines(LogPath, DiagnosticLines, InPath, "input.o"));
  ErrorOr<std::unique_ptr<MemoryBuffer>> Out = MemoryBuffer::getFile(OutPath);
  if (!Out)
    return lowerFailure("cannot read the linked code object: " +
                        Out.getError().message());
  return (*Out)->getBuffer().str();
}
