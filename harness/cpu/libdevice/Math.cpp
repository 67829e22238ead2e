//===- Math.cpp - libdevice's libm-like functions on the host libm --------===//
//
// The double function __nv_X and its float twin __nv_Xf, each computed by the
// host libm in its own precision.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

namespace gevo::cpu::libdevice {
namespace {

// __nv_Name (double) and __nv_Name##f (float), both `Expr` of X (and Y).
#define UNARY(Name, Expr)                                                      \
  {"__nv_" #Name, address(+[](double X) -> double { return Expr; })}, {        \
    "__nv_" #Name "f", address(+[](float X) -> float { return Expr; })         \
  }
#define BINARY(Name, Expr)                                                     \
  {"__nv_" #Name,                                                              \
   address(+[](double X, double Y) -> double { return Expr; })},               \
  {                                                                            \
    "__nv_" #Name "f",                                                         \
        address(+[](float X, float Y) -> float { return Expr; })               \
  }
#define STD1(Name) UNARY(Name, std::Name(X))
#define STD2(Name) BINARY(Name, std::Name(X, Y))
// Predicates return int; DName/FName because libdevice's names are irregular.
#define PREDICATE(DName, FName, Expr)                                          \
  {"__nv_" #DName, address(+[](double X) -> int { return (Expr) ? 1 : 0; })},  \
  {                                                                            \
    "__nv_" #FName, address(+[](float X) -> int { return (Expr) ? 1 : 0; })    \
  }
// Out-parameter functions, with the output's type \p Out.
#define OUTPARAM(Name, Out, Expr)                                              \
  {"__nv_" #Name,                                                              \
   address(+[](double X, Out<double> *P) -> double { return Expr; })},         \
  {                                                                            \
    "__nv_" #Name "f",                                                         \
        address(+[](float X, Out<float> *P) -> float { return Expr; })         \
  }

// jn/yn of order N; a negative order is NaN, as on a GPU.
#define BESSEL_N(Name)                                                         \
  {"__nv_" #Name, address(+[](int N, double X) -> double {                     \
     return N < 0 ? std::nan("") : ::Name(N, X);                               \
   })},                                                                        \
  {                                                                            \
    "__nv_" #Name "f", address(+[](int N, float X) -> float {                  \
      return N < 0 ? std::nanf("") : ::Name##f(N, X);                          \
    })                                                                         \
  }

template <typename T> using IntOut = int;
template <typename T> using SameOut = T;

/// llrint/llround: an integral value converted as cvt does.
template <typename T> long long toLongLong(T V) {
  return saturate<long long>(V);
}

/// lgamma_r, since lgamma writes the global signgam: a race between threads.
template <typename T> T logGamma(T X) {
  int Sign;
  return static_cast<T>(::lgamma_r(X, &Sign));
}

/// nan("..."): libdevice's argument is signed char.
template <typename T> T nanOf(const signed char *Tag) {
  return static_cast<T>(std::nan(reinterpret_cast<const char *>(Tag)));
}

