//===- Scheduler.h - Run the threads of one block -----------------*- C++ -*-===//
//
// A BlockRun runs the CUDA threads of one block: by one call of the kernel's
// block function when the kernel never synchronises (BlockLoop.cpp),
// otherwise as fibers that switch only at block barriers and warp
// operations. Warp operations are rendezvous over the
// lanes of their mask; exited threads count as arrived at block barriers.
// Threads that can never meet again (different barrier sites, a warp
// operation waiting for an exited lane) stop the launch with
// DivergentBarrier instead of hanging.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_SCHEDULER_H
#define GEVO_HARNESS_CPU_SCHEDULER_H

#include "Perf.h"
#include "Race.h"
#include "Runtime.h"

#include "gevo/harness/cpu/Program.h"

#include <boost/context/fiber.hpp>

#include <atomic>
#include <mutex>
#include <optional>
#include <vector>

namespace gevo::cpu {

using KernelEntry = void (*)(void **Args);

/// What every block of one launch shares.
class LaunchState {
public:
  KernelEntry Entry = nullptr; ///< A block function, or one thread's entry.
  void **Args = nullptr;
  LaunchConfig Config;
  unsigned SharedBytes = 0; ///< Static plus dynamic shared memory.
  bool UseFibers = false;   ///< Entry runs one thread, in a fiber.
  bool Reverse = false;     ///< Blocks and fibers in descending order.
  uint64_t ThreadCostLimit = 0;
  uint64_t LaunchCostLimit = 0; ///< 0: none.
  unsigned CheckSites = 0;  ///< CheckCaches per ThreadContext.
  std::vector<CheckedRange> Ranges; ///< Sorted by Lo, disjoint.
  LaunchRace *Race = nullptr; ///< Races are checked (blocks run in order).
  /// A cooperative launch: every block's threads live at once (taking
  /// turns, runCooperative), and %envreg1/2 point at its grid workspace.
  bool Cooperative = false;
  const void *Workspace = nullptr;
  /// With the performance model: what it knows, the blocks it traces
  /// (sorted) and their totals.
  const PerfSetup *Perf = nullptr;
  std::vector<uint64_t> Traced;
  LaunchTrace Trace;
  std::atomic<uint64_t> Cost{0};

  /// Adds \p More to the launch's cost; false once past LaunchCostLimit.
  bool charge(uint64_t More) {
    uint64_t Now = Cost.fetch_add(More, std::memory_order_relaxed) + More;
    return !LaunchCostLimit || Now <= LaunchCostLimit;
  }

  /// Records a fault of block \p BlockLinear. Of several faults, the one of
  /// the lowest block is kept, and blocks below a fault still run, so the
  /// status does not depend on the thread interleaving.
  void fault(uint64_t BlockLinear, Status S, std::string Message,
             std::string Uid = "", std::string OtherUid = "");
  /// Whether block \p BlockLinear need not (continue to) run: a lower block
  /// faulted, or any block of a cooperative launch (the others may wait
  /// for it at a grid barrier).
  bool stopped(uint64_t BlockLinear) const {
    uint64_t F = FaultBlock.load(std::memory_order_relaxed);
    return F < BlockLinear || (Cooperative && F != UINT64_MAX);
  }
  LaunchResult result();

private:
  std::mutex Lock;
  std::atomic<uint64_t> FaultBlock{UINT64_MAX};
  LaunchResult Fault;
};

class BlockRun {
public:
  /// Threads for blocks of \p L, with the shared arena \p Shared.
  BlockRun(LaunchState &L, char *Shared);
  /// Runs block \p BlockLinear (blocks run one after another).
  void run(uint64_t BlockLinear);
  /// The same in steps, for blocks that take turns: start, then step (a
  /// fiber kernel's) until it answers that every thread finished, then
  /// finish. A step resumes each thread that can move once.
  void start(uint64_t BlockLinear);
  bool step();
  void finish();
  /// Whether the last step only resumed spins that spun again.
  bool onlySpun() const { return OnlySpun; }
  uint64_t block() const { return BlockLinear; }

