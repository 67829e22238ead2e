// Block-wide inclusive prefix sum built from cooperative groups: 16-wide
// tiles scan with cg::inclusive_scan, the tile totals are scanned by the
// first tile through shared memory, and each tile adds its offset. Groups'
// sizes and ranks (num_threads, meta_group_*, group_index, thread_index)
// are checked against threadIdx/blockIdx arithmetic, the scan against a
// serial loop.
#include "check.h"
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

template <int TILE>
__global__ void block_scan(int *out, const int *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(block);
  __shared__ int totals[1024 / TILE];
  CHECK(block.num_threads() == blockDim.x);
  CHECK(block.group_index().x == blockIdx.x);
  CHECK(block.thread_index().x == threadIdx.x);
  CHECK(tile.meta_group_size() == blockDim.x / TILE);
  CHECK(tile.num_threads() == TILE);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int incl = cg::inclusive_scan(tile, v);
  if (tile.thread_rank() == TILE - 1)
    totals[tile.meta_group_rank()] = incl;
  block.sync();
  if (tile.meta_group_rank() == 0) {
    int t = tile.thread_rank() < tile.meta_group_size() ? totals[tile.thread_rank()] : 0;
    int ex = cg::exclusive_scan(tile, t);
    tile.sync(); // everyone read totals before it is overwritten
    if (tile.thread_rank() < tile.meta_group_size())
      totals[tile.thread_rank()] = ex;
  }
  block.sync();
  int r = incl + totals[tile.meta_group_rank()];
  if (i < n)
    out[i] = r;
  int plain = 0;
  for (int k = blockIdx.x * blockDim.x; k <= i && k < n; ++k)
    plain += in[k];
  if (i < n)
    CHECK(r == plain);
}

template __global__ void block_scan<16>(int *, const int *, int);
