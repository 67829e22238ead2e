//===- OracleCache.h - The base module's outputs, on disk --------*- C++ -*-===//
//
// The oracle: the base module's outputs (with their types), a driver's
// scalar error and the modeled cost on every case and held-out case.
// Cached as DIR/<key>.oracle, the key a SHA-256 of the base bitcode and a
// canonical dump of the spec (with every buffer's initial contents, and a
// driver case's parameters, source and library bytes, so a changed input
// file or driver changes the key). Files are written to
// a temporary name and renamed, so a reader never sees half a file; a file
// that does not parse is ignored.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_SANDBOX_ORACLECACHE_H
#define GEVO_HARNESS_SANDBOX_ORACLECACHE_H

#include "gevo/harness/Plan.h"

#include <optional>

namespace gevo::sandbox {

struct CaseOracle {
  std::vector<Bytes> Outputs;
  std::vector<ElemType> Types; ///< each output's
  std::optional<double> Error; ///< the driver's scalar
  uint64_t ModeledCost = 0;
};

struct Oracle {
  std::vector<CaseOracle> Cases, HeldOut;
};

/// The cache file of Bitcode and S in Dir.
llvm::Expected<std::string> oraclePath(const std::string &Dir,
                                       std::string_view Bitcode, const Spec &S);
/// The oracle in Path when it exists, parses and matches S's case counts.
std::optional<Oracle> readOracle(const std::string &Path, const Spec &S);
llvm::Error writeOracle(const std::string &Path, const Oracle &O);

} // namespace gevo::sandbox

#endif
