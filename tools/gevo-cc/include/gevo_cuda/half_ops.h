//===- gevo_cuda/half_ops.h - Arithmetic and comparisons ------*- C++ -*-===//
//
// Included by gevo_cuda/half_format.h once per format, after half_names.h,
// with its macros: the
// functions whose CUDA names both formats share, overloaded on __GEVO_T and
// __GEVO_T2. Arithmetic (__hadd ... __hfma, _rn, _sat and _relu forms,
// __hneg, __habs, __hmin/__hmax and their _nan forms, each also on pairs,
// and __hcmadd), the comparisons (ordered, unordered `u`, pairs as values,
// as bools `b` and as masks `_mask`), __hisnan, __hisinf, the halves of a
// pair as floats, and the C++ operators. Each operation is computed in
// float and rounded once to nearest even, which for + - * / is the
// correctly rounded result (float has more than twice the bits plus two);
// fma rounds the exact value (gevo_cuda/half_convert.h). Math functions,
// shuffles, atomics and __ldg are in gevo_cuda/half_math.h.
//
//===----------------------------------------------------------------------===//

#define __GEVO_F(H) __GEVO_N(__, 2float)(H)
#define __GEVO_R(F) __GEVO_N(__float2, _rn)(F)
#define __GEVO_BITS(H) __GEVO_N(__, _as_ushort)(H)
#define __GEVO_OF_BITS(B) __GEVO_N(__ushort_as_, )(B)

// Pairs: an operation on each half.
#define __GEVO_PAIR1(Name, Scalar)                                             \
  __GEVO_H_HD __GEVO_T2 Name(const __GEVO_T2 __a) {                            \
    return __GEVO_T2(Scalar(__a.x), Scalar(__a.y));                            \
  }
#define __GEVO_PAIR2(Name, Scalar)                                             \
  __GEVO_H_HD __GEVO_T2 Name(const __GEVO_T2 __a, const __GEVO_T2 __b) {       \
    return __GEVO_T2(Scalar(__a.x, __b.x), Scalar(__a.y, __b.y));              \
  }
#define __GEVO_PAIR3(Name, Scalar)                                             \
  __GEVO_H_HD __GEVO_T2 Name(const __GEVO_T2 __a, const __GEVO_T2 __b,         \
                             const __GEVO_T2 __c) {                            \
    return __GEVO_T2(Scalar(__a.x, __b.x, __c.x),                              \
                     Scalar(__a.y, __b.y, __c.y));                             \
  }

// Clamped to [0, 1], NaN to +0.
__GEVO_H_HD __GEVO_T __gevo_sat(const __GEVO_T __h) {
  float __f = __GEVO_F(__h);
  return __f > 0 ? (__f < 1 ? __h : __GEVO_R(1.0f)) : __GEVO_OF_BITS(0);
}

#define __GEVO_ARITH(Name, Op)                                                 \
  __GEVO_H_HD __GEVO_T Name(const __GEVO_T __a, const __GEVO_T __b) {          \
    return __GEVO_R(__GEVO_F(__a) Op __GEVO_F(__b));                           \
  }                                                                            \
  __GEVO_H_HD __GEVO_T Name##_rn(const __GEVO_T __a, const __GEVO_T __b) {     \
    return Name(__a, __b);                                                     \
  }                                                                            \
  __GEVO_H_HD __GEVO_T Name##_sat(const __GEVO_T __a, const __GEVO_T __b) {    \
    return __gevo_sat(Name(__a, __b));                                         \
  }
__GEVO_ARITH(__hadd, +)
__GEVO_ARITH(__hsub, -)
__GEVO_ARITH(__hmul, *)
#undef __GEVO_ARITH
__GEVO_H_HD __GEVO_T __hdiv(const __GEVO_T __a, const __GEVO_T __b) {
  return __GEVO_R(__GEVO_F(__a) / __GEVO_F(__b));
}
__GEVO_H_HD __GEVO_T __hfma(const __GEVO_T __a, const __GEVO_T __b,
                            const __GEVO_T __c) {
  return __GEVO_R(
      __gevo_fma_float_odd(__GEVO_F(__a), __GEVO_F(__b), __GEVO_F(__c)));
}
__GEVO_H_HD __GEVO_T __hfma_sat(const __GEVO_T __a, const __GEVO_T __b,
                                const __GEVO_T __c) {
  return __gevo_sat(__hfma(__a, __b, __c));
}
/// fma, then negative results to +0 and NaN to the canonical NaN.
__GEVO_H_HD __GEVO_T __hfma_relu(const __GEVO_T __a, const __GEVO_T __b,
                                 const __GEVO_T __c) {
  __GEVO_T __r = __hfma(__a, __b, __c);
  float __f = __GEVO_F(__r);
  return __f != __f ? __GEVO_OF_BITS(0x7fff)
         : __f < 0  ? __GEVO_OF_BITS(0)
                    : __r;
}
__GEVO_H_HD __GEVO_T __hneg(const __GEVO_T __a) {
  return __GEVO_OF_BITS(__GEVO_BITS(__a) ^ 0x8000u);
}
__GEVO_H_HD __GEVO_T __habs(const __GEVO_T __a) {
  return __GEVO_OF_BITS(__GEVO_BITS(__a) & 0x7fffu);
}

