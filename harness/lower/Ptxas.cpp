//===- Ptxas.cpp - The offline ptxas check of lowered PTX -----------------===//

#include "gevo/harness/Cuda.h"
#include "gevo/harness/Lower.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

using namespace llvm;

namespace {

constexpr unsigned PtxasSeconds = 120;
constexpr unsigned DiagnosticLines = 6;

Error failure(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// Writes \p Text to a new temporary file; \p Path receives its name.
Error writeTemporary(StringRef Suffix, StringRef Text, SmallString<128> &Path) {
  int FD;
  if (std::error_code EC = sys::fs::createTemporaryFile("gevo", Suffix, FD, Path))
    return failure("cannot create a temporary file: " + EC.message());
  raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Text;
  OS.close();
  if (OS.has_error())
    return failure("cannot write " + Path + ": " + OS.error().message());
  return Error::success();
}

/// The first lines ptxas wrote, with the temporary file's name replaced by
/// "input.ptx" so that the same PTX always gives the same message.
std::string firstLines(StringRef LogPath, StringRef PtxPath) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Log = MemoryBuffer::getFile(LogPath);
  if (!Log)
    return "";
  SmallVector<StringRef, 8> Lines;
  (*Log)->getBuffer().trim().split(Lines, '\n', DiagnosticLines);
  if (Lines.size() > DiagnosticLines)
    Lines.pop_back(); // The unsplit rest.
  std::string Text = join(Lines, "\n");
  for (size_t At; (At = Text.find(PtxPath.str())) != std::string::npos;)
    Text.replace(At, PtxPath.size(), "input.ptx");
  return Text;
}

} // namespace

Error gevo::checkPtx(StringRef Ptx, const CudaToolkit &Cuda, StringRef Arch) {
  if (Cuda.Ptxas.empty())
    return failure("ptxas not found in the CUDA toolkit at '" + Cuda.Root +
                   "' (set CUDA_PATH)");
  SmallString<128> PtxPath, LogPath;
  if (Error E = writeTemporary("ptx", Ptx, PtxPath))
    return E;
  FileRemover RemovePtx(PtxPath);
  if (Error E = writeTemporary("log", "", LogPath))
    return E;
  FileRemover RemoveLog(LogPath);
  std::string ArchFlag = ("-arch=" + Arch).str();
  StringRef Args[] = {Cuda.Ptxas, ArchFlag, PtxPath, "-o", "/dev/null"};
  std::optional<StringRef> Redirects[] = {StringRef(), StringRef(),
                                          StringRef(LogPath)};
  std::string ExecError;
  int Status = sys::ExecuteAndWait(Cuda.Ptxas, Args, std::nullopt, Redirects,
                                   PtxasSeconds, 0, &ExecError);
  if (Status == 0)
    return Error::success();
  std::string Command = "ptxas " + ArchFlag;
  if (Status < 0)
    return failure(Command + " did not finish: " + ExecError);
  return failure(Command + " rejected the PTX (exit " + Twine(Status) +
                 "):\n" + firstLines(LogPath, PtxPath));
}
