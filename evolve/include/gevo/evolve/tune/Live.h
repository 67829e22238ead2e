//===- Live.h - Tuning by compiling and running the kernel -------*- C++ -*-===//
//
// The live objective: a config of an operator's space (Operators.h) is
// instantiated (defines and launch), compiled by gevo-cc with the config as
// -D defines (in prepare, in parallel; cached by the defines), and run in
// a sandboxed worker on the cpu target against the host reference. Every
// failure is classified like the NoSE paper's table I and recorded in the
// Evaluation's Detail["error_type"]:
//
//   instantiation_error  the config breaks a limit of the template (threads
//                        or shared memory per block, registers per thread):
//                        found before compiling, costs nothing
//   compile_host         gevo-cc (clang) rejects the kernel
//   build_timeout        gevo-cc takes longer than the compile timeout
//   compile_device       the cpu target cannot load or JIT the module
//   runtime_device       the launch fails or faults (a bad launch, an out
//                        of bounds access, a crashed or out-of-memory worker)
//   wrong_answer         the output differs from the reference
//   run_timeout          the step budget or the worker's watchdog ran out
//
// The value is the deterministic modeled cost of the launch (metric
// "modeled", the default) or its median wall time over repeats ("time"),
// both lower-is-better. Modeled costs are memoised across runs of the same
// problem (a compare over seeds measures each config once).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_LIVE_H
#define GEVO_EVOLVE_TUNE_LIVE_H

#include "gevo/evolve/tune/Operators.h"
#include "gevo/evolve/tune/Tuner.h"
#include "gevo/harness/cpu/Gpu.h"

#include <memory>
#include <mutex>
#include <unordered_map>

namespace gevo {
class Sandbox;
}

namespace gevo::evolve::tune {

struct LiveOptions {
  std::string GevoCc;       ///< the gevo-cc executable
  std::string KernelDir;    ///< holding matmul.cu and conv2d.cu
  std::string KernelSource; ///< when set, compiled instead of the operator's .cu
  /// "modeled" (the time the cpu target's warp-level model predicts on
  /// Gpu), "count" (its weighted instruction count) or "time".
  std::string Metric = "modeled";
  std::string Gpu = gevo::cpu::DefaultGpu; ///< a name or a description file
  unsigned Repeat = 3;      ///< timed launches per config (metric "time")
  unsigned Workers = 2;     ///< sandboxed worker processes
  double CompileTimeoutSeconds = 60;
  double RunTimeoutSeconds = 30; ///< load + JIT + launches, per config
  Limits TemplateLimits;
};

class LiveProblem : public TuneProblem {
public:
  /// Computes the reference and starts the sandbox, so the calling process
  /// must be single-threaded (before any TBB work). With Given, the space
  /// comes from a file: its parameters must be operatorSpace(Op)'s; its
  /// constraints and the template's limits are checked before compiling.
  /// A bad option, space, gevo-cc or kernel path, or a sandbox that does
  /// not start, is a one-line error.
  static llvm::Expected<std::unique_ptr<LiveProblem>>
  create(const OperatorShape &Op, const LiveOptions &O,
         const std::optional<Space> &Given = {});
  ~LiveProblem() override;

  const Space &space() const override { return S; }
  Objective objective() const override;
  Prepared prepare(const Config &C) const override;
  std::vector<Evaluation> measure(const std::vector<const Prepared *> &B) override;

  const OperatorShape &shape() const { return Op; }
  /// gevo-cc runs so far (cache misses), and compile cache hits.
  size_t compiles() const;
  size_t compileHits() const;

  struct Compiled {
    bool Ok = false, TimedOut = false;
    std::string Bitcode, Message;
    double Seconds = 0;
  };

private:
  LiveProblem(OperatorShape Op, LiveOptions O, Space S);
  const Compiled &compile(const std::vector<std::string> &Defines) const;
  Evaluation evaluationOf(const Prepared &P, const std::string &Reply,
                          double JobSeconds) const;

  OperatorShape Op;
  LiveOptions Opts;
  Space S;
  Space Template; // operatorSpace(Op): the template's limits, always checked
  std::string Source;
  std::unique_ptr<Sandbox> Box;
  mutable std::mutex CacheMutex;
  mutable std::unordered_map<std::string, std::shared_ptr<Compiled>> Cache;
  mutable size_t Hits = 0;
  std::unordered_map<std::string, Evaluation> Memo; // metric "modeled"
};

} // namespace gevo::evolve::tune

#endif
