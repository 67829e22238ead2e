//===- ConversionsTest.cpp - Conversions and bit reinterpretations --------===//

#include "Nv.h"

#include <gtest/gtest.h>

#include <climits>
#include <cmath>

using namespace gevo::cpu::test;

namespace {

TEST(LibdeviceConversions, FloatToIntRoundsInTheNamedMode) {
  using F2I = int(float);
  EXPECT_EQ(nv<F2I>("__nv_float2int_rn")(2.5f), 2);
  EXPECT_EQ(nv<F2I>("__nv_float2int_rn")(3.5f), 4);
  EXPECT_EQ(nv<F2I>("__nv_float2int_rz")(-2.7f), -2);
  EXPECT_EQ(nv<F2I>("__nv_float2int_rd")(-2.1f), -3);
  EXPECT_EQ(nv<F2I>("__nv_float2int_ru")(2.1f), 3);
  EXPECT_EQ(nv<long long(double)>("__nv_double2ll_rd")(-0.5), -1);
  EXPECT_EQ(nv<unsigned(double)>("__nv_double2uint_ru")(4.2), 5u);
}

TEST(LibdeviceConversions, FloatToIntSaturatesAndMapsNanToZero) {
  EXPECT_EQ(nv<int(float)>("__nv_float2int_rz")(NAN), 0);
  EXPECT_EQ(nv<int(float)>("__nv_float2int_rz")(3e9f), INT_MAX);
  EXPECT_EQ(nv<int(float)>("__nv_float2int_rn")(-INFINITY), INT_MIN);
  EXPECT_EQ(nv<unsigned(float)>("__nv_float2uint_rz")(-5.0f), 0u);
  EXPECT_EQ(nv<unsigned(float)>("__nv_float2uint_rn")(1e10f), UINT_MAX);
  EXPECT_EQ(nv<long long(double)>("__nv_double2ll_rz")(1e300), LLONG_MAX);
  EXPECT_EQ(nv<unsigned long long(float)>("__nv_float2ull_rd")(INFINITY),
            ULLONG_MAX);
  EXPECT_EQ(nv<unsigned long long(double)>("__nv_double2ull_ru")(-1e20), 0u);
  EXPECT_EQ(nv<long long(double)>("__nv_llrint")(1e30), LLONG_MAX);
}

TEST(LibdeviceConversions, SaturatesInDirectedModes) {
  EXPECT_EQ(nv<int(float)>("__nv_float2int_ru")(2147483648.0f), INT_MAX);
  EXPECT_EQ(nv<unsigned(float)>("__nv_float2uint_ru")(4294967296.0f), UINT_MAX);
  EXPECT_EQ(nv<int(double)>("__nv_double2int_ru")(2147483647.5), INT_MAX);
}

// Measured on an H100: NaN from double, or to 64 bits, is the top bit alone.
TEST(LibdeviceConversions, NanIsTheTopBitUnlessFloatToThirtyTwoBits) {
  EXPECT_EQ(nv<int(double)>("__nv_double2int_rn")(NAN), INT_MIN);
  EXPECT_EQ(nv<unsigned(double)>("__nv_double2uint_rz")(NAN), 0x80000000u);
  EXPECT_EQ(nv<long long(double)>("__nv_double2ll_rz")(NAN), LLONG_MIN);
  EXPECT_EQ(nv<long long(float)>("__nv_float2ll_rn")(NAN), LLONG_MIN);
  EXPECT_EQ(nv<unsigned long long(double)>("__nv_double2ull_rn")(NAN),
            1ull << 63);
  EXPECT_EQ(nv<long long(double)>("__nv_llrint")(NAN), LLONG_MIN);
  EXPECT_EQ(nv<long long(float)>("__nv_llroundf")(NAN), LLONG_MIN);
}

TEST(LibdeviceConversions, ToFloatRoundsInTheNamedMode) {
  int Odd = (1 << 24) + 1; // Not a float.
  EXPECT_EQ(nv<float(int)>("__nv_int2float_rd")(Odd), 16777216.0f);
  EXPECT_EQ(nv<float(int)>("__nv_int2float_ru")(Odd), 16777218.0f);
  EXPECT_EQ(nv<float(int)>("__nv_int2float_rz")(-Odd), -16777216.0f);
  EXPECT_EQ(nv<float(unsigned long long)>("__nv_ull2float_ru")(ULLONG_MAX),
            18446744073709551616.0f);
  EXPECT_LT(nv<float(unsigned long long)>("__nv_ull2float_rz")(ULLONG_MAX),
            18446744073709551616.0f);
  long long Big = (1LL << 53) + 1;
  EXPECT_EQ(nv<double(long long)>("__nv_ll2double_ru")(Big),
            9007199254740994.0);
  EXPECT_EQ(nv<double(long long)>("__nv_ll2double_rn")(Big),
            9007199254740992.0);
  EXPECT_LT(nv<float(double)>("__nv_double2float_rd")(0.1), 0.1);
  EXPECT_GT(nv<float(double)>("__nv_double2float_ru")(0.1), 0.1);
  EXPECT_EQ(nv<double(unsigned)>("__nv_uint2double_rn")(UINT_MAX),
            4294967295.0);
}

TEST(LibdeviceConversions, ReinterpretsBits) {
  EXPECT_EQ(nv<int(float)>("__nv_float_as_int")(1.0f), 0x3f800000);
  EXPECT_EQ(nv<float(int)>("__nv_int_as_float")(0x40000000), 2.0f);
  EXPECT_EQ(nv<unsigned(float)>("__nv_float_as_uint")(-0.0f), 0x80000000u);
  EXPECT_EQ(nv<unsigned long long(double)>("__nv_double_as_longlong")(1.0),
            0x3ff0000000000000ull);
  EXPECT_EQ(nv<int(double)>("__nv_double2hiint")(-2.0), int(0xc0000000));
  EXPECT_EQ(nv<int(double)>("__nv_double2loint")(
                nv<double(long long)>("__nv_longlong_as_double")(0x12345678)),
            0x12345678);
  EXPECT_EQ(nv<double(int, int)>("__nv_hiloint2double")(0x3ff00000, 0), 1.0);
  EXPECT_EQ(nv<double(int, int)>("__nv_hiloint2double")(0, -1),
            nv<double(long long)>("__nv_longlong_as_double")(0xffffffffLL));
}

TEST(LibdeviceConversions, HalfPrecision) {
  using ToHalf = unsigned short(float);
  EXPECT_EQ(nv<ToHalf>("__nv_float2half_rn")(1.0f), 0x3c00);
  EXPECT_EQ(nv<ToHalf>("__nv_float2half_rn")(65520.0f), 0x7c00); // Overflow.
  EXPECT_EQ(nv<ToHalf>("__nv_float2half_rn")(1.0f + 1.0f / 2048), 0x3c00);
  EXPECT_EQ(nv<float(unsigned short)>("__nv_half2float")(0xc000), -2.0f);
  EXPECT_EQ(nv<float(unsigned short)>("__nv_half2float")(0x0001),
            std::ldexp(1.0f, -24));
}

} // namespace
