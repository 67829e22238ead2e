// The fused step of a GPT attention layer between the two matmuls: scale
// the pre-attention scores by 1/sqrt(head size), apply the causal mask and
// take the softmax of each query's row, writing zeros above the diagonal.
// One block of 4 warps per (batch, head); warp w handles queries w, w+4,
// ... Each row's probabilities must sum to 1 and match a serial softmax.
#include "check.h"

template <int WARPS>
__global__ void attention_softmax(float *__restrict__ att,
                                  const float *__restrict__ preatt, int T,
                                  int HS) {
  const float scale = rsqrtf((float)HS);
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  size_t base = (size_t)blockIdx.x * T * T;
  for (int t = warp; t < T; t += WARPS) {
    const float *row = preatt + base + (size_t)t * T;
    float mx = -INFINITY;
    for (int j = lane; j <= t; j += 32)
      mx = fmaxf(mx, row[j] * scale);
    for (int off = 16; off; off >>= 1)
      mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, off));
    float sum = 0.0f;
    for (int j = lane; j <= t; j += 32)
      sum += __expf(row[j] * scale - mx);
    for (int off = 16; off; off >>= 1)
      sum += __shfl_xor_sync(0xffffffffu, sum, off);
    float inv = 1.0f / sum, mine = 0.0f;
    for (int j = lane; j < T; j += 32) {
      float p = j <= t ? __expf(row[j] * scale - mx) * inv : 0.0f;
      att[base + (size_t)t * T + j] = p;
      mine += p;
    }
    for (int off = 16; off; off >>= 1)
      mine += __shfl_xor_sync(0xffffffffu, mine, off);
    CHECK_NEAR(mine, 1.0f, 1e-5f);
    if (lane == 0) {
      float pm = -INFINITY, ps = 0.0f;
      for (int j = 0; j <= t; ++j)
        pm = fmaxf(pm, row[j] * scale);
      for (int j = 0; j <= t; ++j)
        ps += expf(row[j] * scale - pm);
      CHECK(pm == mx);
      CHECK_NEAR(sum, ps, 1e-4f);
    }
  }
}

template __global__ void attention_softmax<4>(float *, const float *, int,
                                              int);
