// cooperative_groups/scan.h: inclusive_scan and exclusive_scan over tiles
// of 32, 16 and 4 threads (the default plus, cg::greater, cg::bit_xor, a
// struct of three ints, reduced too) and over a coalesced group of the
// threads that take a branch (not with -DTILES_ONLY: the cpu target cannot
// run NVIDIA's coalesced groups, which use fns); each result checked
// against a loop over the group's inputs (a mismatch traps) and written to
// `out` for the hash (common.h).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

#include "../cub/common.h"

/// Three words: scans move it 32 bits at a time.
struct Triple {
  int a, b, c;
};
struct AddTriple {
  __device__ Triple operator()(Triple x, Triple y) const {
    return {x.a + y.a, x.b + y.b, x.c + y.c};
  }
};

/// Scans of \p tile (its inputs in[first .. first + N)) to out[0 .. 4).
template <unsigned N, class Tile>
__device__ void scanTile(Tile tile, const int *in, int *out) {
  int r = tile.thread_rank(), first = threadIdx.x - r, v = in[threadIdx.x];
  int incl = cg::inclusive_scan(tile, v);
  int excl = cg::exclusive_scan(tile, v);
  int mx = cg::inclusive_scan(tile, v, cg::greater<int>());
  int x = cg::exclusive_scan(tile, v, cg::bit_xor<int>());
  Triple tr = cg::inclusive_scan(tile, Triple{v, 2 * v, -v}, AddTriple());
  Triple red = cg::reduce(tile, Triple{v, 1, 0}, AddTriple());
  int s = 0, m = in[first], xs = 0;
  for (int k = 0; k < r; ++k)
    s += in[first + k], m = max(m, in[first + k]), xs ^= in[first + k];
  SAME(excl, s);
  SAME(incl, s + v);
  SAME(mx, max(m, v));
  SAME(tr.a, s + v);
  SAME(tr.b, 2 * (s + v));
  SAME(tr.c, -(s + v));
  SAME(red.b, (int)N);
  int all = 0;
  for (unsigned k = 0; k < N; ++k)
    all += in[first + k];
  SAME(red.a, all);
  if (r > 0)
    SAME(x, xs);
  out[0] = incl, out[1] = excl, out[2] = mx, out[3] = x, out[4] = red.a;
}

extern "C" __global__ void scans(const int *in, int *out) {
  in += blockIdx.x * blockDim.x;
  int t = threadIdx.x, *o = out + (blockIdx.x * blockDim.x + t) * 16;
  cg::thread_block block = cg::this_thread_block();
  auto w32 = cg::tiled_partition<32>(block);
  scanTile<32>(w32, in, o);
  scanTile<16>(cg::tiled_partition<16>(block), in, o + 5);
  scanTile<4>(cg::tiled_partition<4>(w32), in, o + 10);

#ifndef TILES_ONLY
  // The threads of a warp with an odd input, ranked by lane.
  int v = in[t];
  if (v & 1) {
    cg::coalesced_group odd = cg::coalesced_threads();
    int incl = cg::inclusive_scan(odd, v);
    int mx = cg::exclusive_scan(odd, v, cg::greater<int>());
    int s = 0, m = -1000;
    for (int k = t - t % 32; k < t; ++k)
      if (in[k] & 1)
        s += in[k], m = max(m, in[k]);
    SAME(incl, s + v);
    Triple tr = cg::inclusive_scan(odd, Triple{v, 1, 0}, AddTriple());
    SAME(tr.a, s + v);
    SAME(tr.b, (int)odd.thread_rank() + 1);
    if (odd.thread_rank() > 0)
      SAME(mx, m);
    o[15] = incl;
  }
#endif
}
