// Atomics CUDA lacks, written as atomicCAS loops the way kernels still do:
// a float atomicMax (on the bits, through __float_as_int), a double
// multiply (through __double_as_longlong), and an atomic "add if below a
// cap" on a 16-bit-packed pair. A second kernel checks each serially.
#include "check.h"

__device__ float atomicMaxFloat(float *addr, float value) {
  int *p = reinterpret_cast<int *>(addr);
  int old = *p, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= value)
      break;
    old = atomicCAS(p, assumed, __float_as_int(value));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ double atomicMulDouble(double *addr, double f) {
  unsigned long long *p = reinterpret_cast<unsigned long long *>(addr);
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed,
                    __double_as_longlong(__longlong_as_double(assumed) * f));
  } while (assumed != old);
  return __longlong_as_double(old);
}

// Packs (count, sum) in 32 bits; adds only while count stays below the cap.
__device__ bool atomicAddCapped(unsigned *pair, unsigned v, unsigned cap) {
  unsigned old = *pair, assumed;
  do {
    assumed = old;
    if ((assumed >> 16) >= cap)
      return false;
    old = atomicCAS(pair, assumed, assumed + (1u << 16) + v);
  } while (assumed != old);
  return true;
}

__global__ void cas_ops(float *mx, double *prod, unsigned *pair,
                        int *accepted, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  atomicMaxFloat(mx, in[i]);
  atomicMulDouble(prod, i % 7 == 0 ? 2.0 : 1.0);
  if (atomicAddCapped(pair, 1, 100))
    atomicAdd(accepted, 1);
}

__global__ void cas_check(const float *mx, const double *prod,
                          const unsigned *pair, const int *accepted,
                          const float *in, int n) {
  float m = -INFINITY;
  double p = 1.0;
  for (int i = 0; i < n; ++i) {
    m = fmaxf(m, in[i]);
    p *= i % 7 == 0 ? 2.0 : 1.0;
  }
  CHECK(*mx == m && *prod == p);
  unsigned want = min(n, 100);
  CHECK(*pair >> 16 == want && (*pair & 0xffff) == want && *accepted == (int)want);
}