__GEVO_H_HD bool __hisnan(const __GEVO_T __a) {
  return (__GEVO_BITS(__a) & 0x7fffu) > __GEVO_BITS(__GEVO_R(__builtin_inff()));
}
/// -1 for -inf, 1 for +inf, else 0.
__GEVO_H_HD int __hisinf(const __GEVO_T __a) {
  float __f = __GEVO_F(__a);
  return __f == __builtin_inff() ? 1 : __f == -__builtin_inff() ? -1 : 0;
}

/// max and min as CUDA defines them: a NaN loses to a number (two NaNs
/// give the canonical NaN), and +0 is above -0. The _nan forms propagate
/// NaN.
__GEVO_H_HD __GEVO_T __gevo_minmax(const __GEVO_T __a, const __GEVO_T __b,
                                   bool __max, bool __nan) {
  bool __na = __hisnan(__a), __nb = __hisnan(__b);
  if (__na || __nb) {
    if (__nan || (__na && __nb))
      return __GEVO_OF_BITS(0x7fff);
    return __na ? __b : __a;
  }
  float __fa = __GEVO_F(__a), __fb = __GEVO_F(__b);
  if (__fa == __fb) // equal, or +0 and -0: the sign bits decide
    return (__GEVO_BITS(__a) >> 15) == __max ? __b : __a;
  return (__fa > __fb) == __max ? __a : __b;
}
__GEVO_H_HD __GEVO_T __hmax(const __GEVO_T __a, const __GEVO_T __b) {
  return __gevo_minmax(__a, __b, true, false);
}
__GEVO_H_HD __GEVO_T __hmin(const __GEVO_T __a, const __GEVO_T __b) {
  return __gevo_minmax(__a, __b, false, false);
}
__GEVO_H_HD __GEVO_T __hmax_nan(const __GEVO_T __a, const __GEVO_T __b) {
  return __gevo_minmax(__a, __b, true, true);
}
__GEVO_H_HD __GEVO_T __hmin_nan(const __GEVO_T __a, const __GEVO_T __b) {
  return __gevo_minmax(__a, __b, false, true);
}

__GEVO_PAIR2(__hadd2, __hadd)
__GEVO_PAIR2(__hsub2, __hsub)
__GEVO_PAIR2(__hmul2, __hmul)
__GEVO_PAIR2(__h2div, __hdiv)
__GEVO_PAIR2(__hadd2_rn, __hadd)
__GEVO_PAIR2(__hsub2_rn, __hsub)
__GEVO_PAIR2(__hmul2_rn, __hmul)
__GEVO_PAIR2(__hadd2_sat, __hadd_sat)
__GEVO_PAIR2(__hsub2_sat, __hsub_sat)
__GEVO_PAIR2(__hmul2_sat, __hmul_sat)
__GEVO_PAIR3(__hfma2, __hfma)
__GEVO_PAIR3(__hfma2_sat, __hfma_sat)
__GEVO_PAIR3(__hfma2_relu, __hfma_relu)
__GEVO_PAIR1(__hneg2, __hneg)
__GEVO_PAIR1(__habs2, __habs)
__GEVO_PAIR2(__hmax2, __hmax)
__GEVO_PAIR2(__hmin2, __hmin)
__GEVO_PAIR2(__hmax2_nan, __hmax_nan)
__GEVO_PAIR2(__hmin2_nan, __hmin_nan)

