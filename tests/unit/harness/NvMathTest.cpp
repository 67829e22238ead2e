//===- NvMathTest.cpp - The AMDGPU __nv_* library against the host libm ---===//
//
// harness/lower/amdgpu/Transcendental.c is freestanding C, so the same file
// compiled for the host (with the prefix host_nv_) is checked here against
// glibc, whose functions are within an ulp or so of the exact values.
//
//===----------------------------------------------------------------------===//

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

extern "C" {
#define DECLARE(Name)                                                          \
  double host_nv_##Name(double);                                               \
  float host_nv_##Name##f(float);
DECLARE(exp)
DECLARE(exp2)
DECLARE(exp10)
DECLARE(expm1)
DECLARE(log)
DECLARE(log2)
DECLARE(log10)
DECLARE(log1p)
DECLARE(sin)
DECLARE(cos)
DECLARE(tan)
DECLARE(erf)
DECLARE(erfc)
DECLARE(tanh)
#undef DECLARE
double host_nv_pow(double, double);
float host_nv_powf(float, float);
}

namespace {

/// Distance from Got to Want in units in the last place of Want; 0 when both
/// are the same NaN class or the same infinity.
double ulps(double Got, double Want) {
  if (std::isnan(Want))
    return std::isnan(Got) ? 0 : 1e30;
  if (std::isinf(Want))
    return Got == Want ? 0 : 1e30;
  if (Want == 0)
    return std::fabs(Got) / 5e-324;
  double Ulp = std::nextafter(std::fabs(Want), INFINITY) - std::fabs(Want);
  return std::fabs(Got - Want) / Ulp;
}

struct Case {
  const char *Name;
  double (*Ours)(double);
  double (*Libm)(double);
  double Lo, Hi;
  double MaxUlps;
};

class NvMath : public ::testing::TestWithParam<Case> {};

TEST_P(NvMath, WithinItsUlpBoundOfLibm) {
  const Case &C = GetParam();
  std::mt19937_64 Rng(7);
  std::uniform_real_distribution<double> Wide(C.Lo, C.Hi), Near(-4, 4);
  double Worst = 0, At = 0;
  for (int I = 0; I < 100000; ++I) {
    double X = I % 2 ? Wide(Rng) : Near(Rng);
    if (X < C.Lo || X > C.Hi)
      continue;
    double E = ulps(C.Ours(X), C.Libm(X));
    if (E > Worst)
      Worst = E, At = X;
  }
  EXPECT_LE(Worst, C.MaxUlps) << C.Name << " at " << At;
  for (double X : {0.0, -0.0, double(INFINITY), -double(INFINITY),
                   double(NAN)}) {
    double Got = C.Ours(X), Want = C.Libm(X);
    EXPECT_EQ(ulps(Got, Want), 0.0) << C.Name << "(" << X << ")";
    if (!std::isnan(Want)) {
      EXPECT_EQ(std::signbit(Got), std::signbit(Want))
          << C.Name << "(" << X << ")";
    }
  }
}

double libmExp10(double X) { return std::pow(10.0, X); }

INSTANTIATE_TEST_SUITE_P(
    Functions, NvMath,
    ::testing::Values(
        Case{"exp", host_nv_exp, ::exp, -746, 710, 1},
        Case{"exp2", host_nv_exp2, ::exp2, -1080, 1025, 1},
        Case{"exp10", host_nv_exp10, libmExp10, -330, 309, 2},
        Case{"expm1", host_nv_expm1, ::expm1, -50, 710, 4},
        Case{"log", host_nv_log, ::log, -1, 1e300, 1},
        Case{"log2", host_nv_log2, ::log2, -1, 1e300, 1},
        Case{"log10", host_nv_log10, ::log10, -1, 1e300, 2},
        Case{"log1p", host_nv_log1p, ::log1p, -1, 1e300, 1},
        Case{"sin", host_nv_sin, ::sin, -1e6, 1e6, 1},
        Case{"cos", host_nv_cos, ::cos, -1e6, 1e6, 1},
        Case{"tan", host_nv_tan, ::tan, -1e4, 1e4, 2},
        Case{"erf", host_nv_erf, ::erf, -8, 8, 2},
        Case{"erfc", host_nv_erfc, ::erfc, -8, 27.5, 8},
        Case{"tanh", host_nv_tanh, ::tanh, -30, 30, 4}),
    [](const auto &Info) { return std::string(Info.param.Name); });

TEST(NvMathPow, WithinTwoUlpsOfLibm) {
  std::mt19937_64 Rng(11);
  std::uniform_real_distribution<double> LogX(-20, 20), Y(-100, 100);
  double Worst = 0;
  for (int I = 0; I < 100000; ++I) {
    double X = std::exp(LogX(Rng)), P = Y(Rng);
    if (I % 3 == 0)
      X = -X, P = std::rint(P);
    Worst = std::max(Worst, ulps(host_nv_pow(X, P), std::pow(X, P)));
  }
  EXPECT_LE(Worst, 2);
}

TEST(NvMathPow, SpecialCasesAsC99) {
  const double Values[] = {0.0, -0.0, 1.0, -1.0, 0.5, -2.0, 3.0, -3.0,
                           INFINITY, -INFINITY, NAN};
  for (double X : Values)
    for (double Y : Values) {
      double Got = host_nv_pow(X, Y), Want = std::pow(X, Y);
      if (std::isnan(Want)) {
        EXPECT_TRUE(std::isnan(Got)) << X << "^" << Y;
      } else {
        EXPECT_EQ(std::signbit(Got), std::signbit(Want)) << X << "^" << Y;
      }
      EXPECT_LE(ulps(Got, Want), 1) << X << "^" << Y;
    }
}

TEST(NvMathFloat, RoundedFromTheDoubleTwin) {
  for (float X : {0.1f, 1.5f, -2.25f, 10.0f, 80.0f})
    EXPECT_EQ(host_nv_expf(X), float(host_nv_exp(X)));
  EXPECT_EQ(host_nv_powf(2.0f, 10.0f), 1024.0f);
  EXPECT_EQ(host_nv_logf(1.0f), 0.0f);
}

} // namespace
