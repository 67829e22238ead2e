// libcu++'s cuda::pipeline with a thread-scope pipeline of two stages:
// producer_acquire, cuda::memcpy_async of each thread's own float4 chunk
// into shared memory, producer_commit, then consumer_wait /
// consumer_release when the data is used; scaled rows summed per thread.
// Checked against the same sums from global memory.
#include "check.h"
#include <cuda/pipeline>

constexpr int STAGES = 2;

__global__ void scaled_row_sums(float *out, const float4 *in, float scale,
                                int chunksPerThread) {
  __shared__ float4 stage[STAGES][256];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  int t = threadIdx.x, n = blockDim.x;
  const float4 *mine = in + (size_t)blockIdx.x * n * chunksPerThread;
  auto fetch = [&](int c) {
    pipe.producer_acquire();
    cuda::memcpy_async(&stage[c % STAGES][t], &mine[c * n + t], sizeof(float4), pipe);
    pipe.producer_commit();
  };
  for (int c = 0; c < STAGES && c < chunksPerThread; ++c)
    fetch(c);
  float acc = 0.0f, plain = 0.0f;
  for (int c = 0; c < chunksPerThread; ++c) {
    pipe.consumer_wait();
    float4 v = stage[c % STAGES][t];
    pipe.consumer_release();
    if (c + STAGES < chunksPerThread)
      fetch(c + STAGES);
    acc += scale * (v.x + v.y + v.z + v.w);
    float4 g = mine[c * n + t];
    plain += scale * (g.x + g.y + g.z + g.w);
  }
  out[blockIdx.x * n + t] = acc;
  CHECK(acc == plain);
}
