// Warp-local stream compaction with votes: __ballot_sync marks the lanes
// whose element passes the filter, __popc of the lower lanes' bits
// (__lanemask_lt through a mask shift) gives each its slot, __ffs and
// __activemask are cross-checked against loops. Each warp writes its own
// segment, so the output is deterministic.
#include "check.h"

extern "C" __global__ void warp_compact(int *out, int *counts, const int *in,
                                        int threshold) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32, warp = i / 32;
  int v = in[i];
  bool keep = v >= threshold;
  unsigned ballot = __ballot_sync(0xffffffffu, keep);
  unsigned below = ballot & ((1u << lane) - 1);
  int slot = __popc(below);
  out[i] = -1;
  __syncwarp();
  if (keep)
    out[warp * 32 + slot] = v;
  if (lane == 0)
    counts[warp] = __popc(ballot);
  CHECK(__activemask() == 0xffffffffu);
  unsigned plain = 0;
  for (int k = 0; k < 32; ++k)
    plain |= unsigned(in[warp * 32 + k] >= threshold) << k;
  CHECK(plain == ballot);
  int first = -1;
  for (int k = 0; k < 32 && first < 0; ++k)
    if (plain >> k & 1)
      first = k;
  CHECK(__ffs(ballot) == first + 1);
  CHECK(__any_sync(0xffffffffu, keep) == (plain != 0));
  CHECK(__all_sync(0xffffffffu, keep) == (plain == 0xffffffffu));
  if (keep) {
    unsigned active = __activemask();
    CHECK(active == ballot);
  }
}
