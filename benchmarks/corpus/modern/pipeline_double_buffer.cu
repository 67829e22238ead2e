// A 1D convolution streaming its input through shared memory with the
// cuda_pipeline primitives: while the block convolves one tile, the next
// is already in flight (__pipeline_memcpy_async, __pipeline_commit,
// __pipeline_wait_prior(1) for double buffering). Every output is checked
// against the convolution read straight from global memory.
#include "check.h"
#include <cuda_pipeline.h>

constexpr int TILE = 128, R = 3; // taps: 2R+1

__global__ void conv1d_pipelined(float *out, const float *in, const float *taps,
                                 int tiles) {
  __shared__ float buf[2][TILE + 2 * R];
  // in holds tiles*TILE values plus R of padding on each side
  auto issue = [&](int tile, int slot) {
    for (int k = threadIdx.x; k < TILE + 2 * R; k += blockDim.x)
      __pipeline_memcpy_async(&buf[slot][k], &in[tile * TILE + k], sizeof(float));
    __pipeline_commit();
  };
  issue(0, 0);
  for (int t = 0; t < tiles; ++t) {
    if (t + 1 < tiles)
      issue(t + 1, (t + 1) % 2);
    else
      __pipeline_commit(); // an empty group keeps the wait count uniform
    __pipeline_wait_prior(1);
    __syncthreads();
    const float *s = buf[t % 2];
    int x = threadIdx.x;
    float acc = 0.0f, plain = 0.0f;
    for (int k = -R; k <= R; ++k) {
      acc += taps[k + R] * s[x + R + k];
      plain += taps[k + R] * in[t * TILE + x + R + k];
    }
    out[t * TILE + x] = acc;
    CHECK(acc == plain);
    __syncthreads(); // the slot is refilled two tiles later
  }
}
