// CUB's block and warp primitives from NVIDIA's headers (inline PTX with
// guarded instructions inside), each checked against plain code: a
// mismatch traps.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cuda/functional>
#define SAME(A, B)                                                             \
  if ((A) != (B))                                                              \
    __trap();

extern "C" __global__ void primitives(const int *in, int *out) {
  typedef cub::BlockReduce<int, 128> Reduce;
  typedef cub::BlockScan<int, 128> Scan;
  typedef cub::WarpReduce<int> WarpReduce;
  typedef cub::WarpScan<int> WarpScan;
  __shared__ typename Reduce::TempStorage reduce;
  __shared__ typename Scan::TempStorage scan;
  __shared__ typename WarpReduce::TempStorage warpReduce[4];
  __shared__ typename WarpScan::TempStorage warpScan[4];
  unsigned t = threadIdx.x, w = t / 32;
  int v = in[t];
  int sum = 0, max = in[0], before = 0, warpSum = 0, warpBefore = 0;
  for (unsigned k = 0; k < 128; ++k) {
    sum += in[k];
    max = in[k] > max ? in[k] : max;
    before += k < t ? in[k] : 0;
    warpSum += k / 32 == w ? in[k] : 0;
    warpBefore += k / 32 == w && k < t ? in[k] : 0;
  }
  int s = Reduce(reduce).Sum(v);
  if (t == 0)
    SAME(s, sum)
  __syncthreads();
  int m = Reduce(reduce).Reduce(v, cuda::maximum<>{});
  if (t == 0)
    SAME(m, max)
  int x;
  Scan(scan).ExclusiveSum(v, x);
  SAME(x, before)
  int ws = WarpReduce(warpReduce[w]).Sum(v);
  if (t % 32 == 0)
    SAME(ws, warpSum)
  int wx;
  WarpScan(warpScan[w]).ExclusiveSum(v, wx);
  SAME(wx, warpBefore)
  out[t] = x + ws;
}
