//===- gevo_cuda/rand_dist.h - cuRAND's device distributions --*- C++ -*-===//
//
// The distributions of cuRAND's device API on gevo's XORWOW, Philox4_32_10
// and MRG32k3a states: curand_uniform (float in (0, 1]),
// curand_uniform_double, curand_normal / _double (Box-Muller, the second
// value of a pair cached in the state as cuRAND does), curand_normal2 /
// _double, curand_log_normal / 2 / _double / 2_double, curand_poisson; for
// Philox also curand_uniform4, curand_uniform2_double, curand_normal4,
// curand_log_normal4 and curand_poisson4. Each takes the same raw numbers
// in the same order and the same arithmetic (the same libdevice functions:
// logf, __sincosf, sincospi) as NVIDIA's cuRAND, so the values are
// bit-identical wherever the math library is the same.
//
// Not bit-identical: curand_poisson for 64 <= lambda <= 4000, where cuRAND
// uses an approximate-gamma rejection on PTX approximations; gevo inverts
// the exact distribution from one 32-bit number instead (same distribution,
// other values). Not here: quasi-random (Sobol) and MTGP32 states,
// curand_discrete, and the host API (curand.h is types only).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_RAND_DIST_H
#define GEVO_CUDA_RAND_DIST_H

#define __GEVO_RAND static __device__ __forceinline__
// 2^-32 in float, and 2 pi (rounded to float) times it.
#define __GEVO_U32_INV 0x1p-32f
#define __GEVO_U32_INV_2PI (6.2831855f * 0x1p-32f)

// ---- uniform ----------------------------------------------------------
__GEVO_RAND float __gevo_uniform(unsigned int x) {
  return x * __GEVO_U32_INV + (__GEVO_U32_INV / 2.0f);
}
// 53 bits from two numbers, in (0, 1).
__GEVO_RAND double __gevo_uniform_double(unsigned int x, unsigned int y) {
  unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << 21);
  return z * 0x1p-53 + (0x1p-53 / 2.0);
}
// MRG32k3a's raw output in (0, m1] times 1 / (m1 + 1).
#define __GEVO_MRG_NORM 2.3283065498378288e-10

__GEVO_RAND float curand_uniform(curandStateXORWOW_t *s) {
  return __gevo_uniform(curand(s));
}
__GEVO_RAND float curand_uniform(curandStatePhilox4_32_10_t *s) {
  return __gevo_uniform(curand(s));
}
__GEVO_RAND float curand_uniform(curandStateMRG32k3a_t *s) {
  return (float)(__gevo_mrg32k3a(s) * __GEVO_MRG_NORM);
}
__GEVO_RAND double curand_uniform_double(curandStateXORWOW_t *s) {
  unsigned int x = curand(s);
  return __gevo_uniform_double(x, curand(s));
}
// Philox's takes one number, in (0, 1] (cuRAND's choice).
__GEVO_RAND double curand_uniform_double(curandStatePhilox4_32_10_t *s) {
  return curand(s) * 0x1p-32 + 0x1p-32;
}
__GEVO_RAND double curand_uniform_double(curandStateMRG32k3a_t *s) {
  return __gevo_mrg32k3a(s) * __GEVO_MRG_NORM;
}
__GEVO_RAND float4 curand_uniform4(curandStatePhilox4_32_10_t *s) {
  uint4 x = curand4(s);
  return make_float4(__gevo_uniform(x.x), __gevo_uniform(x.y),
                     __gevo_uniform(x.z), __gevo_uniform(x.w));
}
__GEVO_RAND double2 curand_uniform2_double(curandStatePhilox4_32_10_t *s) {
  uint4 x = curand4(s);
  return make_double2(__gevo_uniform_double(x.x, x.y),
                      __gevo_uniform_double(x.z, x.w));
}

// ---- Box-Muller pairs ---------------------------------------------------
// The point at radius sqrt(-2 log u) and angle a: in float, a radians
// (__sincosf); in double, a pi (sincospi).
template <class T, class T2> __GEVO_RAND T2 __gevo_polar(T u, T a) {
  T r = sqrt(-2 * log(u));
  T2 p;
  if constexpr (sizeof(T) == sizeof(float))
    __sincosf(a, &p.x, &p.y);
  else
    sincospi(a, &p.x, &p.y);
  p.x *= r;
  p.y *= r;
  return p;
}
__GEVO_RAND float2 __gevo_box_muller(unsigned int x, unsigned int y) {
  float u = x * __GEVO_U32_INV + (__GEVO_U32_INV / 2);
  float v = y * __GEVO_U32_INV_2PI + (__GEVO_U32_INV_2PI / 2);
  return __gevo_polar<float, float2>(u, v);
}
__GEVO_RAND double2 __gevo_box_muller_double(unsigned int x0, unsigned int x1,
                                             unsigned int y0, unsigned int y1) {
  unsigned long long zx = (unsigned long long)x0 ^ ((unsigned long long)x1 << 21);
  unsigned long long zy = (unsigned long long)y0 ^ ((unsigned long long)y1 << 21);
  double u = zx * 0x1p-53 + (0x1p-53 / 2.0);
  double v = zy * (0x1p-53 * 2.0) + 0x1p-53; // v pi is the angle
  return __gevo_polar<double, double2>(u, v);
}

