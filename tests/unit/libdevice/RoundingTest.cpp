//===- RoundingTest.cpp - The _rn/_rz/_ru/_rd arithmetic ------------------===//

#include "Nv.h"

#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>

using namespace gevo::cpu::test;

namespace {

using F2 = float(float, float);
using D2 = double(double, double);

TEST(LibdeviceRounding, FloatAddHonoursEachMode) {
  EXPECT_GT(nv<F2>("__nv_fadd_ru")(1.0f, 1e-8f), 1.0f);
  EXPECT_EQ(nv<F2>("__nv_fadd_rd")(1.0f, 1e-8f), 1.0f);
  EXPECT_EQ(nv<F2>("__nv_fadd_rn")(1.0f, 1e-8f), 1.0f);
  EXPECT_EQ(nv<F2>("__nv_fadd_rz")(-1.0f, -1e-8f), -1.0f);
  EXPECT_LT(nv<F2>("__nv_fadd_rd")(-1.0f, -1e-8f), -1.0f);
  EXPECT_EQ(nv<F2>("__nv_fsub_ru")(1.0f, 1e-8f), 1.0f);
  EXPECT_LT(nv<F2>("__nv_fsub_rz")(1.0f, 1e-8f), 1.0f);
}

TEST(LibdeviceRounding, RestoresTheCallersMode) {
  nv<F2>("__nv_fadd_ru")(1.0f, 1e-8f);
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
}

TEST(LibdeviceRounding, DivisionAndReciprocalBracketTheTruth) {
  float Up = nv<F2>("__nv_fdiv_ru")(1.0f, 3.0f);
  float Down = nv<F2>("__nv_fdiv_rd")(1.0f, 3.0f);
  EXPECT_EQ(Up, std::nextafter(Down, 1.0f));
  EXPECT_EQ(nv<F2>("__nv_fdiv_rz")(1.0f, 3.0f), Down);
  EXPECT_EQ(nv<F2>("__nv_fdiv_rn")(1.0f, 3.0f), 1.0f / 3.0f);
  EXPECT_EQ(nv<float(float)>("__nv_frcp_ru")(3.0f), Up);
  double DUp = nv<D2>("__nv_ddiv_ru")(1.0, 3.0);
  double DDown = nv<D2>("__nv_ddiv_rd")(1.0, 3.0);
  EXPECT_EQ(DUp, std::nextafter(DDown, 1.0));
  EXPECT_EQ(nv<double(double)>("__nv_drcp_rz")(-3.0), -DDown);
}

TEST(LibdeviceRounding, MultiplyAndAddInDouble) {
  double Tiny = std::ldexp(1.0, -60);
  EXPECT_GT(nv<D2>("__nv_dadd_ru")(1.0, Tiny), 1.0);
  EXPECT_EQ(nv<D2>("__nv_dadd_rn")(1.0, Tiny), 1.0);
  EXPECT_LT(nv<D2>("__nv_dsub_rd")(1.0, Tiny), 1.0);
  double X = 1 + std::ldexp(1.0, -30);
  // X * X = 1 + 2^-29 + 2^-60: the 2^-60 is lost unless rounding up.
  EXPECT_GT(nv<D2>("__nv_dmul_ru")(X, X), nv<D2>("__nv_dmul_rd")(X, X));
  EXPECT_EQ(nv<D2>("__nv_dmul_rn")(X, X), X * X);
  float Xf = 1 + std::ldexp(1.0f, -12);
  EXPECT_GT(nv<F2>("__nv_fmul_ru")(Xf, Xf), nv<F2>("__nv_fmul_rz")(Xf, Xf));
}

TEST(LibdeviceRounding, SqrtIsCorrectlyRoundedInEachMode) {
  for (float V : {2.0f, 3.0f, 0.1f, 1e-30f, 12345.678f, 7e37f}) {
    EXPECT_EQ(nv<float(float)>("__nv_fsqrt_rn")(V), std::sqrt(V)) << V;
    float Up = nv<float(float)>("__nv_fsqrt_ru")(V);
    float Down = nv<float(float)>("__nv_fsqrt_rd")(V);
    EXPECT_EQ(Up, std::nextafter(Down, INFINITY)) << V;
    EXPECT_EQ(nv<float(float)>("__nv_fsqrt_rz")(V), Down) << V;
  }
  EXPECT_EQ(nv<float(float)>("__nv_fsqrt_ru")(4.0f), 2.0f);
  EXPECT_GT(nv<double(double)>("__nv_dsqrt_ru")(2.0),
            nv<double(double)>("__nv_dsqrt_rd")(2.0));
  EXPECT_FLOAT_EQ(nv<float(float)>("__nv_frsqrt_rn")(4.0f), 0.5f);
}

TEST(LibdeviceRounding, FusedMultiplyAddRoundsOnce) {
  using F3 = float(float, float, float);
  using D3 = double(double, double, double);
  float E = std::ldexp(1.0f, -12);
  // (1+e)(1-e) - 1 = -e^2 exactly, lost by a separate multiply.
  EXPECT_EQ(nv<F3>("__nv_fmaf_rn")(1 + E, 1 - E, -1.0f), -E * E);
  EXPECT_EQ(nv<F3>("__nv_fmaf_ieee_rz")(1 + E, 1 - E, -1.0f), -E * E);
  EXPECT_GT(nv<F3>("__nv_fmaf_ru")(1.0f, 1.0f, 1e-10f), 1.0f);
  EXPECT_EQ(nv<F3>("__nv_fmaf_rd")(1.0f, 1.0f, 1e-10f), 1.0f);
  EXPECT_GT(nv<D3>("__nv_fma_ru")(1.0, 1.0, 1e-30), 1.0);
  EXPECT_EQ(nv<D3>("__nv_fma_rz")(1.0, 1.0, 1e-30), 1.0);
}

} // namespace
