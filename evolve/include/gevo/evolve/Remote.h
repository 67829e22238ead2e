//===- Remote.h - GEVO's candidates built and measured on other ranks -*- C++ -*-===//
//
// In an MPI job (Cluster.h) a rank gets variants as jobs, builds each one
// (replaying its edits and drawing its pending mutation exactly as rank 0
// would), measures those that build, and sends back the completed variant,
// its cache key and its failure or measurement. Rank 0 so does no
// compiling: it only searches, which is what lets it feed many ranks.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_REMOTE_H
#define GEVO_EVOLVE_REMOTE_H

#include "gevo/evolve/Gevo.h"
#include "gevo/harness/Evaluator.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gevo::evolve {

/// A job: the variant to build and measure.
std::string encodeJob(const Variant &V);

/// Builds and measures a chunk of jobs with \p B and \p E (a rank's work);
/// one result per job, in order.
std::vector<std::string> buildAndMeasure(const VariantBuilder &B, Evaluator &E,
                                         const std::vector<std::string> &Jobs);

/// A job's result.
struct Built {
  Variant V;  ///< completed
  Prepared P; ///< its key, and Failed when it did not build (no payload)
  std::optional<VariantEval> Eval; ///< when it built
  double PrepareSeconds = 0;       ///< building it took
};
/// False when \p Result is not a whole result.
bool decodeBuilt(std::string_view Result, Built &Out);

} // namespace gevo::evolve

#endif
