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

#pragma push_macro("__GEVO_HOST_MIN_MAX")
#define __GEVO_HOST_MIN_MAX(R, A, B)                                           \
  static inline __host__ R min(const A __a, const B __b) {                     \
    return (R)__a < (R)__b ? (R)__a : (R)__b;                                  \
  }                                                                            \
  static inline __host__ R max(const A __a, const B __b) {                     \
    return (R)__a > (R)__b ? (R)__a : (R)__b;                                  \
  }
__GEVO_HOST_MIN_MAX(int, int, int)
__GEVO_HOST_MIN_MAX(unsigned int, unsigned int, unsigned int)
__GEVO_HOST_MIN_MAX(unsigned int, int, unsigned int)
__GEVO_HOST_MIN_MAX(unsigned int, unsigned int, int)
__GEVO_HOST_MIN_MAX(long, long, long)
__GEVO_HOST_MIN_MAX(unsigned long, unsigned long, unsigned long)
__GEVO_HOST_MIN_MAX(unsigned long, long, unsigned long)
__GEVO_HOST_MIN_MAX(unsigned long, unsigned long, long)
__GEVO_HOST_MIN_MAX(long long, long long, long long)
__GEVO_HOST_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
__GEVO_HOST_MIN_MAX(unsigned long long, long long, unsigned long long)
__GEVO_HOST_MIN_MAX(unsigned long long, unsigned long long, long long)
#undef __GEVO_HOST_MIN_MAX
#pragma pop_macro("__GEVO_HOST_MIN_MAX")

// Floating point: NaN-ignoring, as fminf/fmax are.
static inline __host__ float min(const float __a, const float __b) {
  return fminf(__a, __b);
}
static inline __host__ float max(const float __a, const float __b) {
  return fmaxf(__a, __b);
}
static inline __host__ double min(const double __a, const double __b) {
  return fmin(__a, __b);
}
static inline __host__ double max(const double __a, const double __b) {
  return fmax(__a, __b);
}
static inline __host__ double min(const float __a, const double __b) {
  return fmin(__a, __b);
}
static inline __host__ double max(const float __a, const double __b) {
  return fmax(__a, __b);
}
static inline __host__ double min(const double __a, const float __b) {
  return fmin(__a, __b);
}
static inline __host__ double max(const double __a, const float __b) {
  return fmax(__a, __b);
}

// The typed helpers nvcc's host pass also declares.
static inline __host__ unsigned int umin(unsigned int __a, unsigned int __b) {
  return min(__a, __b);
}
static inline __host__ unsigned int umax(unsigned int __a, unsigned int __b) {
  return max(__a, __b);
}
static inline __host__ long long llmin(long long __a, long long __b) {
  return min(__a, __b);
}
static inline __host__ long long llmax(long long __a, long long __b) {
  return max(__a, __b);
}
static inline __host__ unsigned long long ullmin(unsigned long long __a,
                                                 unsigned long long __b) {
  return min(__a, __b);
}
static inline __host__ unsigned long long ullmax(unsigned long long __a,
                                                 unsigned long long __b) {
  return max(__a, __b);
}
