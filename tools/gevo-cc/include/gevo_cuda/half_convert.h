//===- gevo_cuda/half_convert.h - 16-bit float rounding ------*- C++ -*-===//
//
// The bit-level conversions behind cuda_fp16.h and cuda_bf16.h: float to
// binary16 or bfloat16 in each of CUDA's rounding modes (nearest-even,
// toward zero, down, up) with subnormals, overflow and the canonical NaN
// (0x7fff) as the hardware's cvt gives them; the exact conversions back to
// float; double and 64-bit integers to float rounded to odd, so that a
// second rounding to 16 bits is correct; the saturating conversions of a
// float to the integer types (NaN: 0, or 0x8000000000000000 for 64 bits);
// and fma to odd. Plain integer code, which the NVPTX backend and the cpu
// target's host JIT both take and agree on, except binary16 to and from
// float to nearest: clang's _Float16 conversions (one cvt each in PTX,
// exact in the JIT too), NaN made canonical. Not here: the types and
// CUDA's names (gevo_cuda/half_type.h, half_names.h).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_HALF_CONVERT_H
#define GEVO_CUDA_HALF_CONVERT_H

#define __GEVO_CVT static __host__ __device__ __forceinline__

// CUDA's rounding modes, as the suffixes _rn, _rz, _rd, _ru name them.
enum __gevo_round_mode { __gevo_rn, __gevo_rz, __gevo_rd, __gevo_ru };

/// \p F rounded to a 16-bit format with \p Man fraction bits and exponent
/// bias \p Bias (binary16: 10, 15; bfloat16: 7, 127), as bits.
__GEVO_CVT unsigned short __gevo_float_to_bits16(float __f, int __mode,
                                                 int __man, int __bias) {
  if (__mode == __gevo_rn && __man == 10) // binary16 to nearest: one cvt
    return __f != __f ? 0x7fff
                      : __builtin_bit_cast(unsigned short, (_Float16)__f);
  unsigned __u = __builtin_bit_cast(unsigned, __f);
  unsigned short __sign = (__u >> 16) & 0x8000u;
  unsigned __a = __u & 0x7fffffffu;
  unsigned __inf = ((2u * __bias + 1) << __man); // all-ones exponent
  if (__a > 0x7f800000u)
    return 0x7fff;
  if (__a == 0x7f800000u)
    return __sign | __inf;
  bool __neg = __sign != 0;
  unsigned __exp = __a >> 23;
  int __e = __exp ? (int)__exp : 1; // a float subnormal has exponent 1 - 127
  unsigned __m = (__a & 0x7fffffu) | (__exp ? 0x800000u : 0u);
  int __he = __e - 127 + __bias; // the target's biased exponent
  if (__he >= (int)(2 * __bias + 1)) {
    bool __toInf = __mode == __gevo_rn || (__mode == __gevo_ru && !__neg) ||
                   (__mode == __gevo_rd && __neg);
    return __sign | (__toInf ? __inf : __inf - 1);
  }
  int __shift = 23 - __man;
  unsigned __base = 0;
  if (__he >= 1)
    __base = (unsigned)(__he - 1) << __man; // plus the implicit bit below
  else
    __shift += 1 - __he;
  if (__shift > 25)
    __shift = 25; // all of m is below the last place, less than half of it
  unsigned __r = __base + (__m >> __shift);
  unsigned __rem = __m & ((1u << __shift) - 1);
  unsigned __halfway = 1u << (__shift - 1);
  bool __inc = false;
  if (__mode == __gevo_rn)
    __inc = __rem > __halfway || (__rem == __halfway && (__r & 1));
  else if (__mode == __gevo_ru)
    __inc = __rem && !__neg;
  else if (__mode == __gevo_rd)
    __inc = __rem && __neg;
  return __sign | (unsigned short)(__r + __inc); // a carry may reach inf
}

/// binary16 bits to float, exactly: one cvt (fpext).
__GEVO_CVT float __gevo_half_bits_to_float(unsigned short __h) {
  return (float)__builtin_bit_cast(_Float16, __h);
}

/// bfloat16 bits to float: the upper half of the float's bits.
__GEVO_CVT float __gevo_bf16_bits_to_float(unsigned short __h) {
  return __builtin_bit_cast(float, (unsigned)__h << 16);
}

