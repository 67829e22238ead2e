//===- cuComplex.h - gevo's stand-in for CUDA's complex types -*- C++ -*-===//
//
// Host-only stand-in (include/hostonly/; a CUDA toolkit's own cuComplex.h
// wins): the complex types of the cuBLAS and cuFFT stand-ins as the vector
// types they are, with the accessors and arithmetic that host and device
// code use, written from their definitions (x real, y imaginary; cuCdiv and
// cuCabs by the plain formulas, without CUDA's scaling against overflow).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HOSTONLY_CUCOMPLEX_H
#define GEVO_HOSTONLY_CUCOMPLEX_H

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#define __GEVO_COMPLEX(T, R, S)                                                \
  __host__ __device__ static inline R cuCreal##S(T __z) { return __z.x; }      \
  __host__ __device__ static inline R cuCimag##S(T __z) { return __z.y; }      \
  __host__ __device__ static inline T make_##T(R __re, R __im) {               \
    T __z;                                                                     \
    __z.x = __re;                                                              \
    __z.y = __im;                                                              \
    return __z;                                                                \
  }                                                                            \
  __host__ __device__ static inline T cuConj##S(T __z) {                       \
    return make_##T(__z.x, -__z.y);                                            \
  }                                                                            \
  __host__ __device__ static inline T cuCadd##S(T __a, T __b) {                \
    return make_##T(__a.x + __b.x, __a.y + __b.y);                             \
  }                                                                            \
  __host__ __device__ static inline T cuCsub##S(T __a, T __b) {                \
    return make_##T(__a.x - __b.x, __a.y - __b.y);                             \
  }                                                                            \
  __host__ __device__ static inline T cuCmul##S(T __a, T __b) {                \
    return make_##T(__a.x * __b.x - __a.y * __b.y,                             \
                    __a.x * __b.y + __a.y * __b.x);                            \
  }                                                                            \
  __host__ __device__ static inline T cuCdiv##S(T __a, T __b) {                \
    R __d = __b.x * __b.x + __b.y * __b.y;                                     \
    return make_##T((__a.x * __b.x + __a.y * __b.y) / __d,                     \
                    (__a.y * __b.x - __a.x * __b.y) / __d);                    \
  }                                                                            \
  __host__ __device__ static inline R cuCabs##S(T __z) {                       \
    return sqrt(__z.x * __z.x + __z.y * __z.y);                                \
  }
__GEVO_COMPLEX(cuFloatComplex, float, f)
__GEVO_COMPLEX(cuDoubleComplex, double, )
#undef __GEVO_COMPLEX

__host__ __device__ static inline cuComplex make_cuComplex(float __re,
                                                           float __im) {
  return make_cuFloatComplex(__re, __im);
}

#endif
