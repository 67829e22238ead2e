//===- gevo_cuda/half_names.h - Conversions named per format --*- C++ -*-===//
//
// Included by gevo_cuda/half_format.h once per format, after half_type.h,
// with its macros and __GEVO_N(P, S), pasting P, the format's stem (`half`,
// `bfloat16`) and S (__GEVO_N(__float2, _rz) is __float2half_rz or
// __float2bfloat16_rz), and __GEVO_SPLAT (__half2half2 or
// __bfloat162bfloat162). The conversions whose CUDA names carry the stem:
// float, double and the integer types to the format in each rounding mode
// (CUDA has double in _rn only; the other modes are gevo's), back to float
// and, saturating, to the integers in each mode, pairs from and to floats,
// halves of pairs, and the bit casts. The functions whose names both
// formats share are in gevo_cuda/half_ops.h.
//
//===----------------------------------------------------------------------===//

/// The bits of \p F rounded in \p Mode, as the scalar type.
__GEVO_H_HD __GEVO_T __GEVO_N(__gevo_round_, )(float __f, int __mode) {
  __GEVO_RAW __r;
  __r.x = __gevo_float_to_bits16(__f, __mode, __GEVO_MAN, __GEVO_BIAS);
  return __r;
}

__GEVO_H_HD unsigned short __GEVO_N(__, _as_ushort)(const __GEVO_T __h) {
  return static_cast<__GEVO_RAW>(__h).x;
}
__GEVO_H_HD short __GEVO_N(__, _as_short)(const __GEVO_T __h) {
  return (short)static_cast<__GEVO_RAW>(__h).x;
}
__GEVO_H_HD __GEVO_T __GEVO_N(__ushort_as_, )(const unsigned short __b) {
  __GEVO_RAW __r;
  __r.x = __b;
  return __r;
}
__GEVO_H_HD __GEVO_T __GEVO_N(__short_as_, )(const short __b) {
  return __GEVO_N(__ushort_as_, )((unsigned short)__b);
}

__GEVO_H_HD float __GEVO_N(__, 2float)(const __GEVO_T __h) {
  return __GEVO_TOF(__GEVO_N(__, _as_ushort)(__h));
}

// Floating and integer types to the format, in the four modes. double and
// the 64-bit integers go through a float rounded to odd.
#define __GEVO_FROM(Src, Conv, ToFloat)                                        \
  __GEVO_H_HD __GEVO_T __GEVO_N(__##Conv##2, _rn)(const Src __v) {             \
    return __GEVO_N(__gevo_round_, )(ToFloat, __gevo_rn);                      \
  }                                                                            \
  __GEVO_H_HD __GEVO_T __GEVO_N(__##Conv##2, _rz)(const Src __v) {             \
    return __GEVO_N(__gevo_round_, )(ToFloat, __gevo_rz);                      \
  }                                                                            \
  __GEVO_H_HD __GEVO_T __GEVO_N(__##Conv##2, _rd)(const Src __v) {             \
    return __GEVO_N(__gevo_round_, )(ToFloat, __gevo_rd);                      \
  }                                                                            \
  __GEVO_H_HD __GEVO_T __GEVO_N(__##Conv##2, _ru)(const Src __v) {             \
    return __GEVO_N(__gevo_round_, )(ToFloat, __gevo_ru);                      \
  }
__GEVO_FROM(float, float, __v)
__GEVO_FROM(double, double, __gevo_double_to_float_odd(__v))
__GEVO_FROM(short, short, __gevo_ll_to_float_odd(__v))
__GEVO_FROM(int, int, __gevo_ll_to_float_odd(__v))
__GEVO_FROM(long long, ll, __gevo_ll_to_float_odd(__v))
__GEVO_FROM(unsigned short, ushort, __gevo_u64_to_float_odd(__v, false))
__GEVO_FROM(unsigned, uint, __gevo_u64_to_float_odd(__v, false))
__GEVO_FROM(unsigned long long, ull, __gevo_u64_to_float_odd(__v, false))
#undef __GEVO_FROM
__GEVO_H_HD __GEVO_T __GEVO_N(__float2, )(const float __f) {
  return __GEVO_N(__float2, _rn)(__f);
}
__GEVO_H_HD __GEVO_T __GEVO_N(__double2, )(const double __d) {
  return __GEVO_N(__double2, _rn)(__d);
}

