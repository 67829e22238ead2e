//===- LiveWorker.h - One live trial inside a sandboxed worker ---*- C++ -*-===//
//
// The request is a one-line JSON header ({"kernel", "grid", "block",
// "repeat", "cost_limit", "gpu"}), a newline and the config's bitcode; the
// reply is a JSON object ({"status", "error_type", "message", "fault_uid",
// "seconds", "modeled_cost", "modeled_seconds", "jit_seconds"}). The inputs and the reference output are
// computed before the sandbox starts, so every worker inherits them.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_LIVEWORKER_H
#define GEVO_EVOLVE_TUNE_LIVEWORKER_H

#include "gevo/evolve/tune/Operators.h"
#include "gevo/harness/Status.h"

#include <nlohmann/json.hpp>

namespace gevo::evolve::tune {

struct LiveData {
  std::vector<std::vector<float>> Inputs; ///< in argument order
  std::vector<float> Reference;           ///< the last argument's contents after the launch
};

struct LiveRequest {
  std::string Kernel;
  Dim3 Grid, Block;
  unsigned Repeat = 1;
  uint64_t CostLimit = 0; ///< the cpu target's step budget per thread
  std::string Gpu; ///< predict the time on it (cpu/Gpu.h); empty: none
};

std::string encodeRequest(const LiveRequest &R, const std::string &Bitcode);

/// Runs one request on the cpu target: load and JIT the bitcode, launch
/// Repeat times, compare the output with the reference.
nlohmann::json runLiveRequest(const LiveData &D, std::string_view Request);

/// The NoSE error type of a failed launch's status.
const char *launchErrorType(Status S);

} // namespace gevo::evolve::tune

#endif
