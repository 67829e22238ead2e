// The sm_80 warp reductions __reduce_{add,min,max,and,or,xor}_sync against
// the shuffle-tree reductions code wrote before them, on full warps and
// on the half warp selected by a mask. Integer inputs, exact results.
#include "check.h"

template <class Op> __device__ unsigned shflReduce(unsigned v, Op op) {
  for (int off = 16; off > 0; off /= 2)
    v = op(v, __shfl_xor_sync(0xffffffffu, v, off));
  return v;
}

extern "C" __global__ void redux(unsigned *out, const unsigned *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = in[i];
  int sv = int(v) - 500;
  unsigned add = __reduce_add_sync(0xffffffffu, v);
  CHECK(add == shflReduce(v, [](unsigned a, unsigned b) { return a + b; }));
  CHECK(__reduce_max_sync(0xffffffffu, v) == shflReduce(v, [](unsigned a, unsigned b) { return max(a, b); }));
  CHECK(__reduce_and_sync(0xffffffffu, v) == shflReduce(v, [](unsigned a, unsigned b) { return a & b; }));
  CHECK(__reduce_or_sync(0xffffffffu, v) == shflReduce(v, [](unsigned a, unsigned b) { return a | b; }));
  CHECK(__reduce_xor_sync(0xffffffffu, v) == shflReduce(v, [](unsigned a, unsigned b) { return a ^ b; }));
  int smin = __reduce_min_sync(0xffffffffu, sv);
  int plain = sv;
  for (int k = 0; k < 32; ++k)
    plain = min(plain, __shfl_sync(0xffffffffu, sv, k));
  CHECK(smin == plain);
  unsigned low = 0;
  if (threadIdx.x % 32 < 16) {
    low = __reduce_add_sync(0x0000ffffu, v);
    unsigned p = 0;
    for (int k = 0; k < 16; ++k)
      p += in[i - threadIdx.x % 32 + k];
    CHECK(low == p);
  }
  out[i] = add + low + smin;
}
