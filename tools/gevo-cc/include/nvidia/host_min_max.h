// gevo-cc with NVIDIA's headers: min and max (and umin, llmin, ullmin, umax,
// llmax, ullmax) callable from host code.
//
// Gap: nvcc's host pass declares CUDA's whole min/max overload set
// __host__ __device__ (int, unsigned, long, long long and their mixes,
// float, double), so host code such as
//   int blocks = min(maxBlocks, (n + threads - 1) / threads);
// compiles. Clang 19's CUDA wrapper reads the same header with __host__
// poisoned, which leaves every overload __device__ only: the host call is
// "no matching function" and stops device compilation. These host
// overloads mirror the device set (same parameter and result types, so
// mixed calls resolve, or are ambiguous, exactly as nvcc's do); device code
// keeps NVIDIA's and clang's device versions, which clang prefers there.
// Host code is only parsed in a device-only compile; the bodies are plain C.
#pragma once

// min and max of the (A, B) overload: Min and Max of both operands as R.
#define __GEVO_HOST_MIN_MAX(R, A, B, Min, Max)                                 \
  static inline __host__ R min(const A __a, const B __b) {                     \
    return Min((R)__a, (R)__b);                                                \
  }                                                                            \
  static inline __host__ R max(const A __a, const B __b) {                     \
    return Max((R)__a, (R)__b);                                                \
  }
#define __GEVO_HOST_LESS(__a, __b) (__a < __b ? __a : __b)
#define __GEVO_HOST_MORE(__a, __b) (__a > __b ? __a : __b)
#define __GEVO_HOST_INT_MIN_MAX(R, A, B)                                       \
  __GEVO_HOST_MIN_MAX(R, A, B, __GEVO_HOST_LESS, __GEVO_HOST_MORE)
__GEVO_HOST_INT_MIN_MAX(int, int, int)
__GEVO_HOST_INT_MIN_MAX(unsigned int, unsigned int, unsigned int)
__GEVO_HOST_INT_MIN_MAX(unsigned int, int, unsigned int)
__GEVO_HOST_INT_MIN_MAX(unsigned int, unsigned int, int)
__GEVO_HOST_INT_MIN_MAX(long, long, long)
__GEVO_HOST_INT_MIN_MAX(unsigned long, unsigned long, unsigned long)
__GEVO_HOST_INT_MIN_MAX(unsigned long, long, unsigned long)
__GEVO_HOST_INT_MIN_MAX(unsigned long, unsigned long, long)
__GEVO_HOST_INT_MIN_MAX(long long, long long, long long)
__GEVO_HOST_INT_MIN_MAX(unsigned long long, unsigned long long,
                        unsigned long long)
__GEVO_HOST_INT_MIN_MAX(unsigned long long, long long, unsigned long long)
__GEVO_HOST_INT_MIN_MAX(unsigned long long, unsigned long long, long long)

// Floating point: NaN-ignoring, as fminf/fmax are.
__GEVO_HOST_MIN_MAX(float, float, float, fminf, fmaxf)
__GEVO_HOST_MIN_MAX(double, double, double, fmin, fmax)
__GEVO_HOST_MIN_MAX(double, float, double, fmin, fmax)
__GEVO_HOST_MIN_MAX(double, double, float, fmin, fmax)

// The typed helpers nvcc's host pass also declares.
#define __GEVO_HOST_TYPED_MIN_MAX(Min, Max, T)                                 \
  static inline __host__ T Min(T __a, T __b) { return min(__a, __b); }         \
  static inline __host__ T Max(T __a, T __b) { return max(__a, __b); }
__GEVO_HOST_TYPED_MIN_MAX(umin, umax, unsigned int)
__GEVO_HOST_TYPED_MIN_MAX(llmin, llmax, long long)
__GEVO_HOST_TYPED_MIN_MAX(ullmin, ullmax, unsigned long long)

#undef __GEVO_HOST_MIN_MAX
#undef __GEVO_HOST_LESS
#undef __GEVO_HOST_MORE
#undef __GEVO_HOST_INT_MIN_MAX
#undef __GEVO_HOST_TYPED_MIN_MAX
