//===- Race.h - Who touched each byte, and were they ordered? ----*- C++ -*-===//
//
// The cpu target judges a kernel as every legal GPU schedule would, not by
// the one order it runs threads in. Every shared- and global-memory access
// (RaceChecks.cpp instruments them) is recorded in a shadow cell per 4-byte
// granule: the last write and the last reads of two different threads, each
// as a tag (the thread's epoch and its index in the block), the access site
// and the bytes it touched. Two accesses of different threads to the same
// bytes, one of them a plain write, race unless they are ordered:
//
// - Epochs come from one counter per launch: a block's start and each block
//   barrier give every thread of the block a new epoch, a warp operation the
//   lanes of its mask. An access of an earlier epoch than the block's last
//   barrier is ordered before everything the block does now.
// - Lanes of a warp are ordered by a warp operation over both of them (Volta
//   and later; a vector clock per lane joins what the lanes of each
//   operation know), or always under the warp-synchronous model.
// - Blocks are not ordered within a launch (global memory): the launch runs
//   its blocks one after another, so an access of an earlier block has an
//   epoch below the running block's start. Launches never race: cells of an
//   earlier launch (another generation) read as untouched. What orders
//   blocks is a release and an acquire at one address (Publications): an
//   atomic after a __threadfence() (or with a release order) publishes its
//   block's accesses before its last barrier and its thread's so far; an
//   atomic read-modify-write there (or an acquire) takes them for its
//   thread at once and for its block at the next barrier. That is the
//   programming guide's last-block reduction; without the fence the blocks
//   race.
// - In a cooperative launch the blocks live at once, taking turns, so an
//   epoch's block is looked up (GridRace). Blocks are ordered by atomics
//   with release and acquire orders, as cooperative groups' grid.sync()
//   orders them: a release publishes what its block has ordered (its
//   accesses before its last barrier, the releasing thread's so far, what
//   it acquired), an acquire takes it for its thread at once and for its
//   whole block at the block's next barrier.
// - Atomics do not race with atomics, nor with the plain read that starts a
//   compare-and-swap loop (RaceCasSeed: the swap checks the value). An atomic with an explicit release
//   order publishes what its thread has seen (its view: an epoch per
//   thread of the block) at its address; one with an acquire order there
//   takes that view (cooperative groups' multi-warp barriers, flags). Views
//   exist from a block's first such atomic on; seq_cst counts as relaxed,
//   as CUDA's atomic functions are.
//
// Reads through a kernel argument the kernel never writes through are not
// recorded while the launch finds no written argument pointing into the
// same buffer (RaceChecks.cpp, KernelInfo::ReadOnlyArgs): nothing can race
// with them.
//
// A read of shared memory that no thread of the block wrote is an
// uninitialized read. Shared cells live with the block's arena; global cells
// in pages made on first touch, dropped with their buffer and every 255
// launches, so the shadow is at most six times the device memory touched.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_RACE_H
#define GEVO_HARNESS_CPU_RACE_H

#include "Warp.h"

#include "gevo/harness/cpu/Program.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

#include <array>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace gevo::cpu {

/// A shadow tag's low bits: the thread in its block (up to 1024).
inline constexpr unsigned RaceTidBits = 10;

/// What the instrumentation says of an access.
enum RaceFlags : uint32_t {
  RaceRead = 1,
  RaceWrite = 2,
  RaceAtomic = 4,
  RaceCopy = 8, ///< A memcpy's source: copying undefined bytes is no read.
  RaceAcquire = 64, ///< An atomic with an acquire order.
  RaceRelease = 128, ///< An atomic with a release order.
  /// A plain read whose value only seeds a compare-and-swap of its address.
  RaceCasSeed = 256,
  /// A fence of the GPU or system scope (no address): the thread's next
  /// atomic releases.
  RaceFence = 512,
};

/// The shadow of one 4-byte granule.
struct ShadowCell {
  enum Slot { Writer, Reader, OtherReader, NumSlots };
  uint32_t Tag[NumSlots];  ///< Epoch << TidBits | thread; 0: none.
  uint16_t Site[NumSlots]; ///< The access's site (saturated).
  uint8_t Bytes[NumSlots]; ///< Bytes of the granule touched; AtomicBit.
  uint8_t Init;            ///< Shared: bytes a thread of the block wrote.
  uint8_t Gen;             ///< Global: the launch generation.
};
static_assert(sizeof(ShadowCell) == 24);

