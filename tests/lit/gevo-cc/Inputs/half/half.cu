// cuda_fp16.h checked against hand-computed bits: float to half in each
// rounding mode (ties, the subnormal range, overflow to inf or to the
// largest half, NaN, -0), half to float, double and the integer types to
// half (where rounding through float first would be wrong), half to the
// integer types (saturating, NaN to 0), the implicit conversions, and a
// fused multiply-add that float arithmetic would round twice. Then the
// shared arithmetic, pair, math, shuffle, atomic and __ldg checks (ops.h).
// A mismatch traps. Compiles on gevo's header and on NVIDIA's.
#include <cuda_fp16.h>

typedef __half T;
typedef __half2 T2;
#define N(P, S) P##half##S
#include "ops.h"

__device__ const Rounding Table[] = {
    {0x3f800000, 0x3c00, 0x3c00, 0x3c00, 0x3c00}, // 1
    {0x3f801000, 0x3c00, 0x3c00, 0x3c00, 0x3c01}, // 1 + 2^-11: tie to even
    {0x3f803000, 0x3c02, 0x3c01, 0x3c01, 0x3c02}, // 1 + 3 2^-11: tie, up
    {0xbf801000, 0xbc00, 0xbc00, 0xbc01, 0xbc00}, // -(1 + 2^-11)
    {0x3dcccccd, 0x2e66, 0x2e66, 0x2e66, 0x2e67}, // 0.1
    {0x477fe000, 0x7bff, 0x7bff, 0x7bff, 0x7bff}, // 65504, the largest
    {0x477ff000, 0x7c00, 0x7bff, 0x7bff, 0x7c00}, // 65520: tie, to inf
    {0x477fefff, 0x7bff, 0x7bff, 0x7bff, 0x7c00}, // just below 65520
    {0xc77ff000, 0xfc00, 0xfbff, 0xfc00, 0xfbff}, // -65520
    {0xc9742400, 0xfc00, 0xfbff, 0xfc00, 0xfbff}, // -1e6
    {0x7f800000, 0x7c00, 0x7c00, 0x7c00, 0x7c00}, // inf stays inf
    {0xff800000, 0xfc00, 0xfc00, 0xfc00, 0xfc00}, // -inf
    {0x7fc00000, 0x7fff, 0x7fff, 0x7fff, 0x7fff}, // NaN: canonical
    {0xffc00001, 0x7fff, 0x7fff, 0x7fff, 0x7fff}, // -NaN with a payload
    {0x33800000, 0x0001, 0x0001, 0x0001, 0x0001}, // 2^-24, the smallest
    {0x33000000, 0x0000, 0x0000, 0x0000, 0x0001}, // 2^-25: tie, to 0
    {0x33c00000, 0x0002, 0x0001, 0x0001, 0x0002}, // 3 2^-25: tie, up
    {0xb2800000, 0x8000, 0x8000, 0x8001, 0x8000}, // -2^-26
    {0x387fe000, 0x0400, 0x03ff, 0x03ff, 0x0400}, // 2^-14 - 2^-25: tie
    {0x000116c2, 0x0000, 0x0000, 0x0000, 0x0001}, // a float subnormal
    {0x80000000, 0x8000, 0x8000, 0x8000, 0x8000}, // -0
};
// Half bits and the float bits they stand for.
__device__ const unsigned Widen[][2] = {
    {0x0001, 0x33800000}, {0x03ff, 0x387fc000}, {0x0400, 0x38800000},
    {0x3c00, 0x3f800000}, {0x7bff, 0x477fe000}, {0x7c00, 0x7f800000},
    {0xfc00, 0xff800000}, {0x8000, 0x80000000}, {0x8001, 0xb3800000},
    {0x3555, 0x3eaaa000}};

