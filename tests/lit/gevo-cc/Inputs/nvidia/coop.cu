// Cooperative groups (NVIDIA's headers, or gevo's where noted), each result
// checked against plain code (a mismatch traps): thread_block,
// tiled_partition<32> and <4> (reduce, shfl, shfl_down, shfl_xor, ballot,
// any, all, match_any),
// tiled_partition<64> (its barrier lives in reserved shared memory and is
// built of release/acquire atomics; not with gevo's header),
// coalesced_threads. GEVO_CROSS_TILE reads another tile's data after only
// the tile's sync: a race.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
#define SAME(A, B)                                                             \
  if ((A) != (B))                                                              \
    __trap();

extern "C" __global__ void groups(const int *in, int *out) {
  cg::thread_block b = cg::this_thread_block();
  unsigned r = b.thread_rank();
  SAME(r, threadIdx.x)
  SAME(b.size(), blockDim.x)
  in += blockIdx.x * blockDim.x;
  out += blockIdx.x * blockDim.x;
  int v = in[r];
  // 32-wide tile
  cg::thread_block_tile<32> w = cg::tiled_partition<32>(b);
  SAME(w.thread_rank(), r % 32)
  SAME(w.meta_group_rank(), r / 32)
  int s = cg::reduce(w, v, cg::plus<int>());
  int plain = 0;
  for (int k = 0; k < 32; ++k)
    plain += in[(r / 32) * 32 + k];
  SAME(s, plain)
  SAME(w.shfl(v, 3), in[(r / 32) * 32 + 3])
  SAME(w.shfl_down(v, 1), in[(r / 32) * 32 + (r % 32 == 31 ? 31 : r % 32 + 1)])
  SAME(w.shfl_xor(v, 1), in[r ^ 1])
  unsigned bal = w.ballot(v > 0);
  unsigned pb = 0;
  for (int k = 0; k < 32; ++k)
    pb |= unsigned(in[(r / 32) * 32 + k] > 0) << k;
  SAME(bal, pb)
  SAME(w.any(v > 0), pb != 0)
  SAME(w.any(v > 100), false) // inputs lie in [-50, 50]
  SAME(w.all(v > -1000), true)
  unsigned odd = 0;
  for (int k = 0; k < 32; ++k)
    odd |= unsigned((in[(r / 32) * 32 + k] & 1) == (v & 1)) << k;
  SAME(w.match_any(v & 1), odd)
  // 4-wide tile
  cg::thread_block_tile<4> q = cg::tiled_partition<4>(w);
  int m4 = cg::reduce(q, v, cg::greater<int>());
  int pm = in[r & ~3u];
  for (int k = 1; k < 4; ++k)
    pm = max(pm, in[(r & ~3u) + k]);
  SAME(m4, pm)
  q.sync();
#ifndef GEVO_STUB_COOPERATIVE_GROUPS_H // gevo's header has no such tiles
  // 64-wide tile (multi-warp: reserved shared memory)
  __shared__ int ex[256];
  cg::thread_block_tile<64> t64 = cg::tiled_partition<64>(b);
  SAME(t64.thread_rank(), r % 64)
  ex[r] = v;
  t64.sync();
  SAME(ex[r ^ 32], in[r ^ 32]) // the other warp of the tile
#ifdef GEVO_CROSS_TILE
  SAME(ex[r ^ 64], in[r ^ 64])
#endif
#endif
  // coalesced threads
  if (r % 2 == 0) {
    cg::coalesced_group c = cg::coalesced_threads();
    SAME(c.size(), 16u)
    SAME(c.thread_rank(), (r % 32) / 2)
    int cs = cg::reduce(c, 1, cg::plus<int>());
    SAME(cs, 16)
  }
  b.sync();
  out[r] = s + m4;
}
