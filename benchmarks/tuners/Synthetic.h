//===- Synthetic.h - Measured-space look-alikes with known structure -----===//
//
// Spaces in the Kernel Tuner cache format (so ReplayProblem reads them as
// it reads the real files: restricted to the recorded configs or not,
// failures recorded as such) whose objective has a known structure:
// separable, multi-modal, plateaus, mostly invalid, mixed parameter kinds.
// Generated from a seed; the optimum is whatever the table holds.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_BENCHMARKS_TUNERS_SYNTHETIC_H
#define GEVO_BENCHMARKS_TUNERS_SYNTHETIC_H

#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gevo::bench {

struct SyntheticSpace {
  std::string Name;            ///< e.g. "multimodal-2"
  nlohmann::ordered_json Cache; ///< a Kernel Tuner cache file's JSON
};

/// The structures, in order: separable, multimodal, plateau, invalid, mixed.
const std::vector<std::string> &syntheticKinds();
/// One space of a kind (an error for an unknown one).
llvm::Expected<SyntheticSpace> syntheticSpace(const std::string &Kind, uint64_t Seed);
/// Every kind for seeds 1..Instances.
std::vector<SyntheticSpace> syntheticFamily(unsigned Instances);

} // namespace gevo::bench

#endif
