// Data-dependent groups of cooperative groups: binary_partition of a warp
// tile by a predicate and of the resulting coalesced group again,
// labeled_partition of a 32- and a 16-thread tile by int and 64-bit keys,
// thread_group (of a block, of tiled_partition(block, 8) at run time,
// of a coalesced group), cg::sync, invoke_one and invoke_one_broadcast.
// Each group's size, thread_rank, ballot, match_any, shfl_up/shfl_down and
// a reduce and scan over it are checked against ballots, match_any_sync
// and loops over the warp's inputs (a mismatch traps).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

#define SAME(A, B)                                                             \
  do {                                                                         \
    if ((A) != (B))                                                            \
      __trap();                                                                \
  } while (0)

/// Checks group \p g, whose members are the lanes of \p members, against
/// the warp's inputs \p warpIn; returns its sum.
__device__ int checkGroup(cg::coalesced_group g, unsigned members,
                          const int *warpIn) {
  unsigned lane = threadIdx.x % 32, below = members & ((1u << lane) - 1);
  int v = warpIn[lane];
  SAME(g.size(), (unsigned)__popc(members));
  SAME(g.num_threads(), (unsigned long long)__popc(members));
  SAME(g.thread_rank(), (unsigned)__popc(below));
  int sum = 0, before = 0, up = v, down = v;
  unsigned ballot = 0, same = 0, rank = 0;
  for (unsigned k = 0; k < 32; ++k) {
    if (!(members >> k & 1))
      continue;
    sum += warpIn[k];
    before += k < lane ? warpIn[k] : 0;
    ballot |= unsigned(warpIn[k] % 3 == 0) << rank;
    same |= unsigned((warpIn[k] & 1) == (v & 1)) << rank;
    if (rank + 2 == g.thread_rank())
      up = warpIn[k];
    if (rank == g.thread_rank() + 1)
      down = warpIn[k];
    ++rank;
  }
  SAME(cg::reduce(g, v, cg::plus<int>()), sum);
  SAME(cg::inclusive_scan(g, v), before + v);
  SAME(g.ballot(v % 3 == 0), ballot);
  SAME(g.shfl_up(v, 2), up);
  SAME(g.shfl_down(v, 1), down);
  SAME(g.shfl(v, 0), warpIn[__ffs(members) - 1]);
  SAME(g.match_any(v & 1), same);
  return sum;
}

extern "C" __global__ void partitions(const int *in, int *out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t, lane = t % 32;
  const int *warpIn = in + i - lane;
  int v = in[i];

  // Two sides of a predicate, and each side split again.
  unsigned pos = __ballot_sync(~0u, v >= 0);
  unsigned mySide = v >= 0 ? pos : ~pos;
  cg::coalesced_group side = cg::binary_partition(warp, v >= 0);
  int sideSum = checkGroup(side, mySide, warpIn);
  unsigned odd = __ballot_sync(~0u, v & 1);
  unsigned myQuarter = mySide & (v & 1 ? odd : ~odd);
  cg::coalesced_group quarter = cg::binary_partition(side, v & 1);
  int quarterSum = checkGroup(quarter, myQuarter, warpIn);

  // Threads with the same key; a 16-thread tile with 64-bit keys.
  int key = v & 3;
  cg::coalesced_group peers = cg::labeled_partition(warp, key);
  int peerSum = checkGroup(peers, __match_any_sync(~0u, key), warpIn);
  auto half = cg::tiled_partition<16>(block);
  long long wide = (long long)(v % 2) << 40;
  unsigned halfMask = 0xffffu << (lane / 16 * 16);
  cg::coalesced_group halfPeers = cg::labeled_partition(half, wide);
  int halfSum = checkGroup(halfPeers, __match_any_sync(halfMask, wide), warpIn);
  cg::coalesced_group bySign = cg::labeled_partition(warp, v >= 0);
  SAME(bySign.size(), side.size());

  // One call per group: rank 0's, its result to all.
  int leader = cg::invoke_one_broadcast(peers, [&] { return v * 10 + 1; });
  SAME(leader, warpIn[__ffs(__match_any_sync(~0u, key)) - 1] * 10 + 1);
  __shared__ int groups;
  if (t == 0)
    groups = 0;
  __syncthreads();
  cg::invoke_one(quarter, [&] { atomicAdd(&groups, 1); });
  __syncthreads();
  if (t == 0) {
    int plain = 0;
    for (int w = 0; w < (int)blockDim.x / 32; ++w)
      for (int kind = 0; kind < 4; ++kind) {
        bool found = false;
        for (int k = 0; k < 32; ++k) {
          int x = in[blockIdx.x * blockDim.x + w * 32 + k];
          found |= (x >= 0) * 2 + (x & 1) == kind;
        }
        plain += found;
      }
    SAME(groups, plain);
  }

  // thread_group at run time.
  cg::thread_group eight = cg::tiled_partition(block, 8);
  SAME(eight.size(), 8ull);
  SAME(eight.thread_rank(), (unsigned long long)(t % 8));
  cg::sync(eight);
  cg::thread_group all = block;
  SAME(all.size(), (unsigned long long)blockDim.x);
  SAME(all.thread_rank(), (unsigned long long)t);
  cg::thread_group g = peers;
  SAME(g.size(), (unsigned long long)peers.size());
  SAME(g.thread_rank(), (unsigned long long)peers.thread_rank());
  cg::sync(all);
  out[i] = sideSum + quarterSum * 3 + peerSum * 5 + halfSum * 7;
}
