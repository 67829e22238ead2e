// LayerNorm forward as small GPT trainers write it: one warp per row of C
// channels, mean and variance reduced with __shfl_xor_sync, the row's mean
// and 1/std saved for the backward pass. Lane 0 checks them against a
// serial two-pass computation.
#include "check.h"

__device__ __forceinline__ float warpSum(float V) {
  for (int Off = 16; Off > 0; Off >>= 1)
    V += __shfl_xor_sync(0xffffffffu, V, Off);
  return V;
}

extern "C" __global__ void
layernorm_forward(float *__restrict__ out, float *__restrict__ mean,
                  float *__restrict__ rstd, const float *__restrict__ inp,
                  const float *__restrict__ weight,
                  const float *__restrict__ bias, int N, int C) {
  int lane = threadIdx.x % 32;
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (row >= N)
    return;
  const float *x = inp + row * C;
  float sum = 0.0f;
  for (int i = lane; i < C; i += 32)
    sum += x[i];
  float m = warpSum(sum) / C;
  float var = 0.0f;
  for (int i = lane; i < C; i += 32) {
    float d = x[i] - m;
    var += d * d;
  }
  float s = rsqrtf(warpSum(var) / C + 1e-5f);
  float *y = out + row * C;
  for (int i = lane; i < C; i += 32)
    y[i] = s * (x[i] - m) * weight[i] + bias[i];
  if (lane == 0) {
    mean[row] = m;
    rstd[row] = s;
    float sm = 0.0f, sv = 0.0f;
    for (int i = 0; i < C; ++i)
      sm += x[i];
    sm /= C;
    for (int i = 0; i < C; ++i)
      sv += (x[i] - sm) * (x[i] - sm);
    CHECK_NEAR(m, sm, 1e-5f);
    CHECK_NEAR(s, 1.0f / sqrtf(sv / C + 1e-5f), 1e-4f);
  }
}

int main() {
  const int N = 8, C = 96;
  float *d;
  cudaMalloc(&d, sizeof(float) * (3 * N * C + 2 * N + 2 * C));
  layernorm_forward<<<N / 4, 128>>>(d, d + N * C, d + N * C + N, d, d, d, N, C);
  cudaDeviceSynchronize();
  return 0;
}