/// The cells of global memory, for the whole process; one launch with race
/// checks at a time holds Lock.
class GlobalShadow {
public:
  static GlobalShadow &get();
  std::mutex Lock;
  /// Cells of earlier launches read as untouched from now on.
  void newGeneration();
  uint8_t generation() const { return Gen; }
  /// The cell of the granule holding \p Addr.
  ShadowCell &cell(uintptr_t Addr);
  /// Forgets the cells of [Lo, Lo + Len), a buffer being freed.
  void release(uintptr_t Lo, size_t Len);

private:
  static constexpr unsigned PageBits = 12;
  using Page = std::array<ShadowCell, (size_t(1) << PageBits) / 4>;
  static constexpr unsigned CacheSize = 64;
  void clear();
  llvm::DenseMap<uintptr_t, std::unique_ptr<Page>> Pages;
  /// Recently used pages, by page number modulo CacheSize.
  std::array<std::pair<uintptr_t, Page *>, CacheSize> Recent{};
  uint8_t Gen = 1;
};

/// A race or an uninitialized read, as the thread reports it.
struct RaceFault {
  Status S = Status::Race;
  std::string Message;
  const char *Uid = nullptr, *OtherUid = nullptr;
};

/// What a thread or block knows of other blocks' accesses in a cooperative
/// launch: those of each block below an epoch, and of single threads below
/// theirs.
struct GridView {
  std::vector<uint32_t> Blocks;               ///< Per block.
  llvm::DenseMap<uint64_t, uint32_t> Threads; ///< By Block << 10 | Tid.
  void join(const GridView &O);
  void raise(uint64_t Block, uint32_t Tid, uint32_t Epoch);
  bool orders(uint64_t Block, uint32_t Tid, uint32_t Epoch) const;
};

/// A cooperative launch's cross-block state: the block each epoch went to,
/// and what releases published, by granule.
struct GridRace {
  std::vector<uint32_t> EpochBlock;
  llvm::DenseMap<uintptr_t, GridView> Released;
};

/// Outside cooperative launches (blocks run one after another): each
/// block's first epoch, and by granule what releases published there, in
/// order, so that an acquire is the granule and how many it saw. Nothing is
/// republished (what a block acquired, it does not pass on): each
/// release and acquire costs O(1), whatever the number of blocks.
struct Publications {
  struct Release {
    uint32_t Seq, Tid, Epoch; ///< Tid ~0: the block's accesses.
  };
  struct Granule {
    llvm::DenseMap<uint64_t, llvm::SmallVector<Release, 1>> ByBlock;
    uint32_t Count = 0;
  };
  llvm::DenseMap<uintptr_t, Granule> Released;
  std::vector<std::pair<uint32_t, uint64_t>> Starts; ///< (epoch, block)
  /// The block whose accesses carry \p Epoch (an earlier block's).
  uint64_t blockOf(uint32_t Epoch) const;
  /// Whether a release among the first \p Seen at \p Granule ordered
  /// thread \p Tid of block \p Block's access of \p Epoch.
  bool orders(uintptr_t Granule, uint32_t Seen, uint64_t Block, uint32_t Tid,
              uint32_t Epoch) const;
};
/// What a thread or block acquired of Publications: (granule, count seen).
using Acquired = llvm::SmallVector<std::pair<uintptr_t, uint32_t>, 2>;

/// What a launch checks, its epoch counter and the UIDs of the sites seen
/// so far.
struct LaunchRace {
  MemoryModel Model = MemoryModel::Volta;
  bool Races = true, Inits = true;
  const llvm::StringSet<> *Allowed = nullptr; ///< Options::AllowedRaces.
  uint32_t Epoch = 0;
  std::vector<const char *> SiteUids;
  /// Bytes of the arena that are the block's reserved shared memory: the
  /// hardware's, whose users (cooperative groups) need no initialisation.
  unsigned ReservedLo = 0, ReservedHi = 0;
  GridRace *Grid = nullptr; ///< A cooperative launch's.
  Publications Cross;       ///< Any other launch's.
  bool allowed(const char *Uid) const {
    return Uid && Allowed && Allowed->contains(Uid);
  }
};