extern "C" __global__ void conversions(const float *In, float *Out) {
  int I = threadIdx.x;
  const int N = sizeof(Table) / sizeof(Table[0]);
  if (I < N) {
    const Rounding &R = Table[I];
    checkRounding(R);
  }
  if (I < (int)(sizeof(Widen) / sizeof(Widen[0]))) {
    T H = OFBITS(Widen[I][0]);
    CHECK(__float_as_uint(__half2float(H)) == Widen[I][1]);
    CHECK(__float_as_uint((float)H) == Widen[I][1]);
    float2 F = __half22float2(__halves2half2(H, OFBITS(0x3c00)));
    CHECK(__float_as_uint(F.x) == Widen[I][1] && F.y == 1.0f);
    CHECK(__low2float(__half2half2(H)) == __high2float(__half2half2(H)));
  }
  CHECK(__hisnan(OFBITS(0x7e00)) && !__hisnan(OFBITS(0x7c00)));
  CHECK(__half2float(OFBITS(0x7e01)) != __half2float(OFBITS(0x7e01)));

  // double and 64-bit integers round once: through float they would not.
  CHECK(BITS(__double2half(1.0 + 0x1p-11 + 0x1p-40)) == 0x3c01);
  CHECK(BITS(__double2half(1.0 + 0x1p-11)) == 0x3c00);
  CHECK(BITS(__double2half(0x1p-25 + 0x1p-60)) == 0x0001);
  CHECK(BITS(__double2half(-0x1p-25)) == 0x8000);
  CHECK(BITS(__double2half(1e300)) == 0x7c00);
  CHECK(BITS(__int2half_rn(2049)) == 0x6800 && BITS(__int2half_rn(2051)) == 0x6802);
  CHECK(BITS(__int2half_rn(70000)) == 0x7c00 && BITS(__uint2half_rn(65535u)) == 0x7c00);
  CHECK(BITS(__ll2half_rn(-2049)) == 0xe800 && BITS(__short2half_rn(-32768)) == 0xf800);
  CHECK(BITS(__int2half_rz(4095)) == 0x6bff && BITS(__int2half_ru(4095)) == 0x6c00);
  CHECK(BITS(__int2half_rd(-4095)) == 0xec00 && BITS(__int2half_rz(70000)) == 0x7bff);
  CHECK(BITS(__int2half_rd(-70000)) == 0xfc00 && BITS(__uint2half_rz(65535u)) == 0x7bff);
  CHECK(BITS(__ull2half_rz(~0ull)) == 0x7bff && BITS(__ushort2half_ru(2049)) == 0x6801);
  CHECK(BITS(__ll2half_ru(0x4000000000000001ll)) == 0x7c00);

  // Half to integers: each mode, saturation, NaN to 0.
  T H25 = OFBITS(0x4100), H35 = OFBITS(0x4300), M25 = OFBITS(0xc100);
  T Inf = OFBITS(0x7c00), NInf = OFBITS(0xfc00), NaN = OFBITS(0x7e00);
  CHECK(__half2int_rn(H25) == 2 && __half2int_rn(H35) == 4);
  CHECK(__half2int_rd(M25) == -3 && __half2int_ru(M25) == -2 && __half2int_rz(M25) == -2);
  CHECK(__half2int_rn(Inf) == 0x7fffffff && __half2int_rn(NInf) == (int)0x80000000);
  CHECK(__half2int_rn(NaN) == 0 && __half2uint_rn(NaN) == 0);
  CHECK(__half2ll_rn(NaN) == (long long)(1ull << 63) && __half2ull_rz(NaN) == 1ull << 63);
  CHECK(__half2short_rn(__float2half(40000.0f)) == 32767);
  CHECK(__half2short_rz(__float2half(-40000.0f)) == -32768);
  CHECK(__half2uint_rn(__float2half(-1.0f)) == 0u);
  CHECK(__half2ushort_rz(OFBITS(0x7bff)) == 65504);
  CHECK(__half2ll_rd(__float2half(-0.5f)) == -1 && __half2ull_ru(__float2half(0.5f)) == 1);
  CHECK(__half2ull_rn(Inf) == ~0ull && __half2ll_rz(NInf) == (long long)(1ull << 63));
  CHECK(__half2uint_ru(__float2half(2.25f)) == 3 && __half2ushort_rd(H25) == 2);

  // Implicit and explicit conversions as CUDA defines them.
  T A = 7, B = 3.0, C = -2.75f, D = 70000ll;
  CHECK((float)A == 7.0f && (float)B == 3.0f && (float)C == -2.75f);
  CHECK(BITS(D) == 0x7c00);
  CHECK((int)C == -2 && (unsigned char)__half(300.0f) == 255);
  CHECK(!(bool)__half(-0.0f) && (bool)C);
  __half_raw Raw;
  Raw.x = 0x3c00;
  T FromRaw = Raw;
  __half2_raw Raw2 = __halves2half2(FromRaw, C);
  CHECK((float)FromRaw == 1.0f && Raw2.x == 0x3c00 && Raw2.y == BITS(C));
  CHECK(__half_as_short(__short_as_half(-2)) == -2);
  CHECK(BITS(CUDART_INF_FP16) == 0x7c00 && BITS(CUDART_NAN_FP16) == 0x7fff);

  // fma rounds once: float's fma would give 1 + 3 2^-11, a tie, and then
  // 0x3c02; the exact value is just below it.
  CHECK(BITS(__hfma(OFBITS(0x1001), OFBITS(0x3bfe), OFBITS(0x3c01))) == 0x3c01);
  CHECK(BITS(__hfma(OFBITS(0x9001), OFBITS(0x3bfe), OFBITS(0xbc01))) == 0xbc01);
  // _sat and _relu, max/min of signed zeros and NaN.
  CHECK(BITS(__hadd_sat(OFBITS(0x3c00), OFBITS(0x3c00))) == 0x3c00);
  CHECK(BITS(__hmul_sat(NaN, H25)) == 0x0000);
  CHECK(BITS(__hmax(OFBITS(0x8000), OFBITS(0x0000))) == 0x0000);
  CHECK(BITS(__hmin(OFBITS(0x0000), OFBITS(0x8000))) == 0x8000);
  CHECK(BITS(__hmax(NaN, H25)) == 0x4100 && BITS(__hmin(H25, NaN)) == 0x4100);
  CHECK(__hisinf(NInf) == -1);
  CHECK(BITS(__hmax_nan(NaN, H25)) == 0x7fff);
  CHECK(BITS(__hfma_relu(M25, H25, H25)) == 0x0000);
  Out[I] = 0;
}