/// \p F moved one place away from zero (\p Away) or toward it, as bits.
__GEVO_CVT float __gevo_float_nudge(float __f, bool __away) {
  unsigned __u = __builtin_bit_cast(unsigned, __f);
  return __builtin_bit_cast(float, __away ? __u + 1 : __u - 1);
}

/// \p D rounded to float to odd: an inexact result gets an odd last bit.
/// Rounding that float again to 16 bits, in any mode, is then as rounding
/// \p D once. NaN stays NaN.
__GEVO_CVT float __gevo_double_to_float_odd(double __d) {
  float __f = (float)__d;
  if (__d != __d || (double)__f == __d)
    return __f;
  if (__builtin_bit_cast(unsigned, __f) & 1)
    return __f;
  double __af = __f < 0 ? -(double)__f : (double)__f;
  double __ad = __d < 0 ? -__d : __d;
  return __gevo_float_nudge(__f, __ad > __af);
}

/// The magnitude \p M (sign \p Neg) rounded to float to odd.
__GEVO_CVT float __gevo_u64_to_float_odd(unsigned long long __m, bool __neg) {
  float __f;
  if (__m < (1ull << 24)) {
    __f = (float)__m;
  } else {
    int __shift = 64 - 24 - __builtin_clzll(__m);
    unsigned long long __kept = __m >> __shift;
    if (__m & ((1ull << __shift) - 1))
      __kept |= 1;                                  // sticky
    __f = (float)__kept * (float)(1ull << __shift); // both exact
  }
  return __neg ? -__f : __f;
}
__GEVO_CVT float __gevo_ll_to_float_odd(long long __v) {
  unsigned long long __m =
      __v < 0 ? 0ull - (unsigned long long)__v : (unsigned long long)__v;
  return __gevo_u64_to_float_odd(__m, __v < 0);
}

/// A * B + C rounded to float to odd, for a fused multiply-add rounded once
/// to 16 bits: the product is exact in double and 2Sum gives the sum's
/// rounding error, which marks an inexact sum odd before the float step.
__GEVO_CVT float __gevo_fma_float_odd(float __a, float __b, float __c) {
  double __p = (double)__a * (double)__b, __dc = __c;
  double __s = __p + __dc;
  if (__s - __s != 0) // inf or NaN
    return (float)__s;
  double __bp = __s - __dc;
  double __err = (__p - __bp) + (__dc - (__s - __bp));
  unsigned long long __u = __builtin_bit_cast(unsigned long long, __s);
  if (__err != 0 && !(__u & 1))
    __s = __builtin_bit_cast(double,
                             (__err > 0) == (__s > 0) ? __u + 1 : __u - 1);
  return __gevo_double_to_float_odd(__s);
}

/// \p F rounded to an integral float in \p Mode.
__GEVO_CVT float __gevo_round_float(float __f, int __mode) {
  switch (__mode) {
  case __gevo_rz:
    return __builtin_truncf(__f);
  case __gevo_rd:
    return __builtin_floorf(__f);
  case __gevo_ru:
    return __builtin_ceilf(__f);
  default:
    return __builtin_rintf(__f);
  }
}

/// \p F rounded in \p Mode to the integer type \p T, saturating (PTX's
/// cvt.rni/rzi/rmi/rpi); NaN is 0, or 0x8000000000000000 for the 64-bit
/// types, as CUDA documents.
template <typename T> __GEVO_CVT T __gevo_float_to_int(float __f, int __mode) {
  if (__f != __f)
    return sizeof(T) == 8 ? (T)(1ull << 63) : 0;
  float __r = __gevo_round_float(__f, __mode);
  const T __lo = T(0) < T(-1) ? T(0) : T(T(1) << (sizeof(T) * 8 - 1));
  const T __hi = T(~__lo);
  float __top = 2.0f * (float)(__hi / 2 + 1); // hi + 1, a power of two
  if (__r >= __top)
    return __hi;
  if (__r < (float)__lo)
    return __lo;
  return (T)__r;
}

#undef __GEVO_CVT

#endif // GEVO_CUDA_HALF_CONVERT_H