__GEVO_RAND float2 __gevo_normal_pair(curandStateXORWOW_t *s) {
  unsigned int x = curand(s);
  return __gevo_box_muller(x, curand(s));
}
__GEVO_RAND float2 __gevo_normal_pair(curandStatePhilox4_32_10_t *s) {
  unsigned int x = curand(s);
  return __gevo_box_muller(x, curand(s));
}
// MRG32k3a's pairs come from its float and double uniforms.
__GEVO_RAND float2 __gevo_normal_pair(curandStateMRG32k3a_t *s) {
  float x = curand_uniform(s);
  return __gevo_polar<float, float2>(x, curand_uniform(s) * 6.2831855f);
}
__GEVO_RAND double2 __gevo_normal_pair_double(curandStateXORWOW_t *s) {
  unsigned int x0 = curand(s), x1 = curand(s);
  unsigned int y0 = curand(s), y1 = curand(s);
  return __gevo_box_muller_double(x0, x1, y0, y1);
}
__GEVO_RAND double2 __gevo_normal_pair_double(curandStatePhilox4_32_10_t *s) {
  uint4 x = curand4(s);
  return __gevo_box_muller_double(x.x, x.y, x.z, x.w);
}
__GEVO_RAND double2 __gevo_normal_pair_double(curandStateMRG32k3a_t *s) {
  double x = curand_uniform_double(s);
  return __gevo_polar<double, double2>(x, curand_uniform_double(s) * 2.0);
}

// ---- normal and log-normal ----------------------------------------------
// One value of a pair; the other waits in the state, marked by FLAG (1
// normal, 2 log-normal: a different distribution draws a fresh pair).
#define __GEVO_CACHED(NAME, T, STATE, PAIR, SUFFIX, PARAMS, MAP, FLAG)         \
  __GEVO_RAND T NAME(STATE *s PARAMS) {                                        \
    if (s->boxmuller_flag##SUFFIX != FLAG) {                                   \
      auto p = PAIR(s);                                                        \
      s->boxmuller_extra##SUFFIX = MAP(p.y);                                   \
      s->boxmuller_flag##SUFFIX = FLAG;                                        \
      return MAP(p.x);                                                         \
    }                                                                          \
    s->boxmuller_flag##SUFFIX = 0;                                             \
    return s->boxmuller_extra##SUFFIX;                                         \
  }
#define __GEVO_ID(X) (X)
#define __GEVO_LOGN(X) expf(mean + (stddev * (X)))
#define __GEVO_LOGN_D(X) exp(mean + (stddev * (X)))
#define __GEVO_FLOAT_PARAMS , float mean, float stddev
#define __GEVO_DOUBLE_PARAMS , double mean, double stddev

#define __GEVO_NORMALS(STATE)                                                  \
  __GEVO_CACHED(curand_normal, float, STATE, __gevo_normal_pair, , ,           \
                __GEVO_ID, 1)                                                  \
  __GEVO_CACHED(curand_normal_double, double, STATE,                           \
                __gevo_normal_pair_double, _double, , __GEVO_ID, 1)            \
  __GEVO_CACHED(curand_log_normal, float, STATE, __gevo_normal_pair, ,         \
                __GEVO_FLOAT_PARAMS, __GEVO_LOGN, 2)                           \
  __GEVO_CACHED(curand_log_normal_double, double, STATE,                       \
                __gevo_normal_pair_double, _double, __GEVO_DOUBLE_PARAMS,      \
                __GEVO_LOGN_D, 2)                                              \
  __GEVO_RAND float2 curand_normal2(STATE *s) { return __gevo_normal_pair(s); }\
  __GEVO_RAND double2 curand_normal2_double(STATE *s) {                        \
    return __gevo_normal_pair_double(s);                                       \
  }                                                                            \
  __GEVO_RAND float2 curand_log_normal2(STATE *s, float mean, float stddev) {  \
    float2 p = __gevo_normal_pair(s);                                          \
    return make_float2(__GEVO_LOGN(p.x), __GEVO_LOGN(p.y));                    \
  }                                                                            \
  __GEVO_RAND double2 curand_log_normal2_double(STATE *s, double mean,         \
                                                double stddev) {               \
    double2 p = __gevo_normal_pair_double(s);                                  \
    return make_double2(__GEVO_LOGN_D(p.x), __GEVO_LOGN_D(p.y));               \
  }
