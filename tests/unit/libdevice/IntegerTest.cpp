//===- IntegerTest.cpp - Integer and SIMD functions -----------------------===//

#include "Nv.h"

#include <gtest/gtest.h>

#include <climits>

using namespace gevo::cpu::test;

namespace {

using I1 = int(int);
using I2 = int(int, int);

TEST(LibdeviceInteger, BitCounts) {
  EXPECT_EQ(nv<int(unsigned)>("__nv_popc")(0xf0f0u), 8);
  EXPECT_EQ(nv<int(unsigned long long)>("__nv_popcll")(~0ull), 64);
  EXPECT_EQ(nv<I1>("__nv_clz")(0), 32);
  EXPECT_EQ(nv<I1>("__nv_clz")(1), 31);
  EXPECT_EQ(nv<I1>("__nv_clz")(-1), 0);
  EXPECT_EQ(nv<int(long long)>("__nv_clzll")(0), 64);
  EXPECT_EQ(nv<I1>("__nv_ffs")(0), 0);
  EXPECT_EQ(nv<I1>("__nv_ffs")(8), 4);
  EXPECT_EQ(nv<int(long long)>("__nv_ffsll")(1LL << 40), 41);
}

TEST(LibdeviceInteger, BitReverse) {
  EXPECT_EQ(nv<I1>("__nv_brev")(1), INT_MIN);
  EXPECT_EQ(nv<I1>("__nv_brev")(0x0000000f), int(0xf0000000));
  EXPECT_EQ(nv<long long(long long)>("__nv_brevll")(3),
            int64_t(0xc000000000000000ull));
}

TEST(LibdeviceInteger, BytePermSelectors) {
  using P = int(int, int, int);
  auto Perm = nv<P>("__nv_byte_perm");
  EXPECT_EQ(Perm(0x33221100, 0x77665544, 0x3210), 0x33221100);
  EXPECT_EQ(Perm(0x33221100, 0x77665544, 0x7654), 0x77665544);
  EXPECT_EQ(Perm(0x33221100, 0x77665544, 0x0123), 0x00112233);
  EXPECT_EQ(Perm(0x33221100, 0x77665544, 0x4040), 0x44004400);
  // Only the low 3 bits of each selector nibble count.
  EXPECT_EQ(Perm(0x33221100, 0x77665544, 0xfedc), 0x77665544);
}

TEST(LibdeviceInteger, HighAndTwentyFourBitMultiplies) {
  EXPECT_EQ(nv<I2>("__nv_mulhi")(-1, 1), -1);
  EXPECT_EQ(nv<I2>("__nv_mulhi")(INT_MIN, 2), -1);
  EXPECT_EQ(nv<I2>("__nv_mulhi")(0x10000, 0x10000), 1);
  EXPECT_EQ(nv<unsigned(unsigned, unsigned)>("__nv_umulhi")(~0u, ~0u),
            0xfffffffeu);
  EXPECT_EQ(nv<long long(long long, long long)>("__nv_mul64hi")(-1, 1), -1);
  EXPECT_EQ(nv<unsigned long long(unsigned long long, unsigned long long)>(
                "__nv_umul64hi")(~0ull, 2),
            1u);
  EXPECT_EQ(nv<I2>("__nv_mul24")(0x00ffffff, 2), -2); // 24-bit -1.
  EXPECT_EQ(nv<I2>("__nv_mul24")(0x7f000003, 5), 15);
  EXPECT_EQ(nv<unsigned(unsigned, unsigned)>("__nv_umul24")(0xff000002, 3), 6u);
}

TEST(LibdeviceInteger, HalvingAddsAndAbsoluteDifferences) {
  EXPECT_EQ(nv<I2>("__nv_hadd")(INT_MAX, INT_MAX), INT_MAX);
  EXPECT_EQ(nv<I2>("__nv_hadd")(-3, 0), -2);
  EXPECT_EQ(nv<I2>("__nv_rhadd")(-3, 0), -1);
  EXPECT_EQ(nv<int(unsigned, unsigned)>("__nv_uhadd")(~0u, 1), INT_MIN);
  EXPECT_EQ(nv<unsigned(unsigned, unsigned)>("__nv_urhadd")(~0u, ~0u), ~0u);
  EXPECT_EQ(nv<int(int, int, int)>("__nv_sad")(-5, 5, 1), 11);
  EXPECT_EQ(nv<unsigned(unsigned, unsigned, unsigned)>("__nv_usad")(2, 9, 1),
            8u);
}

TEST(LibdeviceInteger, MinMaxAbs) {
  EXPECT_EQ(nv<I2>("__nv_min")(-1, 1), -1);
  EXPECT_EQ(nv<unsigned(unsigned, unsigned)>("__nv_umin")(~0u, 1), 1u);
  EXPECT_EQ(nv<long long(long long, long long)>("__nv_llmax")(-1, -2), -1);
  EXPECT_EQ(nv<unsigned long long(unsigned long long, unsigned long long)>(
                "__nv_ullmax")(~0ull, 1),
            ~0ull);
  EXPECT_EQ(nv<I1>("__nv_abs")(-7), 7);
  EXPECT_EQ(nv<I1>("__nv_abs")(INT_MIN), INT_MIN);
  EXPECT_EQ(nv<long long(long long)>("__nv_llabs")(-7), 7);
}

TEST(LibdeviceSimd, PerLaneArithmetic) {
  EXPECT_EQ(nv<I2>("__nv_vadd2")(0x0001ffff, 0x00010001), 0x00020000);
  EXPECT_EQ(nv<I2>("__nv_vaddss4")(0x7f80017f, 0x01ff0101), 0x7f80027f);
  EXPECT_EQ(nv<I2>("__nv_vaddus4")(0xff000000, 0x01000000), int(0xff000000));
  EXPECT_EQ(nv<I2>("__nv_vsubus2")(0x00010005, 0x00020001), 0x00000004);
  EXPECT_EQ(nv<I1>("__nv_vabsss2")(int(0x8000ffff)), 0x7fff0001);
  EXPECT_EQ(nv<I1>("__nv_vneg4")(0x01000080), int(0xff000080));
  EXPECT_EQ(nv<I2>("__nv_vavgu4")(0x000000ff, 0x000000fe), 0x000000ff);
  // Signed averages round half away from zero: -1.5 -> -2, 1.5 -> 2.
  EXPECT_EQ(nv<I2>("__nv_vavgs2")(0x0003fffd, 0x00000000), 0x0002fffe);
  EXPECT_EQ(nv<I2>("__nv_vmaxs4")(0x80000000, 0x00000000), 0x00000000);
  EXPECT_EQ(nv<I2>("__nv_vmaxu4")(0x80000000, 0x00000000), int(0x80000000));
}

TEST(LibdeviceSimd, ComparisonsAndSums) {
  EXPECT_EQ(nv<I2>("__nv_vcmpeq4")(0x01020304, 0x01000304), int(0xff00ffff));
  EXPECT_EQ(nv<I2>("__nv_vseteq4")(0x01020304, 0x01000304), 0x01000101);
  EXPECT_EQ(nv<I2>("__nv_vcmplts2")(0xffff0001, 0x00000001), int(0xffff0000));
  EXPECT_EQ(nv<I2>("__nv_vsetltu2")(0xffff0001, 0x00000002), 0x00000001);
  EXPECT_EQ(nv<I2>("__nv_vsadu4")(0x00ff0010, 0xff000001), 0xff + 0xff + 0xf);
  EXPECT_EQ(nv<I2>("__nv_vsads4")(0x00ff0000, 0x00010000), 2);
}

} // namespace
