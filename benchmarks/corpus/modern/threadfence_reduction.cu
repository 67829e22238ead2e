// Single-pass sum with the "last block" pattern: each block reduces its
// slice in shared memory, publishes the partial, __threadfence()s, and
// bumps a ticket with atomicInc; the block that draws the last ticket adds
// all partials (in index order, so the float result is deterministic)
// and resets the ticket for the next launch. Checked against a serial sum.
#include "check.h"

__device__ unsigned int ticket = 0;

__global__ void sum_single_pass(float *partial, float *result, const float *in,
                                unsigned n) {
  extern __shared__ float sdata[];
  __shared__ bool amLast;
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  sdata[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      sdata[t] += sdata[t + s];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = sdata[0];
    __threadfence();
    unsigned value = atomicInc(&ticket, gridDim.x);
    amLast = value == gridDim.x - 1;
  }
  __syncthreads();
  if (amLast && t == 0) {
    float total = 0.0f;
    for (unsigned b = 0; b < gridDim.x; ++b)
      total += ((volatile float *)partial)[b];
    *result = total;
    float plain = 0.0f;
    for (unsigned k = 0; k < n; ++k)
      plain += in[k];
    CHECK_NEAR(total, plain, 1e-4f);
    ticket = 0;
  }
}