__GEVO_NORMALS(curandStateXORWOW_t)
__GEVO_NORMALS(curandStatePhilox4_32_10_t)
__GEVO_NORMALS(curandStateMRG32k3a_t)
#undef __GEVO_CACHED
#undef __GEVO_NORMALS
#undef __GEVO_FLOAT_PARAMS
#undef __GEVO_DOUBLE_PARAMS
#undef __GEVO_ID

__GEVO_RAND float4 curand_normal4(curandStatePhilox4_32_10_t *s) {
  uint4 x = curand4(s);
  float2 a = __gevo_box_muller(x.x, x.y), b = __gevo_box_muller(x.z, x.w);
  return make_float4(a.x, a.y, b.x, b.y);
}
__GEVO_RAND float4 curand_log_normal4(curandStatePhilox4_32_10_t *s,
                                      float mean, float stddev) {
  float4 v = curand_normal4(s);
  return make_float4(__GEVO_LOGN(v.x), __GEVO_LOGN(v.y), __GEVO_LOGN(v.z),
                     __GEVO_LOGN(v.w));
}
#undef __GEVO_LOGN
#undef __GEVO_LOGN_D

// ---- Poisson --------------------------------------------------------------
// Knuth's product of uniforms (lambda < 64), as cuRAND.
template <class S>
__GEVO_RAND unsigned int __gevo_poisson_knuth(S *s, float lambda) {
  unsigned int k = 0;
  float p = expf(lambda);
  do {
    k++;
    p *= curand_uniform(s);
  } while (p > 1.0);
  return k - 1;
}

// Inversion: the smallest k whose distribution function reaches u. Terms
// below e^-700 (together below 1e-300) are stepped over in logarithms.
static __device__ inline unsigned int __gevo_poisson_inversion(unsigned int x,
                                                               double lambda) {
  double u = x * 0x1p-32 + 0x1p-33, logLambda = log(lambda), logP = -lambda;
  unsigned int k = 0;
  for (; logP < -700.0; ++k)
    logP += logLambda - log((double)(k + 1));
  double p = exp(logP), sum = 0.0;
  for (;; ++k, p *= lambda / k) {
    sum += p;
    if (u <= sum || (p == 0.0 && k > lambda))
      return k;
  }
}

template <class S>
__GEVO_RAND unsigned int __gevo_poisson(S *s, double lambda) {
  if (lambda < 64)
    return __gevo_poisson_knuth(s, (float)lambda);
  if (lambda > 4000) // round to nearest
    return (unsigned int)((sqrt(lambda) * curand_normal_double(s)) + lambda + 0.5);
  return __gevo_poisson_inversion(curand(s), lambda);
}
__GEVO_RAND unsigned int curand_poisson(curandStateXORWOW_t *s, double lambda) {
  return __gevo_poisson(s, lambda);
}
__GEVO_RAND unsigned int curand_poisson(curandStatePhilox4_32_10_t *s,
                                        double lambda) {
  return __gevo_poisson(s, lambda);
}
__GEVO_RAND unsigned int curand_poisson(curandStateMRG32k3a_t *s,
                                        double lambda) {
  return __gevo_poisson(s, lambda);
}
__GEVO_RAND uint4 curand_poisson4(curandStatePhilox4_32_10_t *s,
                                  double lambda) {
  if (lambda > 4000) { // two fresh pairs, not the cached normal
    double2 a = __gevo_normal_pair_double(s), b = __gevo_normal_pair_double(s);
    double r = sqrt(lambda);
    return make_uint4((unsigned int)((r * a.x) + lambda + 0.5),
                      (unsigned int)((r * a.y) + lambda + 0.5),
                      (unsigned int)((r * b.x) + lambda + 0.5),
                      (unsigned int)((r * b.y) + lambda + 0.5));
  }
  unsigned int x = __gevo_poisson(s, lambda), y = __gevo_poisson(s, lambda);
  unsigned int z = __gevo_poisson(s, lambda);
  return make_uint4(x, y, z, __gevo_poisson(s, lambda));
}

#undef __GEVO_RAND
#undef __GEVO_U32_INV
#undef __GEVO_U32_INV_2PI
#undef __GEVO_MRG_NORM

#endif // GEVO_CUDA_RAND_DIST_H
