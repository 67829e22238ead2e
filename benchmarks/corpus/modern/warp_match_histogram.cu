// Histogram with __match_any_sync: the lanes of a warp holding the same bin
// find each other, the lowest of them adds the group's size with a single
// atomicAdd (fewer atomics on skewed data). __match_all_sync checks
// whether the whole warp agrees. A second kernel checks every bin
// against a serial count.
#include "check.h"

__global__ void match_histogram(unsigned *bins, int *uniformWarps,
                                const int *keys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int key = i < n ? keys[i] : -1;
  unsigned peers = __match_any_sync(0xffffffffu, key);
  unsigned plain = 0;
  for (int k = 0; k < 32; ++k)
    plain |= unsigned(__shfl_sync(0xffffffffu, key, k) == key) << k;
  CHECK(peers == plain);
  int leader = __ffs(peers) - 1;
  if (key >= 0 && lane == leader)
    atomicAdd(&bins[key], __popc(peers));
  int pred;
  unsigned all = __match_all_sync(0xffffffffu, key / 8, &pred);
  CHECK(pred == (all == 0xffffffffu));
  CHECK(!pred || __shfl_sync(0xffffffffu, key / 8, 0) == key / 8);
  if (lane == 0 && pred)
    atomicAdd(uniformWarps, 1);
}

__global__ void check_bins(const unsigned *bins, const int *keys, int n,
                           int nbins) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= nbins)
    return;
  unsigned plain = 0;
  for (int i = 0; i < n; ++i)
    plain += keys[i] == b;
  CHECK(bins[b] == plain);
}
