//===- Ptxas.cpp - The offline ptxas check of lowered PTX -----------------===//

#include "gevo/harness/Cuda.h"
#include "gevo/harness/Lower.h"

#include "Backend.h"
#include "TempFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Program.h"

#include <optional>
#include <string>

using namespace llvm;

namespace {
constexpr unsigned PtxasSeconds = 120;
constexpr unsigned DiagnosticLines = 6;
} // namespace

Error gevo::checkPtx(StringRef Ptx, const CudaToolkit &Cuda, StringRef Arch) {
  if (Cuda.Ptxas.empty())
    return lowerFailure("ptxas not found in the CUDA toolkit at '" + Cuda.Root +
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
    return lowerFailure(Command + " did not finish: " + ExecError);
  return lowerFailure(Command + " rejected the PTX (exit " + Twine(Status) +
                 "):\n" +
                      firstLines(LogPath, DiagnosticLines, PtxPath, "input.ptx"));
}
