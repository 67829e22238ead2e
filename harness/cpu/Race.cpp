//===- Race.cpp - Who touched each byte, and were they ordered? -----------===//

#include "Race.h"

#include <algorithm>

/// The per-access path (access() and what it calls), inlined into one
/// function: a call each is most of what the checks cost.
#define HOT [[gnu::always_inline]] inline

namespace gevo::cpu {
namespace {

constexpr unsigned TidBits = RaceTidBits;
constexpr uint32_t TidMask = (1u << TidBits) - 1;
/// Past it, epochs start again (rollover).
constexpr uint32_t MaxEpoch = (1u << (32 - TidBits)) - 1;
constexpr uint8_t AtomicBit = 0x10, SeedBit = 0x20, ByteBits = 0x0f;

uint32_t epochOf(uint32_t Tag) { return Tag >> TidBits; }
uint32_t tidOf(uint32_t Tag) { return Tag & TidMask; }

const char *what(uint32_t Flags) {
  if (Flags & RaceAtomic)
    return "atomic";
  return Flags & RaceWrite ? "store" : "load";
}

const char *slotWhat(const ShadowCell &C, ShadowCell::Slot S) {
  if (C.Bytes[S] & AtomicBit)
    return "atomic";
  return S == ShadowCell::Writer ? "store" : "load";
}

std::string uidName(const char *Uid) { return Uid ? Uid : "(no UID)"; }

} // namespace

GlobalShadow &GlobalShadow::get() {
  static GlobalShadow G;
  return G;
}

void GlobalShadow::clear() {
  Pages.clear();
  Recent.fill({});
}

void GlobalShadow::newGeneration() {
  if (++Gen)
    return;
  // Cells of 255 launches ago would look current: forget them all.
  clear();
  Gen = 1;
}

HOT ShadowCell &GlobalShadow::cell(uintptr_t Addr) {
  uintptr_t Number = Addr >> PageBits;
  auto &[Cached, CachedPage] = Recent[Number % CacheSize];
  if (!CachedPage || Cached != Number) {
    std::unique_ptr<Page> &P = Pages[Number];
    if (!P)
      P = std::make_unique<Page>();
    Cached = Number;
    CachedPage = P.get();
  }
  return (*CachedPage)[(Addr & ((uintptr_t(1) << PageBits) - 1)) / 4];
}

void GlobalShadow::release(uintptr_t Lo, size_t Len) {
  std::lock_guard Guard(Lock);
  for (uintptr_t N = Lo >> PageBits; N <= (Lo + Len - 1) >> PageBits; ++N) {
    Pages.erase(N);
    if (Recent[N % CacheSize].first == N)
      Recent[N % CacheSize] = {};
  }
}

BlockRace::BlockRace(LaunchRace &L, unsigned Threads, bool Fibers,
                     const char *Arena, unsigned SharedBytes)
    : L(L), Global(GlobalShadow::get()), Generation(Global.generation()),
      Fibers(Fibers), Threads(Threads),
      Arena(reinterpret_cast<uintptr_t>(Arena)),
      SharedBytes(SharedBytes), Epochs(Fibers ? Threads : 0),
      Synced(Fibers ? Threads : 0), Shared((SharedBytes + 3) / 4),
      Fenced(Fibers ? Threads : 0) {}

uint32_t BlockRace::nextEpoch() {
  if (L.Epoch + 1 >= MaxEpoch)
    rollover();
  ++L.Epoch;
  if (L.Grid) {
    if (L.Grid->EpochBlock.size() <= L.Epoch)
      L.Grid->EpochBlock.resize(L.Epoch + 1);
    L.Grid->EpochBlock[L.Epoch] = uint32_t(Block);
  }
  return L.Epoch;
}

/// Epochs start again: what this block did so far counts as ordered before
/// everything (its shared memory stays initialised); the earlier blocks'
/// global accesses are forgotten. Races across the rollover go unseen.
void BlockRace::rollover() {
  // The other blocks of a cooperative launch hold epochs of before: the
  // judge stops for the rest of the launch.
  if (L.Grid)
    L.Races = L.Inits = false;
  for (ShadowCell &C : Shared)
    for (uint32_t &Tag : C.Tag)
      Tag = Tag && epochOf(Tag) >= BlockStart ? (1u << TidBits) | tidOf(Tag)
                                              : 0;
  Global.newGeneration();
  Generation = Global.generation();
  BlockStart = 1;
  Barrier = L.Epoch = 2;
  std::fill(Epochs.begin(), Epochs.end(), 2);
  for (auto &S : Synced)
    S.fill(0);
  Views.clear();
  Released.clear();
  if (!L.Grid)
    L.Cross = Publications();
  startCross();
}

void BlockRace::startBlock(uint64_t Linear) {
  Block = Linear;
  BlockStart = Barrier = nextEpoch();
  std::fill(Epochs.begin(), Epochs.end(), BlockStart);
  std::fill(Fenced.begin(), Fenced.end(), 0);
  Views.clear();
  Released.clear();
  startCross();
}

/// Views from what warp operations ordered so far.
void BlockRace::startViews() {
  Views.assign(size_t(Threads) * Threads, 0);
  for (unsigned Tid = 0; Tid < Threads; ++Tid) {
    unsigned First = Tid / WarpWidth * WarpWidth;
    for (unsigned Lane = 0; Lane < WarpWidth && First + Lane < Threads; ++Lane)
      view(Tid)[First + Lane] = Synced[Tid][Lane];
  }
}

void BlockRace::acquire(unsigned Tid, uintptr_t Granule) {
  auto It = Released.find(Granule);
  if (It == Released.end())
    return;
  uint32_t *V = view(Tid);
  for (unsigned K = 0; K < Threads; ++K)
    V[K] = std::max(V[K], It->second[K]);
}

/// Publishes \p Tid's view, its own accesses so far included: its later
/// ones get a new epoch.
void BlockRace::release(unsigned Tid, uintptr_t Granule) {
  uint32_t Now = nextEpoch(); // (a rollover clears the views)
  if (Views.empty())
    startViews();
  uint32_t *V = view(Tid);
  V[Tid] = Now;
  Epochs[Tid] = Now;
  std::vector<uint32_t> &R = Released[Granule];
  R.resize(Threads);
  for (unsigned K = 0; K < Threads; ++K)
    R[K] = std::max(R[K], V[K]);
}

void BlockRace::barrier() {
  Barrier = nextEpoch();
  std::fill(Epochs.begin(), Epochs.end(), Barrier);
  if (L.Grid) {
    Known.join(Pending);
    Pending = GridView();
    ThreadKnown.clear();
  } else {
    crossBarrier();
  }
}

void BlockRace::warpSync(unsigned First, uint32_t Mask) {
  uint32_t Now = nextEpoch();
  std::array<uint32_t, WarpWidth> Join{};
  for (unsigned Lane = 0; Lane < WarpWidth; ++Lane)
    if (Mask >> Lane & 1)
      for (unsigned K = 0; K < WarpWidth; ++K)
        Join[K] = std::max(Join[K], Synced[First + Lane][K]);
  for (unsigned Lane = 0; Lane < WarpWidth; ++Lane)
    if (Mask >> Lane & 1)
      Join[Lane] = Now;
  for (unsigned Lane = 0; Lane < WarpWidth; ++Lane)
    if (Mask >> Lane & 1) {
      Synced[First + Lane] = Join;
      Epochs[First + Lane] = Now;
    }
  if (L.Grid && !ThreadKnown.empty()) { // what lanes acquired, they share
    GridView Lanes;
    bool Any = false;
    for (unsigned Lane = 0; Lane < WarpWidth; ++Lane)
      if (auto It = ThreadKnown.find(First + Lane);
          Mask >> Lane & 1 && It != ThreadKnown.end()) {
        Lanes.join(It->second);
        Any = true;
      }
    for (unsigned Lane = 0; Lane < WarpWidth && Any; ++Lane)
      if (Mask >> Lane & 1)
        ThreadKnown[First + Lane].join(Lanes);
  }
  if (Views.empty())
    return;
  std::vector<uint32_t> All(Threads, 0);
  for (unsigned Lane = 0; Lane < WarpWidth; ++Lane)
    if (Mask >> Lane & 1)
      for (unsigned K = 0; K < Threads; ++K)
        All[K] = std::max(All[K], view(First + Lane)[K]);
  for (unsigned Lane = 0; Lane < WarpWidth; ++Lane)
    if (Mask >> Lane & 1)
      All[First + Lane] = Now;
  for (unsigned Lane = 0; Lane < WarpWidth; ++Lane)
    if (Mask >> Lane & 1)
      std::copy(All.begin(), All.end(), view(First + Lane));
}

/// Whether the access tagged \p Tag is ordered before \p W's (or is W's
/// own thread's).
HOT bool BlockRace::ordered(uint32_t Tag, const Who &W) const {
  uint32_t Epoch = epochOf(Tag), Tid = tidOf(Tag);
  if (L.Grid) { // blocks that live at once
    if (uint64_t B = L.Grid->EpochBlock[Epoch]; B != Block) {
      auto It = ThreadKnown.find(W.Tid);
      return Known.orders(B, Tid, Epoch) ||
             (It != ThreadKnown.end() && It->second.orders(B, Tid, Epoch));
    }
  } else if (Epoch < BlockStart) { // an earlier block of the launch
    return crossOrdered(Epoch, Tid, W);
  }
  if (Tid == W.Tid || Epoch < Barrier)
    return true;
  if (!Views.empty() && Views[size_t(W.Tid) * Threads + Tid] > Epoch)
    return true;
  if (Tid / WarpWidth != W.Tid / WarpWidth)
    return false;
  return L.Model == MemoryModel::WarpSynchronous ||
         (W.Synced && W.Synced[Tid % WarpWidth] > Epoch);
}

uint64_t BlockRace::blockOf(uint32_t Epoch) const {
  if (L.Grid)
    return L.Grid->EpochBlock[Epoch];
  return Epoch >= BlockStart ? Block : ~uint64_t(0);
}

HOT bool BlockRace::sameThread(uint32_t Tag, const Who &W) const {
  return Tag && tidOf(Tag) == W.Tid && epochOf(Tag) >= BlockStart &&
         blockOf(epochOf(Tag)) == Block;
}

/// Clears what an earlier block (shared) or launch (global) left.
HOT void BlockRace::freshen(ShadowCell &C, bool Shared) const {
  if (!Shared) {
    if (C.Gen != Generation) {
      C = ShadowCell();
      C.Gen = Generation;
    }
    return;
  }
  if (epochOf(C.Tag[ShadowCell::Writer]) < BlockStart) {
    C.Tag[ShadowCell::Writer] = 0;
    C.Init = 0;
  }
  for (auto S : {ShadowCell::Reader, ShadowCell::OtherReader})
    if (epochOf(C.Tag[S]) < BlockStart)
      C.Tag[S] = 0;
}

HOT ShadowCell::Slot BlockRace::conflict(const ShadowCell &C, const Who &W,
                                     const Access &A) const {
  bool Atomic = A.Flags & RaceAtomic, Seed = A.Flags & RaceCasSeed;
  auto Against = [&](ShadowCell::Slot S) {
    uint8_t Bits = C.Bytes[S];
    return C.Tag[S] && (Bits & A.Bytes) &&
           !((Atomic || Seed) && (Bits & AtomicBit)) &&
           !(Atomic && (Bits & SeedBit)) && !ordered(C.Tag[S], W);
  };
  if (Against(ShadowCell::Writer))
    return ShadowCell::Writer;
  if (A.Flags & RaceWrite)
    for (auto S : {ShadowCell::Reader, ShadowCell::OtherReader})
      if (Against(S))
        return S;
  return ShadowCell::NumSlots;
}

HOT void BlockRace::record(ShadowCell &C, const Who &W, const Access &A,
                       bool Shared) {
  uint8_t Bits = A.Bytes | (A.Flags & RaceAtomic ? AtomicBit : 0) |
                 (A.Flags & RaceCasSeed ? SeedBit : 0);
  auto Set = [&](ShadowCell::Slot S) {
    if (C.Tag[S] == W.Tag) { // the same thread and epoch: merge
      C.Bytes[S] = ((C.Bytes[S] | Bits) & ByteBits) |
                   (C.Bytes[S] & Bits & (AtomicBit | SeedBit));
    } else {
      C.Tag[S] = W.Tag;
      C.Bytes[S] = Bits;
    }
    C.Site[S] = A.Site;
  };
  if (A.Flags & RaceWrite) {
    Set(ShadowCell::Writer);
    if (Shared)
      C.Init |= A.Bytes;
    return;
  }
  if (C.Tag[ShadowCell::Reader] != W.Tag &&
      !sameThread(C.Tag[ShadowCell::Reader], W)) {
    C.Tag[ShadowCell::OtherReader] = C.Tag[ShadowCell::Reader];
    C.Site[ShadowCell::OtherReader] = C.Site[ShadowCell::Reader];
    C.Bytes[ShadowCell::OtherReader] = C.Bytes[ShadowCell::Reader];
    C.Tag[ShadowCell::Reader] = 0;
  }
  Set(ShadowCell::Reader);
}

[[gnu::cold, gnu::noinline]] RaceFault
BlockRace::describe(const ShadowCell &C, ShadowCell::Slot S,
                              const Who &W, const Access &A, bool Shared,
                              const char *Uid) const {
  RaceFault F;
  F.Uid = Uid;
  F.OtherUid = C.Site[S] < L.SiteUids.size() ? L.SiteUids[C.Site[S]] : nullptr;
  uint32_t Other = tidOf(C.Tag[S]);
  bool OtherBlock = blockOf(epochOf(C.Tag[S])) != Block;
  bool SameWarp = !OtherBlock && Other / WarpWidth == W.Tid / WarpWidth;
  const char *Kind = OtherBlock ? "inter-block"
                     : SameWarp ? "intra-warp"
                                : "inter-warp";
  std::string OtherThread =
      !OtherBlock ? "thread " + std::to_string(Other)
      : L.Grid    ? "thread " + std::to_string(Other) + " of block " +
                     std::to_string(blockOf(epochOf(C.Tag[S])))
                  : "a thread of another block";
  const char *Order = OtherBlock && L.Grid
                          ? "no grid barrier or release and acquire orders "
                            "the blocks"
                      : OtherBlock ? "no __threadfence() before an atomic "
                                     "(or release and acquire) orders the "
                                     "blocks"
                      : SameWarp
                          ? "no barrier or warp synchronisation orders them"
                          : "no barrier orders them";
  F.Message = std::string("(") + Kind + ", " +
              (Shared ? "shared" : "global") + " memory): " + slotWhat(C, S) +
              " " + uidName(F.OtherUid) + " by " + OtherThread + " and " +
              what(A.Flags) + " " + uidName(Uid) + " by thread " +
              std::to_string(W.Tid) + ": " + Order;
  return F;
}

bool BlockRace::reserved(const ShadowCell &C) const {
  size_t Byte = size_t(&C - this->Shared.data()) * 4;
  return Byte >= L.ReservedLo && Byte < L.ReservedHi;
}

HOT bool BlockRace::granule(ShadowCell &C, const Who &W, const Access &A,
                        bool Shared, const char *Uid) {
  freshen(C, Shared);
  if (L.Inits && Shared && (A.Flags & RaceRead) && !(A.Flags & RaceCopy) &&
      (A.Bytes & ~C.Init) && !L.allowed(Uid) && !reserved(C)) {
    Found.S = Status::Uninitialized;
    Found.Uid = Uid;
    Found.OtherUid = nullptr;
    Found.Message = std::string("(shared memory): ") + what(A.Flags) + " " +
                    uidName(Uid) + " by thread " + std::to_string(W.Tid) +
                    " reads bytes no thread of its block wrote";
    return true;
  }
  if (ShadowCell::Slot S = L.Races ? conflict(C, W, A) : ShadowCell::NumSlots;
      S != ShadowCell::NumSlots) {
    RaceFault F = describe(C, S, W, A, Shared, Uid);
    if (!L.allowed(Uid) && !L.allowed(F.OtherUid)) {
      Found = std::move(F);
      return true;
    }
  }
  record(C, W, A, Shared);
  return false;
}

bool BlockRace::access(unsigned Tid, uintptr_t Addr, uint64_t Bytes,
                       uint32_t Flags, uint32_t Site, const char *Uid) {
  if (Flags & RaceFence) {
    if (Fibers)
      Fenced[Tid] = 1;
    return false;
  }
  if (!Bytes)
    return false;
  if (Site >= L.SiteUids.size())
    L.SiteUids.resize(Site + 1);
  L.SiteUids[Site] = Uid;
  uint32_t Epoch = Fibers ? Epochs[Tid] : BlockStart;
  Who W{Epoch << TidBits | Tid, Tid, Fibers ? Synced[Tid].data() : nullptr};
  bool InShared = Addr - Arena < SharedBytes;
  uint16_t SiteBits = uint16_t(std::min<uint32_t>(Site, UINT16_MAX));
  for (uintptr_t At = Addr & ~uintptr_t(3); At < Addr + Bytes; At += 4) {
    unsigned Lo = At < Addr ? Addr - At : 0;
    unsigned Hi = std::min<uint64_t>(4, Addr + Bytes - At);
    Access A{uint8_t(((1u << Hi) - 1) & ~((1u << Lo) - 1)), Flags, SiteBits};
    ShadowCell &C = InShared ? Shared[(At - Arena) / 4] : Global.cell(At);
    if (granule(C, W, A, InShared, Uid))
      return true;
  }
  if (!Fibers || !(Flags & RaceAtomic))
    return false;
  uintptr_t Granule = Addr & ~uintptr_t(3);
  if (Flags & RaceAcquire)
    acquire(Tid, Granule);
  // Across blocks, a read-modify-write acquires too: the programming
  // guide's last block reads the others' results after an atomicInc.
  if (Flags & (RaceAcquire | RaceWrite)) {
    if (L.Grid)
      gridAcquire(Tid, Granule);
    else
      crossAcquire(Tid, Granule);
  }
  bool Releases = (Flags & RaceRelease) || Fenced[Tid];
  Fenced[Tid] = 0;
  if (Flags & RaceRelease)
    release(Tid, Granule);
  else if (Releases) // (the thread's later accesses get a new epoch)
    Epochs[Tid] = nextEpoch();
  if (Releases && L.Grid)
    gridRelease(Tid, Granule);
  else if (Releases)
    crossRelease(Tid, Granule);
  return false;
}

bool BlockRace::writtenInLaunch(uintptr_t Addr, uint64_t Bytes) {
  for (uintptr_t At = Addr & ~uintptr_t(3); At < Addr + Bytes; At += 4) {
    unsigned Lo = At < Addr ? Addr - At : 0;
    unsigned Hi = std::min<uint64_t>(4, Addr + Bytes - At);
    const ShadowCell &C = Global.cell(At);
    if (C.Gen == Generation && C.Tag[ShadowCell::Writer] &&
        (C.Bytes[ShadowCell::Writer] & ((1u << Hi) - 1) & ~((1u << Lo) - 1)))
      return true;
  }
  return false;
}

} // namespace gevo::cpu
