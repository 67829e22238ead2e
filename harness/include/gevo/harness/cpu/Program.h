//===- Program.h - Run NVPTX kernels on the host ------------------*- C++ -*-===//
//
// The cpu target: a Program is a private, retargeted and JIT-compiled copy of
// an NVPTX module. Each CUDA thread runs as a fiber (a plain loop over the
// threads when the kernel never synchronises), blocks run in parallel on TBB
// (or in a plain loop, Options::ParallelBlocks).
// Programs own their LLVMContext, so several can be loaded in parallel.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_PROGRAM_H
#define GEVO_HARNESS_CPU_PROGRAM_H

#include "gevo/harness/Status.h"
#include "gevo/harness/cpu/Gpu.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gevo::cpu {

struct Dim3 {
  unsigned X = 1, Y = 1, Z = 1;
  uint64_t size() const { return uint64_t(X) * Y * Z; }
};

struct LaunchConfig {
  Dim3 Grid;
  Dim3 Block;
  unsigned DynamicSharedBytes = 0;
  /// A cooperative launch (cudaLaunchCooperativeKernel): every block is
  /// resident at once and cooperative groups' grid.sync() works. Its blocks
  /// take turns on one OS thread; at most MaxCooperativeThreads threads.
  bool Cooperative = false;
};

/// The most threads a cooperative launch may have (each is a fiber with
/// its own stack for the whole launch).
inline constexpr uint64_t MaxCooperativeThreads = 65536;

/// What the performance model (Options::Gpu) predicts for a launch, and
/// why: the per-block figures are means over the traced blocks, each a sum
/// over the block's warps.
struct LaunchPerf {
  double Seconds = 0;       ///< predicted time, launch overhead included
  unsigned Registers = 0;   ///< per thread (an estimate from the IR)
  unsigned BlocksPerSm = 0; ///< resident blocks per SM (occupancy)
  /// What limits residency: "warps", "blocks", "registers" or "shared".
  std::string Occupancy;
  double Waves = 0; ///< blocks over what the GPU holds at once
  /// What bounds the time: "dram", "l2", "issue", "fp32", "fp64", "sfu",
  /// "lsu", "shared" (bank wavefronts: shared, L1 and constant) or
  /// "latency" (one warp's dependent chain).
  std::string Bound;
  uint64_t TracedBlocks = 0;
  double Issued = 0; ///< warp instructions per block
  double GlobalRequests = 0, L2Sectors = 0;
  double SharedRequests = 0, SharedWavefronts = 0;
  double LatencyCycles = 0; ///< the longest warp's chain, per block
  double DramBytes = 0;     ///< the whole launch's

  /// One line: "dram bound; 8 blocks/SM (warps), 32 registers, 1.2
  /// waves; per block 88 warp instructions, 64 L2 sectors, ...".
  std::string summary() const;
};

struct LaunchResult {
  Status S = Status::Ok;
  std::string FaultUid; ///< UID of the faulting instruction, when known.
  std::string Message;  ///< Empty when S is Ok.
  std::string OtherUid; ///< A race's other instruction, when known.
  /// Weighted dynamic instruction counts (global and shared memory, atomics,
  /// barriers, warp operations, special functions, ALU): the same on every
  /// run of the same kernel and input.
  uint64_t ModeledCost = 0;
  double Seconds = 0;
  /// With Options::Gpu: the predicted time on that GPU (Perf.Seconds); the
  /// same on every run of the same kernel and input.
  double ModeledSeconds = 0;
  LaunchPerf Perf;
};

/// Which intra-warp accesses a race needs no synchronisation for.
enum class MemoryModel {
  /// Volta and later (independent thread scheduling): lanes of a warp are
  /// ordered only by a warp operation over both (__syncwarp, shuffles,
  /// votes).
  Volta,
  /// Before Volta: the lanes of a warp run in lockstep, so intra-warp
  /// conflicts are no races (volatile warp-synchronous code).
  WarpSynchronous,
};

