// Sum reduction: a shared-memory tree per block, then a second launch over
// the per-block partial sums. Each thread adds two elements while loading.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 256
#endif

extern "C" __global__ void reduce_sum(const float *in, float *partial,
                                      unsigned int n) {
  __shared__ float sdata[BLOCK_SIZE];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (2 * BLOCK_SIZE) + tid;

  float v = 0.0f;
  if (i < n)
    v = in[i];
  if (i + BLOCK_SIZE < n)
    v += in[i + BLOCK_SIZE];
  sdata[tid] = v;
  __syncthreads();

  for (unsigned int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      sdata[tid] += sdata[tid + stride];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = sdata[0];
}

static unsigned int blocksFor(unsigned int n) {
  return (n + 2 * BLOCK_SIZE - 1) / (2 * BLOCK_SIZE);
}

int main() {
  const unsigned int n = 1 << 20;
  float *h = (float *)malloc(n * sizeof(float));
  for (unsigned int i = 0; i < n; ++i)
    h[i] = (float)(i % 7) * 0.5f;

  // Partial sums ping-pong between two buffers until one value is left.
  unsigned int blocks = blocksFor(n);
  float *d_in, *d_partial[2];
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_partial[0], blocks * sizeof(float));
  cudaMalloc(&d_partial[1], blocks * sizeof(float));
  cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);

  const float *src = d_in;
  unsigned int count = n;
  for (int pass = 0; count > 1; ++pass) {
    blocks = blocksFor(count);
    reduce_sum<<<blocks, BLOCK_SIZE>>>(src, d_partial[pass % 2], count);
    src = d_partial[pass % 2];
    count = blocks;
  }

  float sum = 0.0f;
  cudaMemcpy(&sum, src, sizeof(float), cudaMemcpyDeviceToHost);
  printf("sum of %u elements: %.1f\n", n, sum);
  cudaFree(d_in);
  cudaFree(d_partial[0]);
  cudaFree(d_partial[1]);
  free(h);
  return 0;
}
