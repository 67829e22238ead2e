// cuRAND's device generators from NVIDIA's headers (ordinary IR over
// __device__ tables): XORWOW, Philox4x32-10 and MRG32k3a, seed 1234, one
// subsequence per thread; raw values, uniforms and normals. Thread 0's
// first two raw values of each generator are those an H100 gave for the
// same calls (benchmarks/gpu/README.md); a mismatch traps.
#include <curand_kernel.h>
#define SAME(A, B)                                                             \
  if ((A) != (B))                                                              \
    __trap();

extern "C" __global__ void generators(unsigned *raw, float *real) {
  unsigned t = threadIdx.x, n = blockDim.x;
  curandState x;
  curand_init(1234, t, 0, &x);
  curandStatePhilox4_32_10_t p;
  curand_init(1234, t, 0, &p);
  curandStateMRG32k3a m;
  curand_init(1234, t, 0, &m);
  unsigned v[6];
  for (unsigned k = 0; k < 2; ++k) {
    v[0 + k] = curand(&x);
    v[2 + k] = curand(&p);
    v[4 + k] = curand(&m);
  }
  if (t == 0) {
    SAME(v[0], 0x253d5e15u) SAME(v[1], 0x6f558604u)
    SAME(v[2], 0x2090b348u) SAME(v[3], 0xda7cf0abu)
    SAME(v[4], 0xc96891f0u) SAME(v[5], 0x9650c684u)
  }
  for (unsigned k = 0; k < 6; ++k)
    raw[k * n + t] = v[k];
  real[0 * n + t] = curand_uniform(&x);
  real[1 * n + t] = curand_uniform(&p);
  real[2 * n + t] = curand_uniform_double(&m);
  real[3 * n + t] = curand_normal(&x);
  real[4 * n + t] = curand_normal(&p);
}