// The format to the integer types, in the four modes, saturating.
#define __GEVO_TO(Dst, Conv)                                                   \
  __GEVO_H_HD Dst __GEVO_N(__, 2##Conv##_rn)(const __GEVO_T __h) {             \
    return __gevo_float_to_int<Dst>(__GEVO_N(__, 2float)(__h), __gevo_rn);     \
  }                                                                            \
  __GEVO_H_HD Dst __GEVO_N(__, 2##Conv##_rz)(const __GEVO_T __h) {             \
    return __gevo_float_to_int<Dst>(__GEVO_N(__, 2float)(__h), __gevo_rz);     \
  }                                                                            \
  __GEVO_H_HD Dst __GEVO_N(__, 2##Conv##_rd)(const __GEVO_T __h) {             \
    return __gevo_float_to_int<Dst>(__GEVO_N(__, 2float)(__h), __gevo_rd);     \
  }                                                                            \
  __GEVO_H_HD Dst __GEVO_N(__, 2##Conv##_ru)(const __GEVO_T __h) {             \
    return __gevo_float_to_int<Dst>(__GEVO_N(__, 2float)(__h), __gevo_ru);     \
  }
__GEVO_TO(short, short)
__GEVO_TO(int, int)
__GEVO_TO(long long, ll)
__GEVO_TO(unsigned short, ushort)
__GEVO_TO(unsigned, uint)
__GEVO_TO(unsigned long long, ull)
#undef __GEVO_TO
__GEVO_H_HD signed char __GEVO_N(__, 2char_rz)(const __GEVO_T __h) {
  return __gevo_float_to_int<signed char>(__GEVO_N(__, 2float)(__h), __gevo_rz);
}
__GEVO_H_HD unsigned char __GEVO_N(__, 2uchar_rz)(const __GEVO_T __h) {
  return __gevo_float_to_int<unsigned char>(__GEVO_N(__, 2float)(__h),
                                            __gevo_rz);
}

// Pairs.
__GEVO_H_HD __GEVO_T2 __GEVO_N(make_, 2)(const __GEVO_T __x,
                                         const __GEVO_T __y) {
  return __GEVO_T2(__x, __y);
}
__GEVO_H_HD __GEVO_T2 __GEVO_N(__halves2, 2)(const __GEVO_T __lo,
                                             const __GEVO_T __hi) {
  return __GEVO_T2(__lo, __hi);
}
__GEVO_H_HD __GEVO_T2 __GEVO_SPLAT(const __GEVO_T __h) {
  return __GEVO_T2(__h, __h);
}
__GEVO_H_HD __GEVO_T2 __GEVO_N(__float2, 2_rn)(const float __f) {
  return __GEVO_T2(__GEVO_N(__float2, _rn)(__f), __GEVO_N(__float2, _rn)(__f));
}
__GEVO_H_HD __GEVO_T2 __GEVO_N(__floats2, 2_rn)(const float __a,
                                                const float __b) {
  return __GEVO_T2(__GEVO_N(__float2, _rn)(__a), __GEVO_N(__float2, _rn)(__b));
}
__GEVO_H_HD __GEVO_T2 __GEVO_N(__float22, 2_rn)(const float2 __f) {
  return __GEVO_N(__floats2, 2_rn)(__f.x, __f.y);
}
__GEVO_H_HD float2 __GEVO_N(__, 22float2)(const __GEVO_T2 __p) {
  return make_float2(__GEVO_N(__, 2float)(__p.x), __GEVO_N(__, 2float)(__p.y));
}
__GEVO_H_HD __GEVO_T __GEVO_N(__low2, )(const __GEVO_T2 __p) { return __p.x; }
__GEVO_H_HD __GEVO_T __GEVO_N(__high2, )(const __GEVO_T2 __p) { return __p.y; }
__GEVO_H_HD __GEVO_T2 __GEVO_N(__low2, 2)(const __GEVO_T2 __p) {
  return __GEVO_T2(__p.x, __p.x);
}
__GEVO_H_HD __GEVO_T2 __GEVO_N(__high2, 2)(const __GEVO_T2 __p) {
  return __GEVO_T2(__p.y, __p.y);
}
__GEVO_H_HD __GEVO_T2 __GEVO_N(__lows2, 2)(const __GEVO_T2 __a,
                                           const __GEVO_T2 __b) {
  return __GEVO_T2(__a.x, __b.x);
}
__GEVO_H_HD __GEVO_T2 __GEVO_N(__highs2, 2)(const __GEVO_T2 __a,
                                            const __GEVO_T2 __b) {
  return __GEVO_T2(__a.y, __b.y);
}
