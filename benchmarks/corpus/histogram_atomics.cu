// 256-bin byte histogram. Each block counts its part of the input (grid-
// stride loop, four bytes per 32-bit load) into a private histogram in shared
// memory with shared-memory atomics, then merges the non-zero bins into the
// global histogram with one global atomic each.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define BINS 256
#ifndef BLOCK_SIZE
#define BLOCK_SIZE 256
#endif

extern "C" __global__ void histogram256(const unsigned int *words, int nwords,
                                        unsigned int *hist) {
  __shared__ unsigned int local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();

  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nwords;
       i += gridDim.x * blockDim.x) {
    unsigned int w = words[i];
    atomicAdd(&local[w & 0xffu], 1u);
    atomicAdd(&local[(w >> 8) & 0xffu], 1u);
    atomicAdd(&local[(w >> 16) & 0xffu], 1u);
    atomicAdd(&local[w >> 24], 1u);
  }
  __syncthreads();

  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned int c = local[b];
    if (c != 0)
      atomicAdd(&hist[b], c);
  }
}

int main() {
  const int nbytes = 1 << 24;
  const int nwords = nbytes / 4;
  unsigned char *h = (unsigned char *)malloc(nbytes);
  unsigned int expected[BINS] = {0};
  for (int i = 0; i < nbytes; ++i) {
    h[i] = (unsigned char)((i * 2654435761u) >> 24);
    ++expected[h[i]];
  }

  unsigned int *d_words, *d_hist;
  cudaMalloc(&d_words, nbytes);
  cudaMalloc(&d_hist, BINS * sizeof(unsigned int));
  cudaMemcpy(d_words, h, nbytes, cudaMemcpyHostToDevice);
  cudaMemset(d_hist, 0, BINS * sizeof(unsigned int));

  histogram256<<<240, BLOCK_SIZE>>>(d_words, nwords, d_hist);

  unsigned int hist[BINS];
  cudaMemcpy(hist, d_hist, sizeof(hist), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int b = 0; b < BINS; ++b)
    wrong += hist[b] != expected[b];
  printf("histogram of %d bytes: %d wrong bins\n", nbytes, wrong);
  cudaFree(d_words);
  cudaFree(d_hist);
  free(h);
  return wrong != 0;
}
