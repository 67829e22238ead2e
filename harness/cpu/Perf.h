//===- Perf.h - The warp-level performance model ------------------*- C++ -*-===//
//
// Predicts a launch's time on a GPU (GpuSpec) from what a few of its blocks
// do, counted per warp as a GPU issues it:
//
// - every basic block has a BlockShape (Shapes.cpp): the warp instructions it
//   issues and the pipes they use. Each thread counts its basic blocks
//   (the instrumentation adds one to its row of the BlockRun's counters);
//   a warp issues a block as often as its busiest lane ran it, so a branch
//   that diverges within a warp costs both paths, one that diverges across
//   warps does not;
// - every shared, global and constant access reaches the runtime (the
//   race checks' call, RaceChecks.cpp); in a traced block the BlockTracer
//   records it per thread. The k-th access of site s by each lane of a warp
//   make one warp instruction: global ones cost the distinct sectors they
//   touch (a sector the block read before hits in L1 and does not reach
//   L2), shared ones a wavefront per access of the most-used bank (words
//   the lanes share are broadcast), constant ones one per distinct word,
//   atomics one per lane, serialised per address;
// - predictLaunch() turns the traced blocks' mean into a time: occupancy
//   (registers, shared memory, warps, blocks per SM), per SM the longest of
//   the issue and pipe throughputs and one warp's latency chain, per wave
//   the longer of that and the L2 and DRAM transfer of its blocks, summed
//   over waves (the last one partial), plus the launch overhead.
//
// Which blocks are traced does not depend on the thread count, and blocks'
// totals are combined in block order, so the prediction is deterministic.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_PERF_H
#define GEVO_HARNESS_CPU_PERF_H

#include "Runtime.h"

#include "gevo/harness/cpu/Gpu.h"
#include "gevo/harness/cpu/Program.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <mutex>
#include <vector>

namespace gevo::cpu {

/// What one execution of a basic block issues, for one warp.
struct BlockShape {
  uint32_t Instructions = 0; ///< warp instructions issued
  uint32_t Alu = 0, Fp64 = 0, Sfu = 0, Memory = 0; ///< of them, per pipe
  /// Cycles one warp alone takes for it: in order, one instruction a
  /// cycle, each waiting for its operands from the block (loads, special
  /// functions, barriers with their latencies).
  double Chain = 0;
};

/// What the instrumentation adds to an access's RaceFlags for the model.
enum AccessFlags : uint32_t {
  AccessConstant = 16, ///< A read-only module variable (__constant__).
  AccessNoRace = 32,   ///< Traced only: nothing it does can race.
};

/// Sums over the warps of one block.
struct BlockTotals {
  double Issued = 0, Alu = 0, Fp64 = 0, Sfu = 0, Memory = 0;
  double GlobalRequests = 0, L1Wavefronts = 0, L2Sectors = 0;
  double SharedRequests = 0, SharedWavefronts = 0, ConstantWavefronts = 0;
  double AtomicOps = 0;
  double LatencyCycles = 0; ///< the longest warp's chain
  double FootprintSectors = 0; ///< distinct global sectors touched
  /// The buffers (indices into the launch's) it touched, sorted.
  llvm::SmallVector<uint32_t, 8> Buffers;
  void add(const BlockTotals &O, double Scale = 1);
};

/// What a launch's model knows before it runs.
struct PerfSetup {
  const GpuSpec *Gpu = nullptr;
  const std::vector<BlockShape> *Shapes = nullptr;
  unsigned Registers = 32; ///< per thread
  unsigned SharedBytes = 0;
};

/// The blocks of a grid of \p Blocks that are traced: \p Count of them,
/// evenly spaced, the first and the last among them.
std::vector<uint64_t> tracedBlocks(uint64_t Blocks, unsigned Count);

/// Traces the blocks of one BlockRun.
class BlockTracer {
public:
  /// \p Buffers: the launch's device memory, sorted by address.
  BlockTracer(const PerfSetup &S, unsigned Threads, bool Fibers,
              const char *Shared, unsigned SharedBytes,
              llvm::ArrayRef<CheckedRange> Buffers);
  /// Thread \p Linear's row of basic-block counters.
  uint32_t *counts(unsigned Linear) {
    return Counts.data() + size_t(Linear) * Shapes.size();
  }
  /// A new block, traced or not (an untraced block's counts are junk).
  void start(bool Traced);
  bool tracing() const { return Tracing; }
  void record(unsigned Tid, uintptr_t Addr, uint64_t Bytes, uint32_t Flags,
              uint32_t Site) {
    unsigned Warp = Tid / Width;
    if (!Fibers && Warp != Pending)
      flushWarp(Pending);
    Pending = Warp;
    std::vector<Access> &Trace = Traces[Tid];
    if (Trace.size() >= MaxTrace) {
      ++Dropped;
      return;
    }
    Trace.push_back({Addr, Site, uint16_t(std::min<uint64_t>(Bytes, 0xFFFF)),
                     uint16_t(Flags)});
  }
  /// Every lane waits at a block barrier: what the warps did so far.
  void barrier();
  /// The block ended: its totals.
  BlockTotals finish();

private:
  struct Access {
    uintptr_t Addr;
    uint32_t Site;
    uint16_t Bytes, Flags;
  };
  /// The lanes' k-th accesses of one site.
  struct Group {
    uint32_t Flags = 0;
    bool Shared = false;
    llvm::SmallVector<uint64_t, 8> Units; ///< sectors or words
  };
  void flushWarp(unsigned Warp);
  void account(const Group &G, double &WarpChain);

  // flushWarp's tables, kept from one warp to the next: per site, the
  // groups of its accesses by occurrence, the lane that last took one and
  // how many that lane took.
  std::vector<Group> Groups;
  std::vector<std::vector<uint32_t>> BySite;
  std::vector<uint32_t> LaneOf, Taken, Touched;
  uint32_t Lane = 0;

  const GpuSpec &Gpu;
  const std::vector<BlockShape> &Shapes;
  unsigned Threads, Width;
  bool Fibers;
  uintptr_t SharedLo, SharedLen;
  llvm::ArrayRef<CheckedRange> Buffers;
  bool Tracing = false;
  unsigned Pending = 0;
  uint64_t Dropped = 0, Recorded = 0;
  /// Accesses a thread records between two flushes; past them, finish()
  /// scales what was recorded.
  static constexpr size_t MaxTrace = size_t(1) << 10;
  std::vector<uint32_t> Counts;
  std::vector<std::vector<Access>> Traces;
  std::vector<double> Chains; ///< per warp, memory cycles beyond the shapes'
  llvm::DenseSet<uint64_t> Footprint;
  BlockTotals Totals;
};

/// The traced blocks' totals of one launch, from any thread.
class LaunchTrace {
public:
  void add(uint64_t Block, const BlockTotals &T);
  /// The mean over traced blocks, in block order (Buffers: every block's);
  /// false when none.
  bool mean(BlockTotals &Out) const;

private:
  mutable std::mutex Lock;
  std::vector<std::pair<uint64_t, BlockTotals>> Blocks;
};

/// The predicted time of a launch of \p Config whose blocks do \p Mean
/// each, and the reasons (LaunchPerf).
/// \p Buffers are the launch's, as the tracers had them: the DRAM traffic
/// is at most the bytes of those the blocks touched.
LaunchPerf predictLaunch(const PerfSetup &S, const LaunchConfig &Config,
                         const BlockTotals &Mean,
                         llvm::ArrayRef<CheckedRange> Buffers);

} // namespace gevo::cpu

#endif // GEVO_HARNESS_CPU_PERF_H
