// Host code calling cuRAND's host API beside a kernel on the device API:
// gevo-cc parses the host code (curand.h declares what it calls) and
// compiles the kernel.
#include <curand.h>
#include <curand_kernel.h>

__global__ void fill(float *o) {
  curandState s;
  curand_init(1, threadIdx.x, 0, &s);
  o[threadIdx.x] = curand_uniform(&s);
}

int main() {
  curandGenerator_t g;
  float *d;
  cudaMalloc(&d, 4096);
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(g, 1234ULL);
  curandGenerateUniform(g, d, 1024);
  curandGenerateNormal(g, d, 1024, 0.0f, 1.0f);
  curandDestroyGenerator(g);
  fill<<<1, 32>>>(d);
  return 0;
}
