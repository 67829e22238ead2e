// Monte Carlo with cuRAND's counter-based Philox4x32-10 (four uniforms per
// call with curand_uniform4, Gaussian pairs with curand_normal2) and
// MRG32k3a doubles: estimates pi and the normal's moments per thread.
// Checked: ranges, skipahead() matching draws consumed by hand, and the
// block's estimates within loose statistical bounds.
#include "check.h"
#include <curand_kernel.h>

__global__ void monte_carlo(unsigned *hits, float *moments, int draws) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t s;
  curand_init(2024, id, 0, &s);
  unsigned inside = 0;
  float sum = 0, sumSq = 0;
  for (int k = 0; k < draws; ++k) {
    float4 u = curand_uniform4(&s);
    CHECK(u.x > 0 && u.x <= 1 && u.w > 0 && u.w <= 1);
    inside += (u.x * u.x + u.y * u.y <= 1.0f) + (u.z * u.z + u.w * u.w <= 1.0f);
    float2 g = curand_normal2(&s);
    sum += g.x + g.y;
    sumSq += g.x * g.x + g.y * g.y;
  }
  hits[id] = inside;
  moments[2 * id] = sum;
  moments[2 * id + 1] = sumSq;
  // skipahead: a copy advanced by 4 raw draws equals one advanced by hand
  curandStatePhilox4_32_10_t a, b;
  curand_init(7, id, 0, &a);
  curand_init(7, id, 0, &b);
  for (int k = 0; k < 4; ++k)
    curand(&a);
  skipahead(4ull, &b);
  CHECK(curand(&a) == curand(&b));
  curandStateMRG32k3a m;
  curand_init(99, id, 0, &m);
  double d = curand_uniform_double(&m);
  CHECK(d > 0.0 && d <= 1.0);
  double n = curand_normal_double(&m);
  CHECK(n > -10.0 && n < 10.0);
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned all = 0;
    float s1 = 0, s2 = 0;
    for (int t = 0; t < blockDim.x; ++t) {
      int j = blockIdx.x * blockDim.x + t;
      all += hits[j], s1 += moments[2 * j], s2 += moments[2 * j + 1];
    }
    float samples = 2.0f * draws * blockDim.x;
    CHECK(fabsf(4.0f * all / samples - 3.14159265f) < 0.1f);
    CHECK(fabsf(s1 / samples) < 0.1f && fabsf(s2 / samples - 1.0f) < 0.1f);
  }
}
