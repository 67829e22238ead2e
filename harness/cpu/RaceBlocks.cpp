//===- RaceBlocks.cpp - What orders accesses of different blocks ----------===//
//
// Race.h's ordering across blocks: in a cooperative launch the GridViews a
// grid barrier's release and acquire pass around (GridRace); in any other
// launch the Publications of a __threadfence() (or release) before an
// atomic, taken by a later block's atomic at that address.
//
//===----------------------------------------------------------------------===//

#include "Race.h"

#include <algorithm>

namespace gevo::cpu {
namespace {
constexpr unsigned TidBits = RaceTidBits;
} // namespace

void GridView::join(const GridView &O) {
  if (Blocks.size() < O.Blocks.size())
    Blocks.resize(O.Blocks.size());
  for (size_t B = 0; B < O.Blocks.size(); ++B)
    Blocks[B] = std::max(Blocks[B], O.Blocks[B]);
  for (auto [Key, Epoch] : O.Threads)
    Threads[Key] = std::max(Threads[Key], Epoch);
}

void GridView::raise(uint64_t Block, uint32_t Tid, uint32_t Epoch) {
  if (Tid == ~0u) {
    if (Blocks.size() <= Block)
      Blocks.resize(Block + 1);
    Blocks[Block] = std::max(Blocks[Block], Epoch);
    return;
  }
  uint32_t &T = Threads[Block << TidBits | Tid];
  T = std::max(T, Epoch);
}

bool GridView::orders(uint64_t Block, uint32_t Tid, uint32_t Epoch) const {
  if (Block < Blocks.size() && Epoch < Blocks[Block])
    return true;
  auto It = Threads.find(Block << TidBits | Tid);
  return It != Threads.end() && Epoch < It->second;
}

uint64_t Publications::blockOf(uint32_t Epoch) const {
  auto It = std::upper_bound(
      Starts.begin(), Starts.end(), Epoch,
      [](uint32_t E, const std::pair<uint32_t, uint64_t> &S) {
        return E < S.first;
      });
  return It == Starts.begin() ? ~uint64_t(0) : std::prev(It)->second;
}

bool Publications::orders(uintptr_t Granule, uint32_t Seen, uint64_t Block,
                          uint32_t Tid, uint32_t Epoch) const {
  auto G = Released.find(Granule);
  if (G == Released.end())
    return false;
  auto B = G->second.ByBlock.find(Block);
  if (B == G->second.ByBlock.end())
    return false;
  return llvm::any_of(B->second, [&](const Release &R) {
    return R.Seq < Seen && (R.Tid == ~0u || R.Tid == Tid) && Epoch < R.Epoch;
  });
}

namespace {
/// Adds (or raises) \p Granule's count in \p To.
void addAcquired(Acquired &To, uintptr_t Granule, uint32_t Count) {
  for (auto &[G, C] : To)
    if (G == Granule) {
      C = std::max(C, Count);
      return;
    }
  To.push_back({Granule, Count});
}
void joinAcquired(Acquired &To, const Acquired &From) {
  for (auto [G, C] : From)
    addAcquired(To, G, C);
}
} // namespace

/// Outside cooperative launches: the block starts at BlockStart, knowing
/// nothing of the others.
void BlockRace::startCross() {
  if (L.Grid)
    return;
  L.Cross.Starts.push_back({BlockStart, Block});
  CrossKnown.clear();
  CrossPending.clear();
  CrossThread.clear();
}

/// What the block's threads acquired, the whole block knows after a
/// barrier.
void BlockRace::crossBarrier() {
  if (CrossPending.empty() && CrossThread.empty())
    return;
  joinAcquired(CrossKnown, CrossPending);
  CrossPending.clear();
  CrossThread.clear();
}

void BlockRace::crossAcquire(unsigned Tid, uintptr_t Granule) {
  auto It = L.Cross.Released.find(Granule);
  if (It == L.Cross.Released.end())
    return;
  addAcquired(CrossPending, Granule, It->second.Count);
  addAcquired(CrossThread[Tid], Granule, It->second.Count);
}

/// Publishes the block's accesses before its last barrier and \p Tid's so
/// far (after the release gave it a new epoch).
void BlockRace::crossRelease(unsigned Tid, uintptr_t Granule) {
  Publications::Granule &G = L.Cross.Released[Granule];
  auto &Mine = G.ByBlock[Block];
  Mine.push_back({G.Count, ~0u, Barrier});
  Mine.push_back({G.Count, Tid, Epochs[Tid]});
  ++G.Count;
}

bool BlockRace::crossOrdered(uint32_t Epoch, uint32_t Tid,
                             const Who &W) const {
  auto It = CrossThread.find(W.Tid);
  if (CrossKnown.empty() && It == CrossThread.end())
    return false;
  uint64_t Other = L.Cross.blockOf(Epoch);
  auto Orders = [&](const Acquired &A) {
    return llvm::any_of(A, [&](const std::pair<uintptr_t, uint32_t> &G) {
      return L.Cross.orders(G.first, G.second, Other, Tid, Epoch);
    });
  };
  return Orders(CrossKnown) || (It != CrossThread.end() && Orders(It->second));
}

/// A cooperative launch's acquire: what releases at \p Granule published.
void BlockRace::gridAcquire(unsigned Tid, uintptr_t Granule) {
  auto It = L.Grid->Released.find(Granule);
  if (It == L.Grid->Released.end())
    return;
  Pending.join(It->second);
  ThreadKnown[Tid].join(It->second);
}

/// A cooperative launch's release (after the block's own, which gave
/// \p Tid a new epoch): the block's accesses before its last barrier, the
/// thread's so far and what both acquired.
void BlockRace::gridRelease(unsigned Tid, uintptr_t Granule) {
  GridView &R = L.Grid->Released[Granule];
  R.join(Known);
  if (auto It = ThreadKnown.find(Tid); It != ThreadKnown.end())
    R.join(It->second);
  R.raise(Block, ~0u, Barrier);
  R.raise(Block, Tid, Epochs[Tid]);
}

} // namespace gevo::cpu
