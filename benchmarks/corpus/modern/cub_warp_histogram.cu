// CUB's warp-level and histogram primitives: cub::WarpReduce (Sum and Max
// over logical 16-lane warps), cub::WarpScan's InclusiveSum on floats of
// exact small values, and cub::BlockHistogram with atomic binning into
// shared counters. Each checked against a serial loop.
#include "check.h"
#include <cub/cub.cuh>

constexpr int THREADS = 128, BINS = 16, ITEMS = 2;

__global__ void warp_and_histogram(unsigned *hist, float *scanned, const int *in) {
  using WarpR = cub::WarpReduce<int, 16>;
  using WarpS = cub::WarpScan<float>;
  using Hist = cub::BlockHistogram<unsigned char, THREADS, ITEMS, BINS, cub::BLOCK_HISTO_ATOMIC>;
  __shared__ typename WarpR::TempStorage rTemp[THREADS / 16];
  __shared__ typename WarpS::TempStorage sTemp[THREADS / 32];
  __shared__ typename Hist::TempStorage hTemp;
  __shared__ unsigned counts[BINS];
  int t = threadIdx.x, base = blockIdx.x * THREADS;
  int v = in[base + t];
  int lw = t / 16;
  int sum = WarpR(rTemp[lw]).Sum(v);
  int mx = WarpR(rTemp[lw]).Reduce(v, cuda::maximum<int>());
  if (t % 16 == 0) {
    int ps = 0, pm = in[base + t];
    for (int k = 0; k < 16; ++k)
      ps += in[base + t + k], pm = max(pm, in[base + t + k]);
    CHECK(sum == ps && mx == pm);
  }
  float inc;
  WarpS(sTemp[t / 32]).InclusiveSum((float)v, inc);
  float plain = 0;
  for (int k = t - t % 32; k <= t; ++k)
    plain += in[base + k];
  CHECK(inc == plain);
  scanned[base + t] = inc;
  unsigned char samples[ITEMS] = {(unsigned char)(v & 15), (unsigned char)((v >> 4) & 15)};
  Hist(hTemp).Histogram(samples, counts);
  __syncthreads();
  if (t < BINS) {
    unsigned p = 0;
    for (int k = 0; k < THREADS; ++k)
      p += ((in[base + k] & 15) == t) + (((in[base + k] >> 4) & 15) == t);
    CHECK(counts[t] == p);
    hist[blockIdx.x * BINS + t] = counts[t];
  }
}
