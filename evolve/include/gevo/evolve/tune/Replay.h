//===- Replay.h - Replaying recorded tuning measurements ---------*- C++ -*-===//
//
// A TuneProblem answered from a file of real measurements: a Kernel Tuner
// cache file ({"tune_params_keys", "tune_params", "cache": {...}}) or a T4
// results file ({"schema_version", "results": [...]}), gzip or plain. The
// space comes from the file: one discrete parameter per tunable (one
// categorical where a value is not a number), values in the file's order of
// parameters. A config absent from the file (it broke the tuning script's
// restrictions) or recorded as failed is invalid; by default the space is
// restricted to the file's configs, so strategies see absence as a
// constraint checked before measuring. Each fresh measurement costs the
// recorded compile + run time (simulated seconds).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_REPLAY_H
#define GEVO_EVOLVE_TUNE_REPLAY_H

#include "gevo/evolve/tune/Tuner.h"

#include <memory>
#include <unordered_map>

namespace gevo::evolve::tune {

struct ReplayOptions {
  /// The measurement to replay; empty: the file's objective, else "time".
  std::string Metric;
  /// Unset: from the file or the metric's name (GFLOP/s, .../s: higher).
  std::optional<bool> HigherIsBetter;
  /// Draw each value from the stored repeats instead of the recorded mean.
  bool Noise = false;
  /// Make configs absent from the file a space constraint.
  bool Restrict = true;
};

class ReplayProblem : public TuneProblem {
public:
  /// Fails with one line naming the file on any bad input.
  static llvm::Expected<std::unique_ptr<ReplayProblem>>
  load(const std::string &Path, const ReplayOptions &O = {});
  /// From already parsed JSON (Where starts every error).
  static llvm::Expected<std::unique_ptr<ReplayProblem>>
  fromJson(const nlohmann::ordered_json &J, const std::string &Where,
           const ReplayOptions &O = {});

  const Space &space() const override { return S; }
  Objective objective() const override { return Obj; }
  std::optional<double> optimum() const override { return Best; }
  void reset(uint64_t Seed) override { NoiseRng = Rng(Seed); }
  Prepared prepare(const Config &C) const override;
  std::vector<Evaluation> measure(const std::vector<const Prepared *> &B) override;

  /// Recorded configs, and how many of them failed.
  size_t recorded() const { return Table.size(); }
  size_t failedCount() const { return Failed; }

  struct Entry {
    Status S = Status::Ok;
    std::string Failure;
    double Value = 0;
    double CostSeconds = 0;
    std::vector<double> Repeats;
  };

private:
  ReplayProblem() = default;
  // nlohmann::json's exceptions (a missing or mistyped key) pass through
  // to fromJson, which makes them an error naming the file.
  llvm::Error parseKernelTuner(const nlohmann::ordered_json &J);
  llvm::Error parseT4(const nlohmann::ordered_json &J);
  llvm::Error buildSpace(const std::vector<std::string> &Names,
                         const std::vector<std::vector<nlohmann::json>> &Values);
  llvm::Error addEntry(const nlohmann::ordered_json &Params, Entry E);

  Space S;
  Objective Obj;
  ReplayOptions Opts;
  std::string Where;
  std::unordered_map<uint64_t, Entry> Table;
  std::optional<double> Best;
  size_t Failed = 0;
  Rng NoiseRng;
};

/// The whole file as text: gunzipped when it is gzip (zlib), else as is.
/// Fails with one line naming Path when it cannot be read.
llvm::Expected<std::string> readMaybeGzip(const std::string &Path);

} // namespace gevo::evolve::tune

#endif
