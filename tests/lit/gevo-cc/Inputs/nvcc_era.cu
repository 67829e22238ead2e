// Host code as older CUDA apps wrote it: spaced launch chevrons, the
// cudaThreadSynchronize-era runtime API, printf, clock and time without
// their headers (nvcc's implicit includes bring them in).
#include "nvcc/scale.h"

__global__ void scale(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = out[i] * SCALE_BY;
}

int main() {
  float *d;
  cudaMalloc((void **)&d, 256 * sizeof(float));
  clock_t start = clock();
  scale<< <4, 64>> >(d, 256);
  cudaThreadSynchronize();
  printf("%ld ticks at %ld\n", (long)(clock() - start), (long)time(NULL));
  return 0;
}