  /// Called from the runtime, inside the thread's fiber.
  uint32_t barrier(ThreadContext &T, unsigned Site, BarrierOp Op,
                   uint32_t Pred);
  struct WarpRequest {
    unsigned Kind; ///< 0 shuffle, 1 vote, 2 syncwarp, WarpMatrix.
    unsigned Mode;
    uint32_t Mask, Value, B, C;
    void *Payload = nullptr; ///< A matrix operation's registers.
  };
  uint32_t warpOp(ThreadContext &T, const WarpRequest &R);
  /// Lets the block's other threads run before \p T goes on (a spin).
  void yield(ThreadContext &T);
  /// cp.async and its groups (AsyncCopy.cpp): a copy is made when a wait
  /// covers it, as if the thread made it there.
  void asyncCopy(ThreadContext &T, AsyncOp Op, char *Dst, const char *Src,
                 uint32_t Bytes, uint32_t SrcBytes, const char *Uid);
  /// The state space \p Addr lies in, as isspacep asks (an NvptxSpace).
  uint32_t spaceOf(ThreadContext &T, uintptr_t Addr) const;
  /// \p T's cost passed its limit: charges the launch and answers a new
  /// limit, or 0 after recording a Timeout when the thread (which started
  /// at cost \p Start) or the launch has spent its budget.
  uint64_t grant(ThreadContext &T, uint64_t Cost, uint64_t Start);
  /// The range a thread may access holding [Addr, Addr + Bytes), if any.
  std::optional<AccessRange> findRange(ThreadContext &T, uintptr_t Addr,
                                       uint64_t Bytes, bool IsWrite) const;
  /// Records an access for the model's trace and the race checks: 0, or 1
  /// after recording a race or an uninitialized read as \p T's fault.
  /// (Inline: the runtime's entry calls it for every shadowed access.)
  uint32_t access(ThreadContext &T, uintptr_t Addr, uint64_t Bytes,
                  uint32_t Flags, uint32_t Site, const char *Uid) {
    auto Stack = reinterpret_cast<uintptr_t>(T.StackLimit);
    if (Addr - Stack < uintptr_t(T.StackTop - T.StackLimit))
      return 0; // a thread's own locals
    if (T.Tracing && Bytes) // (a fence has none)
      Tracer->record(T.Tid, Addr, Bytes, Flags, Site);
    if (!Race || (Flags & AccessNoRace) ||
        !Race->access(T.Tid, Addr, Bytes, Flags, Site, Uid))
      return 0;
    return raceFound(T, Uid);
  }

  /// Whether the launch wrote global [Addr, Addr + Bytes) before a texture
  /// fetch of it at \p Uid (undefined on a GPU), races being checked.
  bool writtenInLaunch(uintptr_t Addr, uint64_t Bytes, const char *Uid) {
    return Race && !L.Race->allowed(Uid) && Race->writtenInLaunch(Addr, Bytes);
  }

private:
  enum class State { Ready, AtBarrier, AtWarp, Yielded, Done };
  struct Wait {
    State S = State::Ready;
    unsigned Site = 0;
    BarrierOp Op = BarrierOp::Sync;
    WarpRequest Warp{};
    uint32_t Value = 0;  ///< Barrier predicate.
    uint32_t Result = 0; ///< What the runtime call returns.
  };

  void reset(uint64_t Linear);
  void startThread(ThreadContext &T);
  void finishThread(ThreadContext &T);
  void runBlockFunction();
  void startFibers();
  uint32_t suspend(ThreadContext &T);
  bool release();
  bool releaseWarps();
  bool releaseWarpGroup(unsigned I);
  static bool isActiveMask(const WarpRequest &R);
  static std::string warpOpName(const WarpRequest &R);
  /// Why a warp operation could not complete in this step (lanes of its
  /// mask at another one), if one could not.
  std::string Mismatch;
  bool releaseBarrier();
  void divergent(std::string Message);
  /// Records the race Race found as \p T's fault; 1.
  uint32_t raceFound(ThreadContext &T, const char *Uid);
  void abortAll();

  LaunchState &L;
  uint64_t BlockLinear = 0;
  bool Aborting = false; ///< Every thread was told to return.
  unsigned Finished = 0; ///< Fibers that returned.
  bool OnlySpun = false;
  std::vector<ThreadContext> Threads; ///< One per fiber, or one.
  std::vector<Wait> Waits;
  std::vector<CheckCache> Caches;     ///< CheckSites per thread.
  std::vector<boost::context::fiber> Fibers;  ///< Each thread's fiber.
  std::vector<boost::context::fiber> Returns; ///< Back to the scheduler.
  std::optional<BlockRace> Race;
  std::optional<BlockTracer> Tracer;
  struct PendingCopy {
    char *Dst;
    const char *Src;
    uint32_t Bytes, SrcBytes, Group;
    const char *Uid;
  };
  /// Per thread: its cp.async copies not yet made, and its committed groups.
  std::vector<std::vector<PendingCopy>> Pending;
  std::vector<uint32_t> Committed;
  /// Makes \p C for \p T: false after recording a fault.
  bool completeCopy(ThreadContext &T, const PendingCopy &C);
  RaceFault RaceFound; ///< The fault of the thread that found a race.
  const ThreadContext *RaceThread = nullptr; ///< That thread.
};

/// Runs every block of cooperative launch \p L at once, on this OS thread:
/// each block in turn runs its threads until none can move without another
/// block (a spin at a grid barrier, say), round after round.
void runCooperative(LaunchState &L);

} // namespace gevo::cpu

#endif // GEVO_HARNESS_CPU_SCHEDULER_H
