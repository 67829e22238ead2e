// Bias add and ReLU fused after a linear layer, in fp16: __hadd for the
// bias, __hmax against zero, __hgt to count the active units per row with
// a block-wide atomicAdd on shared memory. Checked against float math and
// a serial count.
#include "check.h"
#include <cuda_fp16.h>

__global__ void to_half(__half *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __float2half(in[i]);
}

__global__ void bias_relu(__half *__restrict__ act, const __half *__restrict__ bias,
                          int *active, int OC) {
  __shared__ int count;
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();
  __half *row = act + blockIdx.x * OC;
  const __half zero = __float2half(0.0f);
  for (int c = threadIdx.x; c < OC; c += blockDim.x) {
    __half pre = __hadd(row[c], bias[c]);
    __half y = __hmax(pre, zero);
    row[c] = y;
    if (__hgt(pre, zero))
      atomicAdd(&count, 1);
    float ref = fmaxf(__half2float(pre), 0.0f);
    CHECK(__half2float(y) == ref);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    int plain = 0;
    for (int c = 0; c < OC; ++c)
      plain += __half2float(row[c]) > 0.0f;
    CHECK(plain == count);
    active[blockIdx.x] = count;
  }
}