/// Complex multiply-add: (a.x + i a.y)(b.x + i b.y) + (c.x + i c.y).
__GEVO_H_HD __GEVO_T2 __hcmadd(const __GEVO_T2 __a, const __GEVO_T2 __b,
                               const __GEVO_T2 __c) {
  __GEVO_T __re = __hfma(__a.x, __b.x, __hfma(__hneg(__a.y), __b.y, __c.x));
  __GEVO_T __im = __hfma(__a.x, __b.y, __hfma(__a.y, __b.x, __c.y));
  return __GEVO_T2(__re, __im);
}

// Comparisons: ordered (false on NaN) and unordered (`u`, true on NaN);
// on pairs as 1.0/0.0 per half, as bools true when both halves hold
// (`__hb*2`), and as masks of 0xffff per half (`_mask`).
#define __GEVO_CMP(Name, Op)                                                   \
  __GEVO_H_HD bool __h##Name(const __GEVO_T __a, const __GEVO_T __b) {         \
    return !__hisnan(__a) && !__hisnan(__b) && __GEVO_F(__a) Op __GEVO_F(__b); \
  }                                                                            \
  __GEVO_H_HD bool __h##Name##u(const __GEVO_T __a, const __GEVO_T __b) {      \
    return __hisnan(__a) || __hisnan(__b) || __GEVO_F(__a) Op __GEVO_F(__b);   \
  }                                                                            \
  __GEVO_H_HD __GEVO_T2 __h##Name##2(const __GEVO_T2 __a,                      \
                                     const __GEVO_T2 __b) {                    \
    return __GEVO_T2(__GEVO_R(__h##Name(__a.x, __b.x) ? 1.0f : 0.0f),          \
                     __GEVO_R(__h##Name(__a.y, __b.y) ? 1.0f : 0.0f));         \
  }                                                                            \
  __GEVO_H_HD __GEVO_T2 __h##Name##u2(const __GEVO_T2 __a,                     \
                                      const __GEVO_T2 __b) {                   \
    return __GEVO_T2(__GEVO_R(__h##Name##u(__a.x, __b.x) ? 1.0f : 0.0f),       \
                     __GEVO_R(__h##Name##u(__a.y, __b.y) ? 1.0f : 0.0f));      \
  }                                                                            \
  __GEVO_H_HD bool __hb##Name##2(const __GEVO_T2 __a, const __GEVO_T2 __b) {   \
    return __h##Name(__a.x, __b.x) && __h##Name(__a.y, __b.y);                 \
  }                                                                            \
  __GEVO_H_HD bool __hb##Name##u2(const __GEVO_T2 __a, const __GEVO_T2 __b) {  \
    return __h##Name##u(__a.x, __b.x) && __h##Name##u(__a.y, __b.y);           \
  }                                                                            \
  __GEVO_H_HD unsigned __h##Name##2_mask(const __GEVO_T2 __a,                  \
                                         const __GEVO_T2 __b) {                \
    return (__h##Name(__a.x, __b.x) ? 0xffffu : 0u) |                          \
           (__h##Name(__a.y, __b.y) ? 0xffff0000u : 0u);                       \
  }                                                                            \
  __GEVO_H_HD unsigned __h##Name##u2_mask(const __GEVO_T2 __a,                 \
                                          const __GEVO_T2 __b) {               \
    return (__h##Name##u(__a.x, __b.x) ? 0xffffu : 0u) |                       \
           (__h##Name##u(__a.y, __b.y) ? 0xffff0000u : 0u);                    \
  }
__GEVO_CMP(eq, ==)
__GEVO_CMP(ne, !=)
__GEVO_CMP(lt, <)
__GEVO_CMP(le, <=)
__GEVO_CMP(gt, >)
__GEVO_CMP(ge, >=)
#undef __GEVO_CMP
__GEVO_H_HD __GEVO_T2 __hisnan2(const __GEVO_T2 __a) {
  return __GEVO_T2(__GEVO_R(__hisnan(__a.x) ? 1.0f : 0.0f),
                   __GEVO_R(__hisnan(__a.y) ? 1.0f : 0.0f));
}

__GEVO_H_HD float __low2float(const __GEVO_T2 __p) { return __GEVO_F(__p.x); }
__GEVO_H_HD float __high2float(const __GEVO_T2 __p) { return __GEVO_F(__p.y); }
__GEVO_H_HD __GEVO_T2 __lowhigh2highlow(const __GEVO_T2 __p) {
  return __GEVO_T2(__p.y, __p.x);
}

// C++ operators: arithmetic rounds as the functions do; == and the
// ordered comparisons are false on NaN, != true (as on float); on pairs a
// comparison holds when it holds for both halves. CUDA leaves out the
// scalar ones under __CUDA_NO_HALF_OPERATORS__ /
// __CUDA_NO_BFLOAT16_OPERATORS__ (here __GEVO_NO_OPERATORS) and the pair
// ones under __CUDA_NO_HALF2_OPERATORS__ / __CUDA_NO_BFLOAT162_OPERATORS__
// (__GEVO_NO_PAIR_OPERATORS).
#define __GEVO_OPS(T, Add, Sub, Mul, Div, Neg)                                 \
  __GEVO_H_HD T operator+(const T &__a, const T &__b) {                        \
    return Add(__a, __b);                                                      \
  }                                                                            \
  __GEVO_H_HD T operator-(const T &__a, const T &__b) {                        \
    return Sub(__a, __b);                                                      \
  }                                                                            \
  __GEVO_H_HD T operator*(const T &__a, const T &__b) {                        \
    return Mul(__a, __b);                                                      \
  }                                                                            \
  __GEVO_H_HD T operator/(const T &__a, const T &__b) {                        \
    return Div(__a, __b);                                                      \
  }                                                                            \
  __GEVO_H_HD T &operator+=(T &__a, const T &__b) { return __a = __a + __b; }  \
  __GEVO_H_HD T &operator-=(T &__a, const T &__b) { return __a = __a - __b; }  \
  __GEVO_H_HD T &operator*=(T &__a, const T &__b) { return __a = __a * __b; }  \
  __GEVO_H_HD T &operator/=(T &__a, const T &__b) { return __a = __a / __b; }  \
  __GEVO_H_HD T operator+(const T &__a) { return __a; }                        \
  __GEVO_H_HD T &operator++(T &__a) { return __a += T(__GEVO_ONES); }          \
  __GEVO_H_HD T &operator--(T &__a) { return __a -= T(__GEVO_ONES); }          \
  __GEVO_H_HD T operator++(T &__a, int) {                                      \
    T __old = __a;                                                             \
    ++__a;                                                                     \
    return __old;                                                              \
  }                                                                            \
  __GEVO_H_HD T operator--(T &__a, int) {                                      \
    T __old = __a;                                                             \
    --__a;                                                                     \
    return __old;                                                              \
  }                                                                            \
  __GEVO_H_HD T operator-(const T &__a) { return Neg(__a); }
#define __GEVO_CMP_OP(T, Op, Fn)                                               \
  __GEVO_H_HD bool operator Op(const T &__a, const T &__b) {                   \
    return Fn(__a, __b);                                                       \
  }
// The six comparisons of T by the functions Pre##eq##Post ... Pre##ge##Post.
#define __GEVO_CMP_OPS(T, Pre, Post)                                           \
  __GEVO_CMP_OP(T, ==, Pre##eq##Post)                                          \
  __GEVO_CMP_OP(T, !=, Pre##neu##Post)                                         \
  __GEVO_CMP_OP(T, <, Pre##lt##Post)                                           \
  __GEVO_CMP_OP(T, <=, Pre##le##Post)                                          \
  __GEVO_CMP_OP(T, >, Pre##gt##Post)                                           \
  __GEVO_CMP_OP(T, >=, Pre##ge##Post)
#ifndef __GEVO_NO_OPERATORS
#define __GEVO_ONES __GEVO_R(1.0f)
__GEVO_OPS(__GEVO_T, __hadd, __hsub, __hmul, __hdiv, __hneg)
#undef __GEVO_ONES
__GEVO_CMP_OPS(__GEVO_T, __h, )
#endif
#ifndef __GEVO_NO_PAIR_OPERATORS
#define __GEVO_ONES __GEVO_R(1.0f), __GEVO_R(1.0f)
__GEVO_OPS(__GEVO_T2, __hadd2, __hsub2, __hmul2, __h2div, __hneg2)
#undef __GEVO_ONES
__GEVO_CMP_OPS(__GEVO_T2, __hb, 2)
#endif
#undef __GEVO_OPS
#undef __GEVO_CMP_OP
#undef __GEVO_CMP_OPS

#undef __GEVO_PAIR1
#undef __GEVO_PAIR2
#undef __GEVO_PAIR3
#undef __GEVO_F
#undef __GEVO_R
#undef __GEVO_BITS
#undef __GEVO_OF_BITS
