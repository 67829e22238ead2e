//===- Ptxas.cpp - ptxas on lowered PTX: the check, and register counts ---===//

#include "gevo/harness/Cuda.h"
#include "gevo/harness/Lower.h"
#include "gevo/support/Process.h"

#include "Backend.h"
#include "TempFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"

#include <optional>
#include <string>

using namespace llvm;

namespace {
constexpr unsigned PtxasSeconds = 120;
constexpr unsigned DiagnosticLines = 6;

/// Runs ptxas -arch=<Arch> (and \p Extra) on \p Ptx; its diagnostics, or
/// an Error naming ptxas with their first lines.
Expected<std::string> runPtxas(StringRef Ptx, const gevo::CudaToolkit &Cuda,
                               StringRef Arch, std::optional<StringRef> Extra) {
  if (Cuda.Ptxas.empty())
    return gevo::lowerFailure("ptxas not found in the CUDA toolkit at '" +
                              Cuda.Root + "' (set CUDA_PATH)");
  SmallString<128> PtxPath;
  if (Error E = gevo::writeTemporary("ptx", Ptx, PtxPath))
    return E;
  FileRemover RemovePtx(PtxPath);
  std::string ArchFlag = ("-arch=" + Arch).str();
  std::vector<std::string> Args = {Cuda.Ptxas, ArchFlag};
  if (Extra)
    Args.push_back(Extra->str());
  Args.insert(Args.end(), {std::string(PtxPath), "-o", "/dev/null"});
  gevo::RunOptions O;
  O.TimeoutSeconds = PtxasSeconds;
  gevo::ProgramResult R = gevo::runProgram(Args, O);
  std::string Command = "ptxas " + ArchFlag;
  if (!R.Error.empty())
    return gevo::lowerFailure(Command + " did not finish: " + R.Error);
  if (R.Exit != 0)
    return gevo::lowerFailure(
        Command + " rejected the PTX (exit " + Twine(R.Exit) + "):\n" +
        gevo::firstLines(R.Output, DiagnosticLines, PtxPath, "input.ptx"));
  return R.Output;
}
} // namespace

Error gevo::checkPtx(StringRef Ptx, const CudaToolkit &Cuda, StringRef Arch) {
  auto Log = runPtxas(Ptx, Cuda, Arch, std::nullopt);
  return Log ? Error::success() : Log.takeError();
}

Expected<std::map<std::string, unsigned>>
gevo::ptxasRegisters(StringRef Ptx, const CudaToolkit &Cuda, StringRef Arch) {
  auto Log = runPtxas(Ptx, Cuda, Arch, StringRef("-v"));
  if (!Log)
    return Log.takeError();
  // "Compiling entry function 'k' for 'sm_86'", then "Used 40 registers".
  std::map<std::string, unsigned> Registers;
  std::string Entry;
  SmallVector<StringRef> Lines;
  StringRef(*Log).split(Lines, '\n');
  for (StringRef L : Lines) {
    if (size_t At = L.find("Compiling entry function '"); At != StringRef::npos)
      Entry = L.drop_front(At + 26).split('\'').first.str();
    size_t Used = L.find("Used ");
    unsigned N;
    if (!Entry.empty() && Used != StringRef::npos &&
        !L.drop_front(Used + 5).split(' ').first.getAsInteger(10, N) &&
        L.drop_front(Used + 5).split(' ').second.starts_with("registers")) {
      Registers[Entry] = N;
      Entry.clear();
    }
  }
  return Registers;
}
