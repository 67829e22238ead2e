//===- Special.cpp - libdevice functions with no host libm twin -----------===//
//
// sinpi/cospi, the inverse error functions, erfcx, normcdf(inv), the
// modified Bessel functions I0/I1 and the vector norms, computed in long
// double and rounded once; the float versions round the double result. Also
// the __nv_fast_* approximations, which here are the ordinary host functions.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

namespace gevo::cpu::libdevice {
namespace {

using Wide = long double;
constexpr Wide Pi = 3.141592653589793238462643383279502884L;
constexpr Wide TwoOverSqrtPi = 1.128379167095512573896158903121545172L;

/// sin(pi X), exact at integers and half-integers.
double sinPi(double X) {
  if (!std::isfinite(X))
    return std::nan("");
  double R = std::remainder(X, 2.0); // Exact, in [-1, 1].
  if (R > 0.5)
    R = 1 - R;
  else if (R < -0.5)
    R = -1 - R;
  if (R == 0)
    return std::copysign(0.0, X);
  return static_cast<double>(std::sin(Pi * R));
}

/// cos(pi X), exact at integers and half-integers.
double cosPi(double X) {
  if (!std::isfinite(X))
    return std::nan("");
  double R = std::fabs(std::remainder(X, 2.0)); // In [0, 1].
  if (R == 0.5)
    return 0.0;
  return static_cast<double>(std::sin(Pi * (Wide(0.5) - R)));
}

/// Newton's method for the root of \p F (derivative \p DF) from \p T; both
/// erf and erfc are monotone and convex or concave on each side of 0, so it
/// converges monotonically.
template <typename Fn, typename DFn> Wide newton(Wide T, Fn F, DFn DF) {
  for (int I = 0; I < 100; ++I) {
    Wide Step = F(T) / DF(T);
    if (!std::isfinite(Step) || std::fabs(Step) <= 1e-19L * std::fabs(T))
      break;
    T -= Step;
  }
  return T;
}

Wide erfDerivative(Wide T) { return TwoOverSqrtPi * std::exp(-T * T); }

double erfcInv(double Y);

double erfInv(double X) {
  if (std::isnan(X) || std::fabs(X) > 1)
    return std::nan("");
  if (std::fabs(X) > 0.5) // 1 - |X| is exact; erfc keeps the precision.
    return std::copysign(erfcInv(1 - std::fabs(X)), X);
  Wide Target = X;
  return static_cast<double>(newton(
      Target / TwoOverSqrtPi, [&](Wide T) { return std::erf(T) - Target; },
      erfDerivative));
}

double erfcInv(double Y) {
  if (std::isnan(Y) || Y < 0 || Y > 2)
    return std::nan("");
  if (Y == 0)
    return HUGE_VAL;
  if (Y > 1)
    return -erfcInv(2 - Y);
  if (Y >= 0.5)
    return erfInv(1 - Y);
  // sqrt(-log Y) is above the root; erfc is convex there.
  Wide Target = Y;
  return static_cast<double>(newton(
      std::sqrt(-std::log(Target)),
      [&](Wide T) { return std::erfc(T) - Target; },
      [](Wide T) { return -erfDerivative(T); }));
}

/// exp(X^2) erfc(X); the asymptotic series where erfc underflows.
double erfcx(double X) {
  if (X < 100) {
    Wide W = X;
    return static_cast<double>(std::exp(W * W) * std::erfc(W));
  }
  Wide W = X, Inv2 = 1 / (2 * W * W);
  return static_cast<double>(1 / (W * std::sqrt(Pi)) *
                             (1 - Inv2 * (1 - 3 * Inv2)));
}

double normcdf(double X) {
  return static_cast<double>(std::erfc(-Wide(X) / std::sqrt(Wide(2))) / 2);
}

double normcdfinv(double P) {
  return static_cast<double>(-std::sqrt(Wide(2)) * erfcInv(2 * P));
}

/// I0 (\p Order 0) or I1 (\p Order 1) by their power series, whose terms are
/// all positive and so sum stably.
template <int Order> double besselI(double X) {
  Wide Q = Wide(X) * X / 4, Term = Order ? Wide(X) / 2 : 1, Sum = 0;
  for (int K = 1; K < 100000 && Term != 0 && std::isfinite(Sum); ++K) {
    Sum += Term;
    if (std::fabs(Term) <= std::fabs(Sum) * 1e-21L)
      break;
    Term *= Q / (Wide(K) * (K + Order));
  }
  return static_cast<double>(Sum);
}

/// sqrt of the sum of squares of \p N values (inf if any is inf), or its
/// reciprocal.
template <bool Reciprocal, typename T> T norm(int N, const T *V) {
  Wide Sum = 0;
  bool Inf = false;
  for (int I = 0; I < N; ++I) {
    Inf |= std::isinf(V[I]);
    Sum += Wide(V[I]) * V[I];
  }
  Wide R = Inf ? HUGE_VALL : std::sqrt(Sum);
  return static_cast<T>(Reciprocal ? 1 / R : R);
}

template <bool Reciprocal, typename T> T norm3(T A, T B, T C) {
  const T V[] = {A, B, C};
  return norm<Reciprocal>(3, V);
}

template <bool Reciprocal, typename T> T norm4(T A, T B, T C, T D) {
  const T V[] = {A, B, C, D};
  return norm<Reciprocal>(4, V);
}

template <typename T> void sinCosPi(T X, T *S, T *C) {
  *S = static_cast<T>(sinPi(X));
  *C = static_cast<T>(cosPi(X));
}

// __nv_Name from the double function Fn, __nv_Name##f from the same rounded.
#define VIA_DOUBLE(Name, Fn)                                                   \
  {"__nv_" #Name, address(&Fn)}, {                                             \
    "__nv_" #Name "f",                                                         \
        address(+[](float X) -> float { return static_cast<float>(Fn(X)); })   \
  }
// The norm family, double and float.
#define NORMS(Name, Template, Reciprocal)                                      \
  {"__nv_" #Name, address(&Template<Reciprocal, double>)}, {                   \
    "__nv_" #Name "f", address(&Template<Reciprocal, float>)                   \
  }
#define FAST1(Name, Expr)                                                      \
  {                                                                            \
    "__nv_fast_" #Name, address(+[](float X) -> float { return Expr; })        \
  }

const RuntimeSymbol Symbols[] = {
    VIA_DOUBLE(sinpi, sinPi),
    VIA_DOUBLE(cospi, cosPi),
    VIA_DOUBLE(erfinv, erfInv),
    VIA_DOUBLE(erfcinv, erfcInv),
    VIA_DOUBLE(erfcx, erfcx),
    VIA_DOUBLE(normcdf, normcdf),
    VIA_DOUBLE(normcdfinv, normcdfinv),
    VIA_DOUBLE(cyl_bessel_i0, besselI<0>),
    VIA_DOUBLE(cyl_bessel_i1, besselI<1>),
    NORMS(norm, norm, false),
    NORMS(rnorm, norm, true),
    NORMS(norm3d, norm3, false),
    NORMS(rnorm3d, norm3, true),
    NORMS(norm4d, norm4, false),
    NORMS(rnorm4d, norm4, true),
    {"__nv_sincospi", address(&sinCosPi<double>)},
    {"__nv_sincospif", address(&sinCosPi<float>)},
    FAST1(cosf, std::cos(X)),
    FAST1(exp10f, std::pow(10.0f, X)),
    FAST1(expf, std::exp(X)),
    FAST1(log10f, std::log10(X)),
    FAST1(log2f, std::log2(X)),
    FAST1(logf, std::log(X)),
    FAST1(sinf, std::sin(X)),
    FAST1(tanf, std::tan(X)),
    FAST1(tanhf, std::tanh(X)),
    {"__nv_fast_fdividef",
     address(+[](float X, float Y) -> float { return X / Y; })},
    {"__nv_fast_powf",
     address(+[](float X, float Y) -> float { return std::pow(X, Y); })},
    {"__nv_fast_sincosf", address(+[](float X, float *S, float *C) {
       *S = std::sin(X);
       *C = std::cos(X);
     })},
};

#undef VIA_DOUBLE
#undef NORMS
#undef FAST1

} // namespace

llvm::ArrayRef<RuntimeSymbol> specialSymbols() { return Symbols; }

} // namespace gevo::cpu::libdevice
