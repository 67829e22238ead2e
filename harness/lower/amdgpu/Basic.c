/*===- Basic.c - libdevice functions that are one LLVM intrinsic or a few
 *              instructions, for AMDGPU ---------------------------------===*
 *
 * Rounding, min/max, fma, sqrt, bit casts, conversions with CUDA's
 * saturating semantics, the _rn arithmetic (the default rounding), the
 * __nv_fast_* approximations on the backend's native instructions, and
 * the integer functions. Every clang builtin here becomes an LLVM
 * intrinsic the AMDGPU backend selects.
 *
 *===----------------------------------------------------------------------===*/
#include "NvMath.h"

/* A double function Name and its float twin Name##f on one builtin. */
#define BUILTIN1(Name, Builtin)                                                \
  double NV(Name)(double X) { return __builtin_##Builtin(X); }                 \
  float NV(Name##f)(float X) { return __builtin_##Builtin##f(X); }
#define BUILTIN2(Name, Builtin)                                                \
  double NV(Name)(double X, double Y) { return __builtin_##Builtin(X, Y); }    \
  float NV(Name##f)(float X, float Y) { return __builtin_##Builtin##f(X, Y); }

BUILTIN1(sqrt, sqrt)
BUILTIN1(fabs, fabs)
BUILTIN1(floor, floor)
BUILTIN1(ceil, ceil)
BUILTIN1(trunc, trunc)
BUILTIN1(rint, rint)
BUILTIN1(nearbyint, rint)
BUILTIN1(round, round)
BUILTIN2(fmin, fmin)
BUILTIN2(fmax, fmax)
BUILTIN2(copysign, copysign)
BUILTIN2(fmod, fmod)

double NV(fma)(double X, double Y, double Z) { return __builtin_fma(X, Y, Z); }
float NV(fmaf)(float X, float Y, float Z) { return __builtin_fmaf(X, Y, Z); }
double NV(rsqrt)(double X) { return 1.0 / __builtin_sqrt(X); }
float NV(rsqrtf)(float X) { return 1.0f / __builtin_sqrtf(X); }
double NV(fdim)(double X, double Y) { return X > Y ? X - Y : (X != X || Y != Y ? X + Y : 0.0); }
float NV(fdimf)(float X, float Y) { return X > Y ? X - Y : (X != X || Y != Y ? X + Y : 0.0f); }
double NV(ldexp)(double X, int E) { return __builtin_ldexp(X, E); }
float NV(ldexpf)(float X, int E) { return __builtin_ldexpf(X, E); }
double NV(scalbn)(double X, int E) { return __builtin_ldexp(X, E); }
float NV(scalbnf)(float X, int E) { return __builtin_ldexpf(X, E); }

/* Arithmetic in round-to-nearest, the default: F##_rn on floats and its
   twin D##_rn on doubles, X Op Y. */
#define RN_ARITH(F, D, Op)                                                     \
  float NV(F##_rn)(float X, float Y) { return X Op Y; }                        \
  double NV(D##_rn)(double X, double Y) { return X Op Y; }
RN_ARITH(fadd, dadd, +)
RN_ARITH(fsub, dsub, -)
RN_ARITH(fmul, dmul, *)
RN_ARITH(fdiv, ddiv, /)
float NV(frcp_rn)(float X) { return 1.0f / X; }
double NV(drcp_rn)(double X) { return 1.0 / X; }
float NV(fsqrt_rn)(float X) { return __builtin_sqrtf(X); }
double NV(dsqrt_rn)(double X) { return __builtin_sqrt(X); }
float NV(fmaf_rn)(float X, float Y, float Z) { return __builtin_fmaf(X, Y, Z); }
double NV(fma_rn)(double X, double Y, double Z) { return __builtin_fma(X, Y, Z); }
float NV(fdividef)(float X, float Y) { return X / Y; }
float NV(saturatef)(float X) { return X >= 1.0f ? 1.0f : (X > 0.0f ? X : 0.0f); }

/* The fast approximations (-use_fast_math), on native instructions. */
float NV(fast_expf)(float X) { return __builtin_expf(X); }
float NV(fast_exp10f)(float X) { return __builtin_exp2f(X * 0x1.a934f0p+1f); }
float NV(fast_logf)(float X) { return __builtin_logf(X); }
float NV(fast_log2f)(float X) { return __builtin_log2f(X); }
float NV(fast_log10f)(float X) { return __builtin_log10f(X); }
float NV(fast_sinf)(float X) { return __builtin_sinf(X); }
float NV(fast_cosf)(float X) { return __builtin_cosf(X); }
float NV(fast_tanf)(float X) { return __builtin_sinf(X) / __builtin_cosf(X); }
float NV(fast_powf)(float X, float Y) { return __builtin_exp2f(Y * __builtin_log2f(X)); }
float NV(fast_fdividef)(float X, float Y) { return X / Y; }

/* Bit casts. */
int NV(float_as_int)(float X) { return (int)bitsOfF(X); }
unsigned NV(float_as_uint)(float X) { return bitsOfF(X); }
float NV(int_as_float)(int X) { return fromBitsF((u32)X); }
float NV(uint_as_float)(unsigned X) { return fromBitsF(X); }
i64 NV(double_as_longlong)(double X) { return (i64)bitsOf(X); }
double NV(longlong_as_double)(i64 X) { return fromBits((u64)X); }
int NV(double2hiint)(double X) { return (int)(bitsOf(X) >> 32); }
int NV(double2loint)(double X) { return (int)bitsOf(X); }
double NV(hiloint2double)(int Hi, int Lo) {
  return fromBits((u64)(u32)Hi << 32 | (u32)Lo);
}

/* Conversions toward zero saturate, and NaN gives 0, as cvt.rzi does. */
#define TO_INT_RZ(Name, From, To, Min, Max)                                    \
  To NV(Name)(From X) {                                                        \
    if (X != X)                                                                \
      return 0;                                                                \
    if (X <= (From)(Min))                                                      \
      return Min;                                                              \
    if (X >= (From)(Max))                                                      \
      return Max;                                                              \
    return (To)X;                                                              \
  }
TO_INT_RZ(float2int_rz, float, int, (-2147483647 - 1), 2147483647)
TO_INT_RZ(float2uint_rz, float, unsigned, 0u, 4294967295u)
TO_INT_RZ(double2int_rz, double, int, (-2147483647 - 1), 2147483647)
TO_INT_RZ(double2uint_rz, double, unsigned, 0u, 4294967295u)
TO_INT_RZ(float2ll_rz, float, i64, (-9223372036854775807ll - 1), 9223372036854775807ll)
TO_INT_RZ(double2ll_rz, double, i64, (-9223372036854775807ll - 1), 9223372036854775807ll)
int NV(float2int_rn)(float X) { return NV(float2int_rz)(__builtin_rintf(X)); }
int NV(double2int_rn)(double X) { return NV(double2int_rz)(__builtin_rint(X)); }
float NV(int2float_rn)(int X) { return (float)X; }
float NV(uint2float_rn)(unsigned X) { return (float)X; }
double NV(int2double_rn)(int X) { return (double)X; }
double NV(uint2double_rn)(unsigned X) { return (double)X; }
float NV(ll2float_rn)(i64 X) { return (float)X; }
double NV(ll2double_rn)(i64 X) { return (double)X; }
float NV(double2float_rn)(double X) { return (float)X; }

/* Integers. */
int NV(min)(int X, int Y) { return X < Y ? X : Y; }
int NV(max)(int X, int Y) { return X > Y ? X : Y; }
unsigned NV(umin)(unsigned X, unsigned Y) { return X < Y ? X : Y; }
unsigned NV(umax)(unsigned X, unsigned Y) { return X > Y ? X : Y; }
i64 NV(llmin)(i64 X, i64 Y) { return X < Y ? X : Y; }
i64 NV(llmax)(i64 X, i64 Y) { return X > Y ? X : Y; }
u64 NV(ullmin)(u64 X, u64 Y) { return X < Y ? X : Y; }
u64 NV(ullmax)(u64 X, u64 Y) { return X > Y ? X : Y; }
int NV(abs)(int X) { return X < 0 ? (int)(0u - (u32)X) : X; }
i64 NV(llabs)(i64 X) { return X < 0 ? (i64)(0ull - (u64)X) : X; }
int NV(popc)(unsigned X) { return __builtin_popcount(X); }
int NV(popcll)(u64 X) { return __builtin_popcountll(X); }
int NV(clz)(int X) { return X ? __builtin_clz((u32)X) : 32; }
int NV(clzll)(i64 X) { return X ? __builtin_clzll((u64)X) : 64; }
int NV(ffs)(int X) { return X ? __builtin_ctz((u32)X) + 1 : 0; }
int NV(ffsll)(i64 X) { return X ? __builtin_ctzll((u64)X) + 1 : 0; }
unsigned NV(brev)(unsigned X) { return __builtin_bitreverse32(X); }
u64 NV(brevll)(u64 X) { return __builtin_bitreverse64(X); }
int NV(mulhi)(int X, int Y) { return (int)(((i64)X * Y) >> 32); }
unsigned NV(umulhi)(unsigned X, unsigned Y) { return (unsigned)(((u64)X * Y) >> 32); }
u64 NV(umul64hi)(u64 X, u64 Y) {
  u64 XL = (u32)X, XH = X >> 32, YL = (u32)Y, YH = Y >> 32;
  u64 Mid = XH * YL + (XL * YL >> 32);
  u64 Mid2 = XL * YH + (u32)Mid;
  return XH * YH + (Mid >> 32) + (Mid2 >> 32);
}
i64 NV(mul64hi)(i64 X, i64 Y) {
  u64 High = NV(umul64hi)((u64)X, (u64)Y);
  High -= X < 0 ? (u64)Y : 0;
  High -= Y < 0 ? (u64)X : 0;
  return (i64)High;
}
int NV(mul24)(int X, int Y) { return (X << 8 >> 8) * (Y << 8 >> 8); }
unsigned NV(umul24)(unsigned X, unsigned Y) { return (X & 0xffffff) * (Y & 0xffffff); }
int NV(hadd)(int X, int Y) { return (int)(((i64)X + Y) >> 1); }
int NV(rhadd)(int X, int Y) { return (int)(((i64)X + Y + 1) >> 1); }
unsigned NV(uhadd)(unsigned X, unsigned Y) { return (unsigned)(((u64)X + Y) >> 1); }
unsigned NV(urhadd)(unsigned X, unsigned Y) { return (unsigned)(((u64)X + Y + 1) >> 1); }
unsigned NV(sad)(int X, int Y, unsigned Z) { return Z + (unsigned)(X > Y ? (i64)X - Y : (i64)Y - X); }
unsigned NV(usad)(unsigned X, unsigned Y, unsigned Z) { return Z + (X > Y ? X - Y : Y - X); }
unsigned NV(byte_perm)(unsigned X, unsigned Y, unsigned S) {
  u64 Bytes = (u64)Y << 32 | X;
  unsigned R = 0;
  for (int I = 0; I < 4; ++I)
    R |= (unsigned)(Bytes >> (((S >> (4 * I)) & 7) * 8) & 0xff) << (8 * I);
  return R;
}
