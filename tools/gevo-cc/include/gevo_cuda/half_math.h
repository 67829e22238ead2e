//===- gevo_cuda/half_math.h - Math, shuffles, atomics, __ldg -*- C++ -*-===//
//
// Included by gevo_cuda/half_format.h once per format, after half_ops.h,
// with its macros: CUDA's
// device functions on __GEVO_T and __GEVO_T2 beyond arithmetic. The math
// functions (hsqrt hrsqrt hrcp hexp hexp2 hexp10 hlog hlog2 hlog10 hsin hcos
// htanh htrunc hceil hfloor hrint and their h2 forms) are the float
// function rounded once to nearest even: correctly rounded for hsqrt, hrcp
// and the roundings, within a few ulp of the 16-bit result for the others
// (CUDA documents error bounds, not results). __shfl_sync, __shfl_up_sync,
// __shfl_down_sync and __shfl_xor_sync move the bits through the 32-bit
// shuffles of gevo_cuda/warp.h; atomicAdd on the scalar (a 16-bit
// compare-and-swap loop) and on the pair (a 32-bit one, both halves in
// one atomic step, as strong as CUDA promises and more); __ldg as a 16- or
// 32-bit read-only load.
//
//===----------------------------------------------------------------------===//

#define __GEVO_F(H) __GEVO_N(__, 2float)(H)
#define __GEVO_R(F) __GEVO_N(__float2, _rn)(F)
#define __GEVO_BITS(H) __GEVO_N(__, _as_ushort)(H)
#define __GEVO_OF_BITS(B) __GEVO_N(__ushort_as_, )(B)
#define __GEVO_H_DEV static __device__ __forceinline__

#define __GEVO_MATH(Name, Float)                                               \
  __GEVO_H_DEV __GEVO_T h##Name(const __GEVO_T __a) {                          \
    return __GEVO_R(Float(__GEVO_F(__a)));                                     \
  }                                                                            \
  __GEVO_H_DEV __GEVO_T2 h2##Name(const __GEVO_T2 __a) {                       \
    return __GEVO_T2(h##Name(__a.x), h##Name(__a.y));                          \
  }
__GEVO_MATH(sqrt, ::sqrtf)
__GEVO_MATH(rsqrt, ::rsqrtf)
__GEVO_MATH(rcp, 1.0f /)
__GEVO_MATH(exp, ::expf)
__GEVO_MATH(exp2, ::exp2f)
__GEVO_MATH(exp10, ::exp10f)
__GEVO_MATH(log, ::logf)
__GEVO_MATH(log2, ::log2f)
__GEVO_MATH(log10, ::log10f)
__GEVO_MATH(sin, ::sinf)
__GEVO_MATH(cos, ::cosf)
__GEVO_MATH(tanh, ::tanhf)
__GEVO_MATH(trunc, __builtin_truncf)
__GEVO_MATH(ceil, __builtin_ceilf)
__GEVO_MATH(floor, __builtin_floorf)
__GEVO_MATH(rint, __builtin_rintf)
#undef __GEVO_MATH

// Shuffles: the 16 bits of a scalar, or the 32 of a pair, as an int.
#define __GEVO_SHUFFLE(Name, Offset)                                           \
  __GEVO_H_DEV __GEVO_T Name(unsigned __m, const __GEVO_T __v, Offset __o,     \
                             int __w = warpSize) {                             \
    int __r = Name(__m, (int)__GEVO_BITS(__v), __o, __w);                      \
    return __GEVO_OF_BITS((unsigned short)__r);                                \
  }                                                                            \
  __GEVO_H_DEV __GEVO_T2 Name(unsigned __m, const __GEVO_T2 __v, Offset __o,   \
                              int __w = warpSize) {                            \
    int __r = Name(__m, __builtin_bit_cast(int, __v), __o, __w);               \
    return __builtin_bit_cast(__GEVO_T2, __r);                                 \
  }
__GEVO_SHUFFLE(__shfl_sync, int)
__GEVO_SHUFFLE(__shfl_up_sync, unsigned)
__GEVO_SHUFFLE(__shfl_down_sync, unsigned)
__GEVO_SHUFFLE(__shfl_xor_sync, int)
#undef __GEVO_SHUFFLE

/// Adds \p V to *\p P atomically; returns the old value.
__GEVO_H_DEV __GEVO_T atomicAdd(__GEVO_T *__p, const __GEVO_T __v) {
  unsigned short *__w = reinterpret_cast<unsigned short *>(__p);
  unsigned short __old = __atomic_load_n(__w, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(
      __w, &__old, __GEVO_BITS(__hadd(__GEVO_OF_BITS(__old), __v)), false,
      __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return __GEVO_OF_BITS(__old);
}
__GEVO_H_DEV __GEVO_T2 atomicAdd(__GEVO_T2 *__p, const __GEVO_T2 __v) {
  unsigned *__w = reinterpret_cast<unsigned *>(__p);
  unsigned __old = __atomic_load_n(__w, __ATOMIC_RELAXED), __seen;
  do {
    __seen = __old;
    __GEVO_T2 __sum = __hadd2(__builtin_bit_cast(__GEVO_T2, __seen), __v);
    __old = atomicCAS(__w, __seen, __builtin_bit_cast(unsigned, __sum));
  } while (__old != __seen);
  return __builtin_bit_cast(__GEVO_T2, __old);
}

__GEVO_H_DEV __GEVO_T __ldg(const __GEVO_T *__p) {
  return __GEVO_OF_BITS(
      __nvvm_ldg_us(reinterpret_cast<const unsigned short *>(__p)));
}
__GEVO_H_DEV __GEVO_T2 __ldg(const __GEVO_T2 *__p) {
  return __builtin_bit_cast(
      __GEVO_T2, __nvvm_ldg_ui(reinterpret_cast<const unsigned *>(__p)));
}

#undef __GEVO_H_DEV
#undef __GEVO_F
#undef __GEVO_R
#undef __GEVO_BITS
#undef __GEVO_OF_BITS