const RuntimeSymbol Symbols[] = {
    STD1(acos),
    STD1(acosh),
    STD1(asin),
    STD1(asinh),
    STD1(atan),
    STD1(atanh),
    STD1(cbrt),
    STD1(ceil),
    STD1(cos),
    STD1(cosh),
    STD1(erf),
    STD1(erfc),
    STD1(exp),
    STD1(exp2),
    STD1(expm1),
    STD1(fabs),
    STD1(floor),
    STD1(log),
    STD1(log10),
    STD1(log1p),
    STD1(log2),
    STD1(logb),
    STD1(nearbyint),
    STD1(rint),
    STD1(round),
    STD1(sin),
    STD1(sinh),
    STD1(sqrt),
    STD1(tan),
    STD1(tanh),
    STD1(tgamma),
    STD1(trunc),
    UNARY(exp10, std::pow(decltype(X)(10), X)),
    UNARY(j0, ::jn(0, X)),
    UNARY(j1, ::jn(1, X)),
    UNARY(y0, ::yn(0, X)),
    UNARY(y1, ::yn(1, X)),
    UNARY(lgamma, logGamma(X)),
    UNARY(rsqrt, 1 / std::sqrt(static_cast<long double>(X))),
    UNARY(rcbrt, 1 / std::cbrt(static_cast<long double>(X))),
    STD2(atan2),
    STD2(copysign),
    STD2(fdim),
    BINARY(fmax, std::isnan(X)   ? Y
                 : std::isnan(Y) ? X
                                 : std::fmax(X, Y)),
    BINARY(fmin, std::isnan(X)   ? Y
                 : std::isnan(Y) ? X
                                 : std::fmin(X, Y)),
    STD2(fmod),
    STD2(hypot),
    STD2(nextafter),
    STD2(pow),
    STD2(remainder),
    BINARY(rhypot, 1 / std::hypot(static_cast<long double>(X),
                                  static_cast<long double>(Y))),
    {"__nv_fma", address(+[](double X, double Y, double Z) -> double {
       return std::fma(X, Y, Z);
     })},
    {"__nv_fmaf", address(+[](float X, float Y, float Z) -> float {
       return std::fma(X, Y, Z);
     })},
    PREDICATE(isinfd, isinff, std::isinf(X)),
    PREDICATE(isnand, isnanf, std::isnan(X)),
    PREDICATE(isfinited, finitef, std::isfinite(X)),
    PREDICATE(signbitd, signbitf, std::signbit(X)),
    {"__nv_ilogb", address(+[](double X) -> int { return std::ilogb(X); })},
    {"__nv_ilogbf", address(+[](float X) -> int { return std::ilogb(X); })},
    {"__nv_llrint",
     address(+[](double X) -> long long { return toLongLong(std::rint(X)); })},
    {"__nv_llrintf",
     address(+[](float X) -> long long { return toLongLong(std::rint(X)); })},
    {"__nv_llround",
     address(+[](double X) -> long long { return toLongLong(std::round(X)); })},
    {"__nv_llroundf",
     address(+[](float X) -> long long { return toLongLong(std::round(X)); })},
    OUTPARAM(frexp, IntOut, std::frexp(X, P)),
    OUTPARAM(modf, SameOut, std::modf(X, P)),
    {"__nv_remquo", address(+[](double X, double Y, int *Q) -> double {
       return std::remquo(X, Y, Q);
     })},
    {"__nv_remquof", address(+[](float X, float Y, int *Q) -> float {
       return std::remquo(X, Y, Q);
     })},
    {"__nv_ldexp",
     address(+[](double X, int N) -> double { return std::ldexp(X, N); })},
    {"__nv_ldexpf",
     address(+[](float X, int N) -> float { return std::ldexp(X, N); })},
    {"__nv_scalbn",
     address(+[](double X, int N) -> double { return std::scalbn(X, N); })},
    {"__nv_scalbnf",
     address(+[](float X, int N) -> float { return std::scalbn(X, N); })},
    {"__nv_powi", address(+[](double X, int N) -> double {
       return std::pow(X, static_cast<double>(N));
     })},
    {"__nv_powif", address(+[](float X, int N) -> float {
       return std::pow(X, static_cast<float>(N));
     })},
    BESSEL_N(jn),
    BESSEL_N(yn),
    {"__nv_sincos", address(+[](double X, double *S, double *C) {
       *S = std::sin(X);
       *C = std::cos(X);
     })},
    {"__nv_sincosf", address(+[](float X, float *S, float *C) {
       *S = std::sin(X);
       *C = std::cos(X);
     })},
    {"__nv_nan", address(&nanOf<double>)},
    {"__nv_nanf", address(&nanOf<float>)},
    {"__nv_rcp64h", address(+[](double X) -> double { return 1 / X; })},
    {"__nv_saturatef", address(+[](float X) -> float {
       return X > 0 ? (X < 1 ? X : 1.0f) : 0.0f; // NaN fails X > 0: 0.
     })},
};

#undef UNARY
#undef BINARY
#undef STD1
#undef STD2
#undef PREDICATE
#undef OUTPARAM
#undef BESSEL_N

} // namespace

llvm::ArrayRef<RuntimeSymbol> mathSymbols() { return Symbols; }

} // namespace gevo::cpu::libdevice