struct Options {
  unsigned OptLevel = 2; ///< 0-3, after the rewrite.
  /// Check every memory access, integer division and the stack (the faults
  /// then become statuses). Without checks a broken kernel can crash the
  /// process; the modeled cost and the step budget stay.
  bool Checks = true;
  /// Step budget: the modeled cost one thread may reach before the launch
  /// stops with Timeout (at most 2^62). A loop that could only end by the
  /// budget may be cut short by the optimiser: the same Timeout, sooner.
  uint64_t ThreadCostLimit = uint64_t(1) << 30;
  /// The modeled cost a whole launch may reach (0: no limit), checked when a
  /// block ends and when a thread reports to the launch (about every 2^20 of
  /// its cost, at the step budget's checks); past it the launch stops with
  /// Timeout. It bounds a launch whose every thread loops within its own
  /// budget.
  uint64_t LaunchCostLimit = 0;
  /// Run a launch's blocks in parallel on TBB. Off, blocks run in a plain
  /// loop on the calling thread and no thread is ever started (what a fork
  /// server and its workers need).
  bool ParallelBlocks = true;
  /// Report data races (Status::Race) and reads of shared memory no thread
  /// of the block wrote (Status::Uninitialized), by shadowing every shared
  /// and global access (Race.h). With either on, a launch runs its blocks
  /// one after another, whatever ParallelBlocks says, so its verdict never
  /// depends on the thread count.
  bool RaceChecks = true;
  bool InitChecks = true;
  MemoryModel Model = MemoryModel::Volta;
  /// UIDs whose races and uninitialized reads are let through (a base's
  /// known ones, e.g. gevo-evolve --allow-base-races).
  std::vector<std::string> AllowedRaces;
  /// Predict each launch's time on this GPU (LaunchResult::ModeledSeconds)
  /// with the warp-level model, from TracedBlocks of its blocks (evenly
  /// spaced, the first and the last among them).
  std::optional<GpuSpec> Gpu;
  /// Registers per thread by kernel symbol (ptxas -v's), for the model's
  /// occupancy; a kernel not listed gets an estimate from its IR.
  std::map<std::string, unsigned> Registers;
  unsigned TracedBlocks = 4;
  /// Run only the traced blocks (the outputs are then incomplete; the
  /// modeled cost is theirs scaled to the grid): for a prediction alone,
  /// as gevo-model-check makes.
  bool TracedBlocksOnly = false;
};

class Program {
public:
  /// Clones \p NVPTXModule (bitcode round trip into a private context),
  /// retargets it to the host and JIT-compiles it. A module that is not
  /// NVPTX IR, has no kernel, calls an unknown NVVM intrinsic or an __nv_*
  /// function without a host implementation is an Error.
  static llvm::Expected<std::unique_ptr<Program>>
  load(const llvm::Module &NVPTXModule, const Options &Opts = {});
  /// load() of \p NVPTXModule, the only module of \p Ctx, rewritten in
  /// place (no copy).
  static llvm::Expected<std::unique_ptr<Program>>
  load(std::unique_ptr<llvm::Module> NVPTXModule,
       std::unique_ptr<llvm::LLVMContext> Ctx, const Options &Opts = {});
  /// The host IR load() would JIT-compile for \p NVPTXModule (retargeted
  /// and instrumented, before optimisation), as text; the same Errors.
  static llvm::Expected<std::string> hostIR(const llvm::Module &NVPTXModule,
                                            const Options &Opts = {});
  ~Program();

  /// Runs kernel \p Kernel. \p Args holds one pointer per kernel parameter
  /// to the parameter's value, as cuLaunchKernel takes them. Bad launches
  /// (unknown kernel, wrong argument count, zero threads, a block over 1024
  /// threads) are Errors; what the kernel does is in the LaunchResult.
  llvm::Expected<LaunchResult> launch(llvm::StringRef Kernel,
                                      const LaunchConfig &Config,
                                      llvm::ArrayRef<void *> Args);

  /// launch() with typed arguments: launchWith("k", Cfg, Ptr, N, 1.0f).
  template <typename... Ts>
  llvm::Expected<LaunchResult> launchWith(llvm::StringRef Kernel,
                                          const LaunchConfig &Config,
                                          Ts... Values) {
    void *Args[] = {static_cast<void *>(&Values)..., nullptr};
    return launch(Kernel, Config, llvm::ArrayRef(Args, sizeof...(Ts)));
  }

  /// Address of a module-scope __device__ or __constant__ variable.
  llvm::Expected<void *> getSymbol(llvm::StringRef Name);
  /// Copies \p Bytes into a __constant__ (or __device__) variable.
  llvm::Error setConstant(llvm::StringRef Name, llvm::ArrayRef<char> Bytes);

  /// Seconds spent copying, retargeting, optimising and compiling: the sum
  /// of the stages.
  double jitSeconds() const;
  /// jitSeconds() by stage.
  struct LoadStages {
    double Copy = 0;     ///< the bitcode round trip into a private context
    double Retarget = 0; ///< retarget, instrument, the model's shapes
    double Optimise = 0; ///< the optimisation pipeline
    double Codegen = 0;  ///< machine code (ORC materialisation), linking
  };
  const LoadStages &loadStages() const;

  /// Later launches run their blocks, and the threads of each block (as
  /// fibers), in descending order instead of ascending: another legal
  /// schedule, for cross-checking outputs. A barrier-free kernel's block
  /// function keeps its threads' order. Those launches predict no time
  /// (Options::Gpu): their results' ModeledSeconds are 0.
  void setReverseSchedule(bool Reverse);

  struct Impl;

private:
  explicit Program(std::unique_ptr<Impl> P);
  std::unique_ptr<Impl> P;
};

} // namespace gevo::cpu

#endif // GEVO_HARNESS_CPU_PROGRAM_H
