// cuda_bf16.h checked against hand-computed bits: float to bfloat16 in each
// rounding mode (ties, float subnormals, overflow, NaN, -0), back to float,
// double and the integer types (rounded once), bfloat16 to the integer
// types, the conversions to and from half. Then the arithmetic, pair,
// math, shuffle, atomic and __ldg checks shared with the half test
// (../half/ops.h). A mismatch traps. Compiles on gevo's header and on
// NVIDIA's.
#include <cuda_bf16.h>

typedef __nv_bfloat16 T;
typedef __nv_bfloat162 T2;
#define N(P, S) P##bfloat16##S
#include "../half/ops.h"

__device__ const Rounding Table[] = {
    {0x3f800000, 0x3f80, 0x3f80, 0x3f80, 0x3f80}, // 1
    {0x3f808000, 0x3f80, 0x3f80, 0x3f80, 0x3f81}, // 1 + 2^-8: tie to even
    {0x3f818000, 0x3f82, 0x3f81, 0x3f81, 0x3f82}, // 1 + 3 2^-8: tie, up
    {0xbf808000, 0xbf80, 0xbf80, 0xbf81, 0xbf80}, // -(1 + 2^-8)
    {0x3dcccccd, 0x3dcd, 0x3dcc, 0x3dcc, 0x3dcd}, // 0.1
    {0x7f7fffff, 0x7f80, 0x7f7f, 0x7f7f, 0x7f80}, // the largest float
    {0xff7fffff, 0xff80, 0xff7f, 0xff80, 0xff7f},
    {0x7f7f8000, 0x7f80, 0x7f7f, 0x7f7f, 0x7f80}, // tie, to inf
    {0x7f800000, 0x7f80, 0x7f80, 0x7f80, 0x7f80}, // inf stays inf
    {0xff800000, 0xff80, 0xff80, 0xff80, 0xff80},
    {0x7fc00000, 0x7fff, 0x7fff, 0x7fff, 0x7fff}, // NaN: canonical
    {0xff800001, 0x7fff, 0x7fff, 0x7fff, 0x7fff}, // -sNaN
    {0x00008000, 0x0000, 0x0000, 0x0000, 0x0001}, // subnormal tie, to 0
    {0x00018000, 0x0002, 0x0001, 0x0001, 0x0002}, // subnormal tie, up
    {0x80008001, 0x8001, 0x8000, 0x8001, 0x8000},
    {0x00000001, 0x0000, 0x0000, 0x0000, 0x0001}, // the smallest float
    {0x80000000, 0x8000, 0x8000, 0x8000, 0x8000}, // -0
};

extern "C" __global__ void conversions(const float *In, float *Out) {
  int I = threadIdx.x;
  const int N = sizeof(Table) / sizeof(Table[0]);
  if (I < N) {
    const Rounding &R = Table[I];
    checkRounding(R);
    // Back to float: the upper 16 bits.
    T H = OFBITS(R.Rz);
    CHECK(__float_as_uint(__bfloat162float(H)) == (unsigned)R.Rz << 16 || isNan(TOF(H)));
    float2 F = __bfloat1622float2(__halves2bfloat162(H, OFBITS(0x3f80)));
    CHECK((F.x == TOF(H) || isNan(TOF(H))) && F.y == 1.0f);
  }
  T NaN = OFBITS(0x7fc0), Inf = OFBITS(0x7f80), NInf = OFBITS(0xff80);
  CHECK(__hisnan(NaN) && !__hisnan(Inf));
  CHECK(__hisinf(NInf) == -1);

  CHECK(BITS(__double2bfloat16(1.0 + 0x1p-8 + 0x1p-40)) == 0x3f81);
  CHECK(BITS(__double2bfloat16(1.0 + 0x1p-8)) == 0x3f80);
  CHECK(BITS(__double2bfloat16(1e300)) == 0x7f80 && BITS(__double2bfloat16(-1e-300)) == 0x8000);
  CHECK(BITS(__int2bfloat16_rn(257)) == 0x4380 && BITS(__int2bfloat16_rn(259)) == 0x4382);
  CHECK(BITS(__int2bfloat16_rz(0x7fffffff)) == 0x4eff);
  CHECK(BITS(__int2bfloat16_rn(0x7fffffff)) == 0x4f00);
  CHECK(BITS(__ll2bfloat16_rn((1ll << 24) + (1 << 16) + 1)) == 0x4b81); // not 0x4b80
  CHECK(BITS(__ull2bfloat16_ru(1)) == 0x3f80 && BITS(__uint2bfloat16_rd(255)) == 0x437f);
  CHECK(BITS(__short2bfloat16_rn(-3)) == 0xc040 && BITS(__ushort2bfloat16_rz(257)) == 0x4380);

  T B25 = FROMF(2.5f), M25 = FROMF(-2.5f);
  CHECK(__bfloat162int_rn(B25) == 2 && __bfloat162int_rn(FROMF(3.5f)) == 4);
  CHECK(__bfloat162int_rd(M25) == -3 && __bfloat162int_ru(M25) == -2 && __bfloat162int_rz(M25) == -2);
  CHECK(__bfloat162int_rn(Inf) == 0x7fffffff && __bfloat162int_rn(NaN) == 0);
  CHECK(__bfloat162ll_ru(NaN) == (long long)(1ull << 63) && __bfloat162ull_rd(NaN) == 1ull << 63);
  CHECK(__bfloat162int_rz(FROMF(1e20f)) == 0x7fffffff && __bfloat162uint_rn(FROMF(-1.0f)) == 0u);
  CHECK(__bfloat162short_rn(FROMF(1e6f)) == 32767);
  CHECK(__bfloat162ll_rd(FROMF(-0.5f)) == -1);
  CHECK(__bfloat162ull_rn(NInf) == 0 && __bfloat162ull_ru(FROMF(0.5f)) == 1);

  T A = 7, B = 3.0, C = -2.75f;
  CHECK((float)A == 7.0f && (float)B == 3.0f && (float)C == -2.75f && (int)C == -2);
  CHECK(!(bool)__nv_bfloat16(-0.0f) && (bool)C);
  __nv_bfloat16_raw Raw;
  Raw.x = 0x3f80;
  T FromRaw = Raw;
  __nv_bfloat162_raw Raw2 = __halves2bfloat162(FromRaw, C);
  CHECK((float)FromRaw == 1.0f && Raw2.x == 0x3f80 && Raw2.y == BITS(C));
  CHECK(__bfloat16_as_short(__short_as_bfloat16(-2)) == -2);
  CHECK(BITS(CUDART_INF_BF16) == 0x7f80 && BITS(CUDART_NAN_BF16) == 0x7fff);
  // Between the formats: exact from half where it fits, rounded to half.
  CHECK(BITS(__nv_bfloat16(__float2half(1.5f))) == 0x3fc0);
  CHECK(__half_as_ushort(__half(FROMF(1e6f))) == 0x7c00);
  CHECK(__half_as_ushort(__half(OFBITS(0x3f81))) == 0x3c08);

  CHECK(BITS(__hmax(OFBITS(0x8000), OFBITS(0x0000))) == 0x0000);
  CHECK(BITS(__hmax(NaN, B25)) == BITS(B25));
  CHECK(BITS(__hmin_nan(B25, NaN)) == 0x7fff);
  CHECK(BITS(__hfma_relu(M25, B25, B25)) == 0x0000);
  CHECK(BITS(__hmul_sat(Inf, B25)) == 0x3f80);
  Out[I] = 0;
}
