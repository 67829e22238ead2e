// Dropout forward in training: each thread seeds a cuRAND XORWOW state
// (curand_init with the thread's subsequence), draws a uniform per element
// and keeps it with probability 1-p, scaling kept values by 1/(1-p). The
// state round-trips through global memory, as between launches. Checked:
// uniforms in (0, 1], every output 0 or the scaled input, and the kept
// fraction of the block near 1-p.
#include "check.h"
#include <curand_kernel.h>

__global__ void setup_states(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

__global__ void dropout_forward(float *out, unsigned *kept, const float *in,
                                curandState *states, float p, int perThread) {
  __shared__ unsigned blockKept;
  if (threadIdx.x == 0)
    blockKept = 0;
  __syncthreads();
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = states[id];
  float scale = 1.0f / (1.0f - p);
  unsigned mine = 0;
  for (int k = 0; k < perThread; ++k) {
    int i = id * perThread + k;
    float u = curand_uniform(&local);
    CHECK(u > 0.0f && u <= 1.0f);
    bool keep = u > p;
    out[i] = keep ? in[i] * scale : 0.0f;
    CHECK(out[i] == 0.0f || out[i] == in[i] * scale);
    mine += keep;
  }
  states[id] = local;
  atomicAdd(&blockKept, mine);
  __syncthreads();
  if (threadIdx.x == 0) {
    float frac = blockKept / float(blockDim.x * perThread);
    CHECK(fabsf(frac - (1.0f - p)) < 0.1f);
    kept[blockIdx.x] = blockKept;
  }
}
