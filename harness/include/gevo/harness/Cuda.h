//===- Cuda.h - Locating the CUDA toolkit -----------------------*- C++ -*-===//
//
// gevo builds and runs without CUDA; what needs it (ptxas checks, libdevice
// linking, the cuda target) asks findCudaToolkit() first and says so in one
// line when there is none.
//
//===----------------------------------------------------------------------===//

#ifndef GEVO_HARNESS_CUDA_H
#define GEVO_HARNESS_CUDA_H

#include <optional>
#include <string>

namespace gevo {

/// A CUDA toolkit installation. An empty string means "not found there".
struct CudaToolkit {
  std::string Root;      ///< The toolkit directory.
  std::string Ptxas;     ///< <Root>/bin/ptxas when it is executable.
  std::string Libdevice; ///< <Root>/nvvm/libdevice/libdevice.10.bc.
};

/// Where the toolkit is looked for: the first of $CUDA_PATH, $CUDA_HOME that
/// is set and non-empty, else /usr/local/cuda; a variable that is set is
/// taken at its word (no fallback to the next place), so a user can point
/// gevo at one toolkit or at none.
std::string cudaToolkitRoot();

/// Finds the toolkit at cudaToolkitRoot(); std::nullopt when that root has
/// neither ptxas nor libdevice.
std::optional<CudaToolkit> findCudaToolkit();

} // namespace gevo

#endif // GEVO_HARNESS_CUDA_H
