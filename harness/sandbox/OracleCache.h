//===- OracleCache.h - The base module's outputs, on disk --------*- C++ -*-===//
//
// The oracle: the base module's outputs (with their types), a driver's
// scalar error and the modeled cost on every case and held-out case.
// Cached as DIR/<key>.oracle, the key a SHA-256 of the base bitcode, the
// target (unless cpu) and a canonical dump of the spec (with every buffer's
// initial contents, every output's compared form, and a driver case's
// parameters, source and library bytes, so a changed input file or driver
// changes the key). Files are
// written to
// a temporary name and renamed, so a reader never sees half a file; a file
// that does not parse is ignored.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_SANDBOX_ORACLECACHE_H
#define GEVO_HARNESS_SANDBOX_ORACLECACHE_H

#include "gevo/harness/Plan.h"

#include "llvm/ADT/STLFunctionalExtras.h"

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

/// The key of Bitcode and S on Target (with its arch): the hex SHA-256 the
/// cache file is named by, and the Evaluator's fingerprint.
llvm::Expected<std::string> oracleKey(std::string_view Bitcode, const Spec &S,
                                      std::string_view Target = "cpu");
/// The cache file of Bitcode and S on Target (with its arch) in Dir.
llvm::Expected<std::string> oraclePath(const std::string &Dir,
                                       std::string_view Bitcode, const Spec &S,
                                       std::string_view Target = "cpu");
/// The oracle in Path when it exists, parses and matches S's case counts.
std::optional<Oracle> readOracle(const std::string &Path, const Spec &S);
llvm::Error writeOracle(const std::string &Path, const Oracle &O);

/// Compute's oracle, computed in a forked child (and passed back through a
/// temporary file in the cache format): for a GPU target, whose driver must
/// never be initialised in the fork server. The child's Error, or its
/// death, is an Error.
llvm::Expected<Oracle> oracleInChild(const Spec &S,
                                     llvm::function_ref<llvm::Expected<Oracle>()> Compute);

} // namespace gevo::sandbox

#endif
