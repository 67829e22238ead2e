// CUB's block-wide collectives on a tile of 128 x 4 items: BlockLoad with
// the warp-transpose algorithm, BlockReduce (Sum and a custom max
// functor), BlockScan's ExclusiveSum with the block aggregate, all sharing
// one union of TempStorage. Checked against serial loops over the tile.
#include "check.h"
#include <cub/cub.cuh>

struct MaxOp {
  __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

template <int THREADS, int ITEMS>
__global__ void block_collectives(int *scanOut, int *sums, const int *in) {
  using Load = cub::BlockLoad<int, THREADS, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Reduce = cub::BlockReduce<int, THREADS>;
  using Scan = cub::BlockScan<int, THREADS>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
  } temp;
  const int tile = THREADS * ITEMS, base = blockIdx.x * tile;
  int items[ITEMS];
  Load(temp.load).Load(in + base, items);
  __syncthreads();
  int total = Reduce(temp.reduce).Sum(items);
  __syncthreads();
  int mx = Reduce(temp.reduce).Reduce(items, MaxOp());
  __syncthreads();
  int aggregate;
  Scan(temp.scan).ExclusiveSum(items, items, aggregate);
  for (int k = 0; k < ITEMS; ++k) // blocked arrangement: thread t owns t*ITEMS+k
    scanOut[base + threadIdx.x * ITEMS + k] = items[k];
  int plainSum = 0, plainMax = in[base];
  for (int k = 0; k < tile; ++k)
    plainSum += in[base + k], plainMax = max(plainMax, in[base + k]);
  CHECK(aggregate == plainSum);
  if (threadIdx.x == 0) {
    CHECK(total == plainSum && mx == plainMax);
    sums[blockIdx.x] = total;
  }
  int before = 0;
  for (int k = 0; k < threadIdx.x * ITEMS; ++k)
    before += in[base + k];
  CHECK(items[0] == before);
}

template __global__ void block_collectives<128, 4>(int *, int *, const int *);