/// The race state of the block a BlockRun runs (blocks run one at a time).
class BlockRace {
public:
  /// \p Fibers: one context per thread (otherwise a block function, whose
  /// context names the running thread in Tid).
  BlockRace(LaunchRace &L, unsigned Threads, bool Fibers, const char *Arena,
            unsigned SharedBytes);
  void startBlock(uint64_t Linear);
  void barrier();
  /// A warp operation over the lanes \p Mask of the warp starting at thread
  /// \p First completed.
  void warpSync(unsigned First, uint32_t Mask);
  /// Checks and records an access of thread \p Tid; true when it is a
  /// fault (then in fault()).
  bool access(unsigned Tid, uintptr_t Addr, uint64_t Bytes, uint32_t Flags,
              uint32_t Site, const char *Uid);
  RaceFault &fault() { return Found; }
  /// Whether a thread of the launch wrote a byte of global memory in
  /// [Addr, Addr + Bytes) before now (what a texture fetch may not read).
  bool writtenInLaunch(uintptr_t Addr, uint64_t Bytes);

private:
  struct Who {
    uint32_t Tag, Tid;
    const uint32_t *Synced; ///< What the thread knows of its warp's lanes.
  };
  struct Access {
    uint8_t Bytes;
    uint32_t Flags;
    uint16_t Site;
  };
  uint32_t nextEpoch();
  void rollover();
  bool ordered(uint32_t Tag, const Who &W) const;
  /// The block of \p Epoch's access: this one outside cooperative launches
  /// when the epoch is this block's, another (~0) otherwise.
  uint64_t blockOf(uint32_t Epoch) const;
  void gridAcquire(unsigned Tid, uintptr_t Granule);
  void gridRelease(unsigned Tid, uintptr_t Granule);
  /// Outside cooperative launches: acquires and releases across blocks
  /// (Publications), and whether they order \p W after an access of thread
  /// \p Tid at \p Epoch of an earlier block.
  void startCross();
  void crossBarrier();
  void crossAcquire(unsigned Tid, uintptr_t Granule);
  void crossRelease(unsigned Tid, uintptr_t Granule);
  bool crossOrdered(uint32_t Epoch, uint32_t Tid, const Who &W) const;
  bool sameThread(uint32_t Tag, const Who &W) const;
  void freshen(ShadowCell &C, bool Shared) const;
  /// Thread \p Tid's view: per thread, the epoch before which it has
  /// synchronised with that thread's accesses (Views must exist).
  uint32_t *view(unsigned Tid) { return Views.data() + size_t(Tid) * Threads; }
  void startViews();
  void acquire(unsigned Tid, uintptr_t Granule);
  void release(unsigned Tid, uintptr_t Granule);
  /// Whether shared cell \p C is reserved shared memory.
  bool reserved(const ShadowCell &C) const;
  /// Checks and records \p A in \p C; true when it is a fault (Found).
  bool granule(ShadowCell &C, const Who &W, const Access &A, bool Shared,
               const char *Uid);
  /// The slot of the recorded access \p A conflicts with, or NumSlots.
  ShadowCell::Slot conflict(const ShadowCell &C, const Who &W,
                            const Access &A) const;
  void record(ShadowCell &C, const Who &W, const Access &A, bool Shared);
  RaceFault describe(const ShadowCell &C, ShadowCell::Slot S, const Who &W,
                     const Access &A, bool Shared, const char *Uid) const;

  LaunchRace &L;
  GlobalShadow &Global;
  uint8_t Generation; ///< Global's, as of the launch's start or rollover.
  bool Fibers;
  unsigned Threads;
  uintptr_t Arena;
  unsigned SharedBytes;
  uint32_t BlockStart = 0, Barrier = 0;
  std::vector<uint32_t> Epochs;                  ///< Per thread (fibers).
  std::vector<std::array<uint32_t, WarpWidth>> Synced; ///< Per thread.
  std::vector<ShadowCell> Shared;
  std::vector<uint32_t> Views; ///< Threads x Threads, once an atomic orders.
  llvm::DenseMap<uintptr_t, std::vector<uint32_t>> Released; ///< By granule.
  // In a cooperative launch: this block's index, what it knows of other
  // blocks, what it acquired since its last barrier, and what each thread
  // that acquired knows.
  uint64_t Block = 0;
  GridView Known, Pending;
  llvm::DenseMap<unsigned, GridView> ThreadKnown;
  // Outside them: the same, of Publications.
  Acquired CrossKnown, CrossPending;
  llvm::DenseMap<unsigned, Acquired> CrossThread;
  std::vector<uint8_t> Fenced; ///< Per thread: fenced since its last atomic.
  RaceFault Found;
};

} // namespace gevo::cpu

#endif // GEVO_HARNESS_CPU_RACE_H
