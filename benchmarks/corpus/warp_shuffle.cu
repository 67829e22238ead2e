// Warp-level statistics of a signal: sum, maximum and the number of samples
// above a threshold, in one pass.
//
// Each warp reduces its values with register shuffles (__shfl_down_sync for
// the sum, __shfl_xor_sync as a butterfly for the maximum, so every lane
// ends with it), counts threshold crossings with __ballot_sync + __popc and
// skips the counting work when __any_sync says no lane crossed. Warp results
// meet in shared memory and the first warp reduces them again; one atomic per
// block combines blocks.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FULL_MASK 0xffffffffu
#define WARP 32
#ifndef BLOCK_SIZE
#define BLOCK_SIZE 256
#endif

__device__ float warpSum(float v) {
  for (int offset = WARP / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(FULL_MASK, v, offset);
  return v;
}

__device__ float warpMax(float v) {
  for (int mask = WARP / 2; mask > 0; mask /= 2)
    v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, mask));
  return v;
}

__global__ void signal_stats(const float *x, int n, float threshold, float *sum,
                             int *maxBits, unsigned int *above) {
  __shared__ float warpSums[BLOCK_SIZE / WARP];
  __shared__ float warpMaxes[BLOCK_SIZE / WARP];
  __shared__ unsigned int warpAbove[BLOCK_SIZE / WARP];

  int lane = threadIdx.x % WARP;
  int warp = threadIdx.x / WARP;
  float s = 0.0f, mx = -INFINITY;
  unsigned int count = 0;

  // Grid-stride loop; the bound is uniform per warp so every lane shuffles.
  int stride = gridDim.x * blockDim.x;
  for (int base = blockIdx.x * blockDim.x; base < n; base += stride) {
    int i = base + threadIdx.x;
    float v = i < n ? x[i] : 0.0f;
    s += v;
    mx = fmaxf(mx, i < n ? v : -INFINITY);
    bool hit = i < n && v > threshold;
    if (__any_sync(FULL_MASK, hit))
      count += __popc(__ballot_sync(FULL_MASK, hit));
  }

  s = warpSum(s);
  mx = warpMax(mx);
  if (lane == 0) {
    warpSums[warp] = s;
    warpMaxes[warp] = mx;
    warpAbove[warp] = count;
  }
  __syncthreads();

  if (warp == 0) {
    bool valid = lane < BLOCK_SIZE / WARP;
    s = warpSum(valid ? warpSums[lane] : 0.0f);
    mx = warpMax(valid ? warpMaxes[lane] : -INFINITY);
    count = valid ? warpAbove[lane] : 0;
    for (int offset = WARP / 2; offset > 0; offset /= 2)
      count += __shfl_down_sync(FULL_MASK, count, offset);
    if (lane == 0) {
      atomicAdd(sum, s);
      // Non-negative floats order like their bit patterns.
      atomicMax(maxBits, __float_as_int(fmaxf(mx, 0.0f)));
      atomicAdd(above, count);
    }
  }
}

int main() {
  const int n = 1 << 22;
  float *h = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i)
    h[i] = (float)((i * 7919u) % 1000u) / 100.0f;

  float *d_x, *d_sum;
  int *d_max;
  unsigned int *d_above;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_sum, sizeof(float));
  cudaMalloc(&d_max, sizeof(int));
  cudaMalloc(&d_above, sizeof(unsigned int));
  cudaMemcpy(d_x, h, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_sum, 0, sizeof(float));
  cudaMemset(d_max, 0, sizeof(int));
  cudaMemset(d_above, 0, sizeof(unsigned int));

  signal_stats<<<120, BLOCK_SIZE>>>(d_x, n, 9.5f, d_sum, d_max, d_above);

  float sum;
  int maxBits;
  unsigned int above;
  cudaMemcpy(&sum, d_sum, sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(&maxBits, d_max, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&above, d_above, sizeof(unsigned int), cudaMemcpyDeviceToHost);
  float mx;
  memcpy(&mx, &maxBits, sizeof(float));
  printf("sum %.1f, max %.2f, %u above threshold\n", sum, mx, above);
  cudaFree(d_x);
  cudaFree(d_sum);
  cudaFree(d_max);
  cudaFree(d_above);
  free(h);
  return 0;
}
