// Debug output as kernels carry it: device printf of ints, floats (promoted
// to double), a pointer and a string from one thread per block, and
// assert() on an invariant that holds. The kernel's result (a clamp to
// [lo, hi]) is checked with plain comparisons.
#include "check.h"
#include <cassert>
#include <cstdio>

__global__ void clamp_debug(float *out, const float *in, float lo, float hi, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    printf("block %d of %d: n=%d range [%.2f, %.2f] in=%p %s\n", blockIdx.x,
           gridDim.x, n, lo, hi, (const void *)in, "clamp");
  if (i >= n)
    return;
  assert(lo <= hi);
  float v = fminf(fmaxf(in[i], lo), hi);
  out[i] = v;
  CHECK(v >= lo && v <= hi);
  CHECK(in[i] < lo || in[i] > hi || v == in[i]);
}
