//===- MathTest.cpp - Math functions, out-parameters and predicates -------===//

#include "Nv.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace gevo::cpu::test;

namespace {

using F1 = float(float);
using D1 = double(double);

TEST(LibdeviceMath, SqrtIsCorrectlyRounded) {
  for (float V : {2.0f, 3.0f, 5.0f, 0.1f, 1e-40f, 3.4e38f})
    EXPECT_EQ(nv<F1>("__nv_sqrtf")(V), std::sqrt(V)) << V;
  for (double V : {2.0, 0.3, 1e-310})
    EXPECT_EQ(nv<D1>("__nv_sqrt")(V), std::sqrt(V)) << V;
  EXPECT_TRUE(std::isnan(nv<F1>("__nv_sqrtf")(-1.0f)));
}

TEST(LibdeviceMath, LibmTwins) {
  EXPECT_FLOAT_EQ(nv<F1>("__nv_expf")(1.0f), 2.7182817f);
  EXPECT_DOUBLE_EQ(nv<D1>("__nv_exp10")(3.0), 1000.0);
  EXPECT_DOUBLE_EQ(nv<D1>("__nv_log2")(8.0), 3.0);
  EXPECT_DOUBLE_EQ(nv<D1>("__nv_rsqrt")(0.25), 2.0);
  EXPECT_FLOAT_EQ(nv<F1>("__nv_rcbrtf")(8.0f), 0.5f);
  EXPECT_DOUBLE_EQ(nv<D1>("__nv_tgamma")(5.0), 24.0);
  EXPECT_FLOAT_EQ(nv<F1>("__nv_lgammaf")(-0.5f), std::log(2 * std::sqrt(M_PI)));
  EXPECT_DOUBLE_EQ(nv<double(double, double)>("__nv_rhypot")(3, 4), 0.2);
  EXPECT_DOUBLE_EQ(nv<double(int, double)>("__nv_jn")(1, 2.0), ::j1(2.0));
  EXPECT_FLOAT_EQ(nv<float(float, int)>("__nv_powif")(2.0f, -2), 0.25f);
  EXPECT_EQ(nv<F1>("__nv_saturatef")(NAN), 0.0f);
  EXPECT_EQ(nv<F1>("__nv_saturatef")(1.5f), 1.0f);
}

// Both measured on an H100.
TEST(LibdeviceMath, GpuEdgeCases) {
  // fmin/fmax ignore a signalling NaN too (glibc would return NaN).
  float SignallingNan = std::numeric_limits<float>::signaling_NaN();
  EXPECT_EQ(nv<float(float, float)>("__nv_fmaxf")(SignallingNan, 2.0f), 2.0f);
  EXPECT_EQ(nv<double(double, double)>("__nv_fmin")(
                1.0, std::numeric_limits<double>::signaling_NaN()),
            1.0);
  // A negative Bessel order is NaN.
  EXPECT_TRUE(std::isnan(nv<double(int, double)>("__nv_jn")(-2, 1.0)));
  EXPECT_TRUE(std::isnan(nv<float(int, float)>("__nv_ynf")(-1, 1.0f)));
}

TEST(LibdeviceMath, Predicates) {
  EXPECT_EQ(nv<int(float)>("__nv_isnanf")(NAN), 1);
  EXPECT_EQ(nv<int(float)>("__nv_isnanf")(1.0f), 0);
  EXPECT_EQ(nv<int(double)>("__nv_isinfd")(-INFINITY), 1);
  EXPECT_EQ(nv<int(float)>("__nv_finitef")(INFINITY), 0);
  EXPECT_EQ(nv<int(double)>("__nv_signbitd")(-0.0), 1);
  EXPECT_EQ(nv<int(double)>("__nv_ilogb")(8.0), 3);
}

TEST(LibdeviceMath, OutParameters) {
  float S = 0, C = 0;
  nv<void(float, float *, float *)>("__nv_sincosf")(0.5f, &S, &C);
  EXPECT_FLOAT_EQ(S, std::sin(0.5f));
  EXPECT_FLOAT_EQ(C, std::cos(0.5f));
  double SP = 1, CP = 1;
  nv<void(double, double *, double *)>("__nv_sincospi")(1.0, &SP, &CP);
  EXPECT_EQ(SP, 0.0);
  EXPECT_EQ(CP, -1.0);
  int Exp = 0;
  EXPECT_EQ(nv<double(double, int *)>("__nv_frexp")(12.0, &Exp), 0.75);
  EXPECT_EQ(Exp, 4);
  float Whole = 0;
  EXPECT_FLOAT_EQ(nv<float(float, float *)>("__nv_modff")(-2.25f, &Whole),
                  -0.25f);
  EXPECT_EQ(Whole, -2.0f);
  int Quo = 0;
  EXPECT_EQ(nv<double(double, double, int *)>("__nv_remquo")(7.0, 2.0, &Quo),
            -1.0);
  EXPECT_EQ(Quo & 7, 4);
}

TEST(LibdeviceMath, PiScaledTrigonometry) {
  EXPECT_EQ(nv<D1>("__nv_sinpi")(2.0), 0.0);
  EXPECT_TRUE(std::signbit(nv<D1>("__nv_sinpi")(-2.0))); // As an H100.
  EXPECT_EQ(nv<D1>("__nv_cospi")(1.5), 0.0);
  EXPECT_EQ(nv<D1>("__nv_sinpi")(0.5), 1.0);
  EXPECT_EQ(nv<D1>("__nv_cospi")(0.5), 0.0);
  EXPECT_EQ(nv<F1>("__nv_cospif")(3.0f), -1.0f);
  EXPECT_DOUBLE_EQ(nv<D1>("__nv_sinpi")(1.0 / 6), 0.5);
}

TEST(LibdeviceMath, InverseErrorFunctions) {
  for (double X : {-0.9, -0.3, 0.0, 1e-10, 0.4, 0.75, 0.999999}) {
    EXPECT_NEAR(std::erf(nv<D1>("__nv_erfinv")(X)), X, 1e-15) << X;
    EXPECT_NEAR(std::erfc(nv<D1>("__nv_erfcinv")(1 - X)), 1 - X, 1e-15) << X;
  }
  EXPECT_NEAR(nv<D1>("__nv_erfcinv")(1e-300), 26.209469, 1e-5);
  EXPECT_EQ(nv<D1>("__nv_erfinv")(1.0), INFINITY);
  EXPECT_TRUE(std::isnan(nv<D1>("__nv_erfinv")(1.5)));
  EXPECT_NEAR(nv<D1>("__nv_normcdfinv")(0.975), 1.959963984540054, 1e-14);
  EXPECT_NEAR(nv<F1>("__nv_normcdff")(0.0f), 0.5f, 1e-7);
  EXPECT_NEAR(nv<D1>("__nv_erfcx")(1e3), 1 / (1e3 * std::sqrt(M_PI)), 1e-9);
  EXPECT_DOUBLE_EQ(nv<D1>("__nv_erfcx")(1.0), std::exp(1.0) * std::erfc(1.0));
}

TEST(LibdeviceMath, BesselAndNorms) {
  EXPECT_DOUBLE_EQ(nv<D1>("__nv_cyl_bessel_i0")(1.0), 1.2660658777520082);
  EXPECT_DOUBLE_EQ(nv<D1>("__nv_cyl_bessel_i1")(-1.0), -0.5651591039924851);
  EXPECT_EQ(nv<D1>("__nv_cyl_bessel_i0")(0.0), 1.0);
  EXPECT_DOUBLE_EQ(nv<double(double, double, double)>("__nv_norm3d")(1, 2, 2),
                   3.0);
  EXPECT_FLOAT_EQ(
      nv<float(float, float, float, float)>("__nv_rnorm4df")(1, 1, 1, 1), 0.5f);
  const float V[] = {3, 4};
  EXPECT_FLOAT_EQ(nv<float(int, const float *)>("__nv_normf")(2, V), 5.0f);
  EXPECT_EQ(nv<double(double, double, double)>("__nv_norm3d")(NAN, INFINITY, 1),
            INFINITY);
}

} // namespace
