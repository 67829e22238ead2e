//===- CudaHeaders.cpp - Which CUDA headers gevo-cc compiles against ------===//

#include "CudaHeaders.h"

#include "gevo/harness/Cuda.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gevo {

namespace {
/// CUDA_VERSION from <Root>/include/cuda.h (13000 for 13.0); 0 if unknown.
unsigned cudaVersion(StringRef Root) {
  auto Buf = MemoryBuffer::getFile(Root + "/include/cuda.h", /*IsText=*/true);
  if (!Buf)
    return 0;
  StringRef Text = (*Buf)->getBuffer();
  size_t At = Text.find("#define CUDA_VERSION ");
  unsigned V = 0;
  if (At == StringRef::npos ||
      Text.substr(At + 21).ltrim().take_while(isDigit).getAsInteger(10, V))
    return 0;
  return V;
}

std::string coveredRange() {
  return "CUDA " + std::to_string(MinCompatCuda / 1000) + " to " +
         std::to_string(EndCompatCuda / 1000 - 1);
}
} // namespace

std::string ToolkitProbe::versionName() const {
  if (Version == 0)
    return "an unknown CUDA version";
  return "CUDA " + std::to_string(Version / 1000) + "." +
         std::to_string(Version % 1000 / 10);
}

bool ToolkitProbe::usable() const {
  return HasHeaders && Version >= MinCompatCuda && Version < EndCompatCuda;
}

ToolkitProbe probeToolkit() {
  ToolkitProbe P;
  P.Root = cudaToolkitRoot();
  P.Exists = sys::fs::is_directory(P.Root);
  P.HasHeaders = sys::fs::exists(P.Root + "/include/cuda_runtime.h");
  if (P.HasHeaders)
    P.Version = cudaVersion(P.Root);
  return P;
}

Expected<HeaderChoice> chooseCudaHeaders(StringRef Requested) {
  HeaderChoice C;
  C.Requested = Requested.str();
  C.Toolkit = probeToolkit();
  const ToolkitProbe &T = C.Toolkit;
  std::string Found = T.versionName() + " at " + T.Root;
  if (Requested == "gevo") {
    C.Why = "chosen";
    return C;
  }
  if (Requested == "nvidia") {
    if (!T.HasHeaders)
      return createStringError("--cuda-headers nvidia: no CUDA toolkit found "
                               "(set CUDA_PATH to one with "
                               "include/cuda_runtime.h)");
    C.Nvidia = true;
    C.Why = Found;
    if (!T.usable())
      C.Note = Found + " is outside what the compat layer covers (" +
               coveredRange() + "); compiling against it anyway";
    return C;
  }
  if (Requested != "auto")
    return createStringError("--cuda-headers must be auto, gevo or nvidia, "
                             "not '" + Requested + "'");
  if (T.usable()) {
    C.Nvidia = true;
    C.Why = Found;
    return C;
  }
  if (!T.Exists) {
    C.Why = "no CUDA toolkit at " + T.Root;
    return C;
  }
  std::string Reason =
      !T.HasHeaders ? "the CUDA toolkit at " + T.Root +
                          " has no headers (include/cuda_runtime.h)"
                    : Found + " is outside what the compat layer covers (" +
                          coveredRange() + ")";
  C.Why = Reason;
  C.Note = Reason + ": using gevo's CUDA headers";
  return C;
}

Error recordCudaHeaders(StringRef In, StringRef Out, bool Bitcode,
                        const HeaderChoice &Choice) {
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(In, Diag, Ctx);
  if (!M)
    return createStringError("cannot read clang's output: " +
                             Diag.getMessage());
  SmallVector<Metadata *, 3> Fields = {MDString::get(Ctx, Choice.name())};
  if (Choice.Nvidia) {
    Fields.push_back(MDString::get(Ctx, Choice.Toolkit.versionName()));
    Fields.push_back(MDString::get(Ctx, Choice.Toolkit.Root));
  }
  M->getOrInsertNamedMetadata("gevo.cuda_headers")
      ->addOperand(MDNode::get(Ctx, Fields));
  std::error_code EC;
  raw_fd_ostream OS(Out, EC, Bitcode ? sys::fs::OF_None : sys::fs::OF_Text);
  if (EC)
    return createStringError("cannot write '" + Out + "': " + EC.message());
  if (Bitcode)
    WriteBitcodeToFile(*M, OS);
  else
    M->print(OS, nullptr);
  return Error::success();
}

} // namespace gevo
