//===- Cuda.cpp - Locating the CUDA toolkit -------------------------------===//

#include "gevo/harness/Cuda.h"
#include "gevo/harness/Lower.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace llvm;

std::string gevo::cudaToolkitRoot() {
  for (const char *Variable : {"CUDA_PATH", "CUDA_HOME"})
    if (const char *Value = std::getenv(Variable); Value && *Value)
      return Value;
  return "/usr/local/cuda";
}

std::optional<gevo::CudaToolkit> gevo::findCudaToolkit() {
  CudaToolkit Cuda;
  Cuda.Root = cudaToolkitRoot();
  SmallString<256> Ptxas(Cuda.Root);
  sys::path::append(Ptxas, "bin", "ptxas");
  if (sys::fs::is_regular_file(Ptxas) && sys::fs::can_execute(Ptxas))
    Cuda.Ptxas = std::string(Ptxas);
  SmallString<256> Libdevice(Cuda.Root);
  sys::path::append(Libdevice, "nvvm", "libdevice", "libdevice.10.bc");
  if (sys::fs::is_regular_file(Libdevice))
    Cuda.Libdevice = std::string(Libdevice);
  if (Cuda.Ptxas.empty() && Cuda.Libdevice.empty())
    return std::nullopt;
  return Cuda;
}

gevo::PtxOptions gevo::installedPtxOptions(StringRef Arch) {
  PtxOptions Opts;
  Opts.Arch = Arch.str();
  if (std::optional<CudaToolkit> Cuda = findCudaToolkit())
    Opts.LibdevicePath = Cuda->Libdevice;
  return Opts;
}
