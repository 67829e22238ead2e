//===- CudaHeaders.h - Which CUDA headers gevo-cc compiles against -*- C++ -*-===//
//
// gevo-cc compiles against NVIDIA's headers (a CUDA toolkit's, through the
// compat layer in include/nvidia/) or gevo's own (include/gevo_cuda.h, no
// toolkit needed). --cuda-headers auto, the default, takes NVIDIA's when a
// toolkit the compat layer covers is found, and says why it did not
// otherwise; the choice is printed by --version and recorded in the IR
// (!gevo.cuda_headers).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_GEVO_CC_CUDAHEADERS_H
#define GEVO_TOOLS_GEVO_CC_CUDAHEADERS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace gevo {

/// The CUDA versions the compat layer covers (CUDA_VERSION values): 12.0
/// up to, not including, 14.0. Tested with 13.0.
constexpr unsigned MinCompatCuda = 12000;
constexpr unsigned EndCompatCuda = 14000;

/// What is at cudaToolkitRoot().
struct ToolkitProbe {
  std::string Root;
  bool Exists = false;     ///< The directory exists.
  bool HasHeaders = false; ///< include/cuda_runtime.h is there.
  unsigned Version = 0;    ///< CUDA_VERSION from include/cuda.h; 0: unknown.

  /// "CUDA 13.0", or "an unknown CUDA version".
  std::string versionName() const;
  /// Headers, and a version the compat layer covers.
  bool usable() const;
};

ToolkitProbe probeToolkit();

/// The headers one compile uses, and why.
struct HeaderChoice {
  bool Nvidia = false;
  ToolkitProbe Toolkit;
  /// What --cuda-headers said: auto, gevo or nvidia.
  std::string Requested;
  /// Why, for --version and --help: "CUDA 13.0 at /usr/local/cuda".
  std::string Why;
  /// A one-line note for stderr when auto fell back to gevo's headers from
  /// a toolkit it could not use; "" otherwise.
  std::string Note;

  /// "nvidia" or "gevo".
  llvm::StringRef name() const { return Nvidia ? "nvidia" : "gevo"; }
};

/// Resolves --cuda-headers (auto, gevo or nvidia). An error for another
/// value, and for nvidia without a toolkit's headers.
llvm::Expected<HeaderChoice> chooseCudaHeaders(llvm::StringRef Requested);

/// Copies the IR clang wrote to In (text or bitcode) to Out ("-": stdout)
/// with the choice recorded as named metadata, e.g.
///   !gevo.cuda_headers = !{!0}
///   !0 = !{!"nvidia", !"CUDA 13.0", !"/usr/local/cuda"}
/// or !{!"gevo"}.
llvm::Error recordCudaHeaders(llvm::StringRef In, llvm::StringRef Out,
                              bool Bitcode, const HeaderChoice &Choice);

} // namespace gevo

#endif
