// Softmax forward with the online (single-pass) max/sum update, one warp per
// row: each lane keeps a running maximum and a sum rescaled whenever the
// maximum grows, and the lanes' pairs are merged with shuffles. Lane 0
// checks the merged maximum and sum against a plain two-pass loop.
#include "check.h"

struct MaxSum {
  float M, S;
};

__device__ MaxSum merge(MaxSum A, MaxSum B) {
  float M = fmaxf(A.M, B.M);
  return {M, A.S * expf(A.M - M) + B.S * expf(B.M - M)};
}

extern "C" __global__ void __launch_bounds__(256)
    softmax_forward_online(float *out, const float *inp, int N, int C) {
  int lane = threadIdx.x & 31;
  int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (row >= N)
    return;
  const float *x = inp + (size_t)row * C;
  MaxSum acc = {-INFINITY, 0.0f};
  for (int i = lane; i < C; i += 32) {
    float M = fmaxf(acc.M, x[i]);
    acc.S = acc.S * expf(acc.M - M) + expf(x[i] - M);
    acc.M = M;
  }
  for (int off = 16; off > 0; off /= 2) {
    MaxSum other = {__shfl_down_sync(0xffffffffu, acc.M, off),
                    __shfl_down_sync(0xffffffffu, acc.S, off)};
    acc = merge(acc, other);
  }
  float M = __shfl_sync(0xffffffffu, acc.M, 0);
  float S = __shfl_sync(0xffffffffu, acc.S, 0);
  for (int i = lane; i < C; i += 32)
    out[(size_t)row * C + i] = expf(x[i] - M) / S;
  if (lane == 0) {
    float pm = -INFINITY, ps = 0.0f;
    for (int i = 0; i < C; ++i)
      pm = fmaxf(pm, x[i]);
    for (int i = 0; i < C; ++i)
      ps += expf(x[i] - pm);
    CHECK(M == pm);
    CHECK_NEAR(S, ps, 1e-5f);
  }
}
