//===- Stats.h - gevo-mutate --stats: how well each op does ------*- C++ -*-===//
#ifndef GEVO_TOOLS_MUTATE_STATS_H
#define GEVO_TOOLS_MUTATE_STATS_H

#include "gevo/passes/Edit.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <vector>

namespace llvm {
class Module;
}

namespace gevo {

struct StatsOptions {
  unsigned Attempts = 100; // per op
  std::vector<OpKind> Ops;
  uint64_t Seed = 0;       // attempt i of an op uses seed Seed + i
  bool CheckPtx = false;
  std::string Arch = "sm_80";
};

/// Makes Opts.Attempts mutations per op, each on a fresh copy of Base, and
/// reports per op: attempts, applied (module changed), verified, ptx_ok,
/// replay_identical, median_us and p90_us (clone + apply + repair + verify);
/// also the module's instruction count.
nlohmann::json mutationStats(const llvm::Module &Base, const StatsOptions &Opts);

} // namespace gevo

#endif
