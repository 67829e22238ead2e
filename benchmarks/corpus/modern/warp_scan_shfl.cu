// Exclusive scan for a segmented sort's bucket offsets: each warp scans 32
// counts with __shfl_up_sync (Kogge-Stone), the warps' totals go through
// shared memory, and the last lane broadcasts with __shfl_sync. Long
// inputs are handled by a grid-stride loop that carries the running total.
// Checked against a serial exclusive scan.
#include "check.h"

__global__ void exclusive_scan(unsigned *out, const unsigned *in, int n) {
  __shared__ unsigned warpTotals[32];
  __shared__ unsigned carry;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (threadIdx.x == 0)
    carry = 0;
  for (int base = 0; base < n; base += blockDim.x) {
    int i = base + threadIdx.x;
    unsigned v = i < n ? in[i] : 0, x = v;
    for (int d = 1; d < 32; d *= 2) {
      unsigned y = __shfl_up_sync(0xffffffffu, x, d);
      if (lane >= d)
        x += y;
    }
    if (lane == 31)
      warpTotals[warp] = x;
    __syncthreads();
    unsigned before = carry;
    for (int w = 0; w < warp; ++w)
      before += warpTotals[w];
    unsigned total = __shfl_sync(0xffffffffu, x, 31);
    if (i < n)
      out[i] = before + x - v;
    __syncthreads();
    if (threadIdx.x == blockDim.x - 1)
      carry = before + total;
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    unsigned s = 0;
    for (int i = 0; i < n; ++i) {
      CHECK(out[i] == s);
      s += in[i];
    }
    CHECK(carry == s);
  }
}
