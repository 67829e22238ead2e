//===- Perf.cpp - The warp-level performance model ------------------------===//

#include "Perf.h"
#include "Race.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <climits>
#include <cmath>

using namespace llvm;

namespace gevo::cpu {

void BlockTotals::add(const BlockTotals &O, double Scale) {
  Issued += O.Issued * Scale;
  Alu += O.Alu * Scale;
  Fp64 += O.Fp64 * Scale;
  Sfu += O.Sfu * Scale;
  Memory += O.Memory * Scale;
  GlobalRequests += O.GlobalRequests * Scale;
  L1Wavefronts += O.L1Wavefronts * Scale;
  L2Sectors += O.L2Sectors * Scale;
  SharedRequests += O.SharedRequests * Scale;
  SharedWavefronts += O.SharedWavefronts * Scale;
  ConstantWavefronts += O.ConstantWavefronts * Scale;
  AtomicOps += O.AtomicOps * Scale;
  LatencyCycles += O.LatencyCycles * Scale;
  FootprintSectors += O.FootprintSectors * Scale;
  SmallVector<uint32_t, 8> Union;
  std::set_union(Buffers.begin(), Buffers.end(), O.Buffers.begin(),
                 O.Buffers.end(), std::back_inserter(Union));
  Buffers = std::move(Union);
}

std::vector<uint64_t> tracedBlocks(uint64_t Blocks, unsigned Count) {
  std::vector<uint64_t> Out;
  if (!Blocks || !Count)
    return Out;
  if (Count == 1 || Blocks == 1)
    return {0};
  for (unsigned I = 0; I < Count; ++I) {
    uint64_t B = uint64_t(double(I) * double(Blocks - 1) / (Count - 1));
    if (Out.empty() || Out.back() != B)
      Out.push_back(B);
  }
  return Out;
}

BlockTracer::BlockTracer(const PerfSetup &S, unsigned Threads, bool Fibers,
                         const char *Shared, unsigned SharedBytes,
                         ArrayRef<CheckedRange> Buffers)
    : Gpu(*S.Gpu), Shapes(*S.Shapes), Threads(Threads),
      Width(S.Gpu->WarpSize), Fibers(Fibers),
      SharedLo(reinterpret_cast<uintptr_t>(Shared)), SharedLen(SharedBytes),
      Buffers(Buffers), Counts(size_t(Threads) * Shapes.size()),
      Traces(Threads), Chains((Threads + Width - 1) / Width) {}

void BlockTracer::start(bool Traced) {
  Tracing = Traced;
  if (!Traced)
    return;
  std::fill(Counts.begin(), Counts.end(), 0);
  std::fill(Chains.begin(), Chains.end(), 0);
  for (std::vector<Access> &T : Traces)
    T.clear();
  Footprint.clear();
  Totals = BlockTotals();
  Pending = 0;
  Dropped = Recorded = 0;
}

void BlockTracer::barrier() {
  if (!Tracing)
    return;
  for (unsigned W = 0; W < Chains.size(); ++W)
    flushWarp(W);
}

void BlockTracer::flushWarp(unsigned Warp) {
  unsigned Lo = Warp * Width, Hi = std::min(Lo + Width, Threads);
  size_t Used = 0; // Groups[0, Used) are this warp's
  for (unsigned T = Lo; T < Hi; ++T) {
    ++Lane;
    for (const Access &A : Traces[T]) {
      if (A.Site >= BySite.size()) {
        BySite.resize(A.Site + 1);
        LaneOf.resize(A.Site + 1, 0);
        Taken.resize(A.Site + 1, 0);
      }
      // This lane's k-th access of the site joins the other lanes' k-th.
      if (LaneOf[A.Site] != Lane) {
        LaneOf[A.Site] = Lane;
        Taken[A.Site] = 0;
      }
      std::vector<uint32_t> &Ids = BySite[A.Site];
      uint32_t K = Taken[A.Site]++;
      if (K == Ids.size()) {
        if (Ids.empty())
          Touched.push_back(A.Site);
        if (Used == Groups.size())
          Groups.emplace_back();
        Group &New = Groups[Used];
        New.Flags = A.Flags;
        New.Shared = A.Addr - SharedLo < SharedLen;
        New.Units.clear();
        Ids.push_back(Used++);
      }
      Group &G = Groups[Ids[K]];
      bool Words = G.Shared || (A.Flags & AccessConstant);
      uint64_t Unit = Words ? Gpu.SharedBankBytes : Gpu.SectorBytes;
      uint64_t Addr = G.Shared ? A.Addr - SharedLo : A.Addr;
      uint64_t First = Addr / Unit;
      uint64_t Last = (Addr + std::max<uint64_t>(A.Bytes, 1) - 1) / Unit;
      for (uint64_t U = First; U <= Last && U - First < 64; ++U)
        if ((A.Flags & RaceAtomic) || !is_contained(G.Units, U))
          G.Units.push_back(U);
    }
    Recorded += Traces[T].size();
    Traces[T].clear();
  }
  for (size_t I = 0; I < Used; ++I)
    account(Groups[I], Chains[Warp]);
  for (uint32_t Site : Touched)
    BySite[Site].clear();
  Touched.clear();
}

/// The most lanes of one group on a single unit (sector or word).
static unsigned mostOnOneUnit(SmallVectorImpl<uint64_t> &Units) {
  llvm::sort(Units);
  unsigned Most = 0;
  for (size_t I = 0; I < Units.size();) {
    size_t J = I;
    while (J < Units.size() && Units[J] == Units[I])
      ++J;
    Most = std::max<unsigned>(Most, J - I);
    I = J;
  }
  return Most;
}

void BlockTracer::account(const Group &G, double &WarpChain) {
  bool Atomic = G.Flags & RaceAtomic;
  SmallVector<uint64_t, 8> Units = G.Units;
  unsigned Serial = Atomic ? mostOnOneUnit(Units) : 1;
  Units.erase(std::unique(Units.begin(), Units.end()), Units.end());
  // Same-address atomics complete one after another.
  WarpChain += (Serial - 1) * Gpu.Latency.Alu;
  if (G.Flags & AccessConstant) {
    Totals.ConstantWavefronts += Units.size();
    WarpChain += Units.size() - 1;
    return;
  }
  if (G.Shared) {
    // The bank with the most distinct words needs that many wavefronts.
    SmallVector<unsigned, 64> PerBank(Gpu.SharedBanks);
    unsigned Waves = 1;
    for (uint64_t Word : Units)
      Waves = std::max(Waves, ++PerBank[Word % Gpu.SharedBanks]);
    Waves = std::max(Waves, Serial);
    Totals.SharedRequests += 1;
    Totals.SharedWavefronts += Waves;
    WarpChain += Waves - 1;
    return;
  }
  Totals.GlobalRequests += 1;
  Totals.L1Wavefronts += std::ceil(Units.size() / 4.0);
  if (Atomic) {
    Totals.AtomicOps += G.Units.size();
    Totals.L2Sectors += G.Units.size();
    WarpChain += Gpu.Latency.Atomic;
  }
  bool Reads = (G.Flags & RaceRead) && !Atomic;
  for (uint64_t Sector : Units) {
    bool First = Footprint.insert(Sector).second;
    // A sector the block has read hits in L1; writes go through to L2.
    if (!Atomic && (First || !Reads))
      Totals.L2Sectors += 1;
  }
}

BlockTotals BlockTracer::finish() {
  if (!Tracing)
    return {};
  for (unsigned W = 0; W < Chains.size(); ++W)
    flushWarp(W);
  double Longest = 0;
  size_t N = Shapes.size();
  std::vector<uint32_t> Most(N);
  for (unsigned W = 0; W < Chains.size(); ++W) {
    std::fill(Most.begin(), Most.end(), 0);
    for (unsigned T = W * Width; T < std::min(Threads, (W + 1) * Width); ++T)
      for (size_t B = 0; B < N; ++B)
        Most[B] = std::max(Most[B], Counts[T * N + B]);
    double Chain = Chains[W];
    for (size_t B = 0; B < N; ++B) {
      if (!Most[B])
        continue;
      const BlockShape &S = Shapes[B];
      Totals.Issued += double(Most[B]) * S.Instructions;
      Totals.Alu += double(Most[B]) * S.Alu;
      Totals.Fp64 += double(Most[B]) * S.Fp64;
      Totals.Sfu += double(Most[B]) * S.Sfu;
      Totals.Memory += double(Most[B]) * S.Memory;
      Chain += Most[B] * S.Chain;
    }
    Longest = std::max(Longest, Chain);
  }
  Totals.LatencyCycles = Longest;
  if (Dropped && Recorded) {
    // Past the trace's limit, accesses are assumed to behave like the rest.
    double Scale = double(Recorded + Dropped) / Recorded;
    for (double *F : {&Totals.GlobalRequests, &Totals.L1Wavefronts,
                      &Totals.L2Sectors, &Totals.SharedRequests,
                      &Totals.SharedWavefronts, &Totals.ConstantWavefronts,
                      &Totals.AtomicOps})
      *F *= Scale;
  }
  Totals.FootprintSectors = Footprint.size();
  uint32_t Last = UINT32_MAX;
  for (uint64_t Sector : Footprint) {
    uintptr_t Addr = Sector * Gpu.SectorBytes;
    const CheckedRange *R = findRange(Buffers, Addr, 1);
    if (!R)
      continue;
    uint32_t I = R - Buffers.data();
    if (I != Last && !is_contained(Totals.Buffers, I))
      Totals.Buffers.push_back(I);
    Last = I;
  }
  llvm::sort(Totals.Buffers);
  Tracing = false;
  return Totals;
}

void LaunchTrace::add(uint64_t Block, const BlockTotals &T) {
  std::lock_guard Guard(Lock);
  Blocks.emplace_back(Block, T);
}

bool LaunchTrace::mean(BlockTotals &Out) const {
  std::lock_guard Guard(Lock);
  if (Blocks.empty())
    return false;
  std::vector<std::pair<uint64_t, BlockTotals>> Sorted = Blocks;
  llvm::sort(Sorted, [](const auto &A, const auto &B) {
    return A.first < B.first;
  });
  Out = BlockTotals();
  for (const auto &[Block, T] : Sorted)
    Out.add(T, 1.0 / Sorted.size());
  return true;
}

namespace {

uint64_t roundUp(uint64_t X, uint64_t Unit) {
  return Unit ? (X + Unit - 1) / Unit * Unit : X;
}

struct Limit {
  const char *Name;
  double Value;
};

/// The largest of \p Limits (the first of equals).
Limit largest(std::initializer_list<Limit> Limits) {
  Limit Best = *Limits.begin();
  for (const Limit &L : Limits)
    if (L.Value > Best.Value)
      Best = L;
  return Best;
}

/// The smallest of \p Limits (the first of equals).
Limit smallest(std::initializer_list<Limit> Limits) {
  Limit Best = *Limits.begin();
  for (const Limit &L : Limits)
    if (L.Value < Best.Value)
      Best = L;
  return Best;
}

} // namespace

std::string LaunchPerf::summary() const {
  return formatv("{0} bound; {1} blocks/SM ({2}), {3} registers, {4:F2} "
                 "waves; per block {5:F0} warp instructions, {6:F0} global "
                 "requests, {7:F0} L2 sectors, {8:F0} shared wavefronts for "
                 "{9:F0} requests, a {10:F0}-cycle chain; {11:F0} DRAM bytes",
                 Bound, BlocksPerSm, Occupancy, Registers, Waves, Issued,
                 GlobalRequests, L2Sectors, SharedWavefronts, SharedRequests,
                 LatencyCycles, DramBytes)
      .str();
}

LaunchPerf predictLaunch(const PerfSetup &S, const LaunchConfig &Config,
                         const BlockTotals &Mean,
                         ArrayRef<CheckedRange> Buffers) {
  const GpuSpec &G = *S.Gpu;
  LaunchPerf P;
  double W = G.WarpSize;
  uint64_t Threads = Config.Block.size();
  uint64_t Warps = (Threads + G.WarpSize - 1) / G.WarpSize;
  P.Registers = std::clamp(S.Registers, 1u, G.MaxRegistersPerThread);
  uint64_t WarpRegisters = roundUp(P.Registers * G.WarpSize,
                                   G.RegisterAllocUnit);
  uint64_t Shared = S.SharedBytes + Config.DynamicSharedBytes;
  double BlockShared =
      roundUp(Shared + G.SharedReservedPerBlock, G.SharedAllocUnit);
  Limit Resident = smallest(
      {{"warps", std::floor(double(G.MaxWarpsPerSm) / Warps)},
       {"blocks", double(G.MaxBlocksPerSm)},
       {"registers", std::floor(G.RegistersPerSm /
                                double(WarpRegisters * Warps))},
       {"shared", Shared ? std::floor(G.SharedBytesPerSm / BlockShared)
                         : double(UINT_MAX)}});
  P.Occupancy = Resident.Name;
  P.BlocksPerSm = unsigned(std::max(1.0, Resident.Value));

  // Cycles one block keeps each of an SM's resources busy.
  Limit Through = largest(
      {{"issue", Mean.Issued / G.Schedulers},
       {"fp32", Mean.Alu * W / G.Fp32Lanes},
       {"fp64", Mean.Fp64 * W / G.Fp64Lanes},
       {"sfu", Mean.Sfu * W / G.SfuLanes},
       {"lsu", Mean.Memory * W / G.LsuLanes},
       {"shared", Mean.SharedWavefronts + Mean.L1Wavefronts +
                      Mean.ConstantWavefronts}});
  uint64_t Grid = Config.Grid.size();
  double Touched = 0;
  for (uint32_t I : Mean.Buffers)
    if (I < Buffers.size())
      Touched += Buffers[I].Len;
  P.DramBytes = std::min(Mean.FootprintSectors * G.SectorBytes * double(Grid),
                         Touched);
  double L2Block = Mean.L2Sectors * G.SectorBytes;
  double DramBlock = P.DramBytes / double(Grid);
  double Cycle = 1 / (G.ClockMhz * 1e6);
  // A wave of \p Blocks blocks, \p PerSm of them on the busiest SM.
  auto Wave = [&](double Blocks, double PerSm) {
    return largest({{Through.Name, PerSm * Through.Value * Cycle},
                    {"latency", Mean.LatencyCycles * Cycle},
                    {"l2", Blocks * L2Block / (G.L2GBs * 1e9)},
                    {"dram", Blocks * DramBlock / (G.DramGBs * 1e9)}});
  };
  uint64_t PerWave = uint64_t(P.BlocksPerSm) * G.Sms;
  uint64_t Full = Grid / PerWave, Rest = Grid % PerWave;
  Limit FullWave = Wave(double(PerWave), P.BlocksPerSm);
  Limit LastWave = Wave(double(Rest), std::ceil(double(Rest) / G.Sms));
  P.Waves = double(Grid) / double(PerWave);
  P.Seconds = G.LaunchOverheadUs * 1e-6 + Full * FullWave.Value +
              (Rest ? LastWave.Value : 0);
  P.Bound = Full ? FullWave.Name : LastWave.Name;
  P.Issued = Mean.Issued;
  P.GlobalRequests = Mean.GlobalRequests;
  P.L2Sectors = Mean.L2Sectors;
  P.SharedRequests = Mean.SharedRequests;
  P.SharedWavefronts = Mean.SharedWavefronts;
  P.LatencyCycles = Mean.LatencyCycles;
  return P;
}

} // namespace gevo::cpu
