/*===- Transcendental.c - exp, log, pow, sin, cos, erf, ... for AMDGPU -----===*
 *
 * Written from the textbook algorithms: argument reduction by ln 2 or pi/2
 * (Cody and Waite, with fma), Taylor polynomials on the reduced range,
 * log through atanh with the result kept as a double-double so that pow,
 * log2 and log10 stay accurate, erf by its everywhere-positive series and
 * erfc by its continued fraction. Accuracy (checked on the host against
 * libm by the unit tests): within a few ulp; sin, cos and tan lose accuracy
 * for |x| beyond about 2^30 (no Payne-Hanek reduction). Float functions are
 * their double twins rounded once.
 *
 * The constants were computed to 80 digits (pi by Machin's formula, ln 2 and
 * ln 10 by atanh series) and split into sums of doubles.
 *
 *===----------------------------------------------------------------------===*/
#include "NvMath.h"

static const double Ln2Hi = 0x1.62e42fefa39efp-1, Ln2Lo = 0x1.abc9e3b39803fp-56;
static const double InvLn2Hi = 0x1.71547652b82fep+0,
                    InvLn2Lo = 0x1.777d0ffda0d24p-56;
static const double Ln10Hi = 0x1.26bb1bbb55516p+1,
                    Ln10Lo = -0x1.f48ad494ea3e9p-53;
static const double InvLn10Hi = 0x1.bcb7b1526e50ep-2,
                    InvLn10Lo = 0x1.95355baaafad3p-57;
static const double PiO2Hi = 0x1.921fb54442d18p+0,
                    PiO2Mid = 0x1.1a62633145c07p-54,
                    PiO2Lo = -0x1.f1976b7ed8fbcp-110;
static const double TwoOverPi = 0x1.45f306dc9c883p-1;
static const double InvSqrtPi = 0x1.20dd750429b6dp-1;
static const double Sqrt2 = 0x1.6a09e667f3bcdp+0;

static int isNaN(double X) { return X != X; }

/* X * 2^K for |K| <= 1100, in two exact steps (one rounding at the end). */
static double scale2(double X, int K) {
  int A = K / 2, B = K - A;
  X *= fromBits((u64)(A + 1023) << 52);
  return X * fromBits((u64)(B + 1023) << 52);
}

/* C[0] + C[1] X + ... + C[N-1] X^(N-1) by Horner's rule, one fma a step. */
static double poly(const double *C, int N, double X) {
  double P = C[N - 1];
  for (int I = N - 2; I >= 0; --I)
    P = __builtin_fma(P, X, C[I]);
  return P;
}
/* poly over every coefficient of the array Coeffs. */
#define POLY(Coeffs, X) poly(Coeffs, sizeof(Coeffs) / sizeof(Coeffs[0]), X)

/* e^R - 1 - R for |R| <= ln2/2 (about): R^2 times a Taylor polynomial of
   degree 11 (terms up to R^13/13!). */
static double expTail(double R) {
  static const double Taylor[] = {0.5,
                                  1.0 / 6.0,
                                  1.0 / 24.0,
                                  1.0 / 120.0,
                                  1.0 / 720.0,
                                  1.0 / 5040.0,
                                  1.0 / 40320.0,
                                  1.0 / 362880.0,
                                  1.0 / 3628800.0,
                                  1.0 / 39916800.0,
                                  1.0 / 479001600.0,
                                  1.0 / 6227020800.0};
  return R * R * POLY(Taylor, R);
}

/* e^(X + Lo), Lo a small correction to X. */
static double expOf(double X, double Lo) {
  if (isNaN(X))
    return X + X;
  if (X > 710.0)
    return __builtin_inf();
  if (X < -746.0)
    return 0.0;
  double K = __builtin_rint(X * InvLn2Hi);
  double R = __builtin_fma(-K, Ln2Lo, __builtin_fma(-K, Ln2Hi, X));
  double T = expTail(R);
  double E = 1.0 + (R + (T + Lo * (1.0 + (R + T)))); /* e^R (1 + Lo) */
  return scale2(E, (int)K);
}

double NV(exp)(double X) { return expOf(X, 0.0); }

double NV(exp2)(double X) {
  if (!(__builtin_fabs(X) < 2000.0))
    return X > 0 ? X * 0x1p1023 * 2.0 : (isNaN(X) ? X + X : 0.0);
  double K = __builtin_rint(X), F = X - K; /* exact */
  double R = F * Ln2Hi;
  double RLo = __builtin_fma(F, Ln2Hi, -R) + F * Ln2Lo;
  double T = expTail(R);
  double E = 1.0 + (R + (T + RLo * (1.0 + (R + T))));
  return scale2(E, (int)K);
}

double NV(exp10)(double X) {
  if (!(__builtin_fabs(X) < 400.0))
    return X > 0 ? X * 0x1p1023 * 2.0 : (isNaN(X) ? X + X : 0.0);
  double P = X * Ln10Hi;
  double PLo = __builtin_fma(X, Ln10Hi, -P) + X * Ln10Lo;
  return expOf(P, PLo);
}

double NV(expm1)(double X) {
  if (X == 0.0)
    return X;
  if (__builtin_fabs(X) < 0.34)
    return X + expTail(X);
  if (X < -40.0)
    return -1.0;
  return NV(exp)(X) - 1.0;
}

/* log(X) = result + *Lo for a finite X > 0, to about 2^-59 relative:
   X = 2^E * M with M in [sqrt(1/2), sqrt(2)), log M = 2 atanh(S) with
   S = (M - 1) / (M + 1) kept as a double-double. */
static double logOf(double X, double *Lo) {
  int E = 0;
  u64 B = bitsOf(X);
  if (B < (1ull << 52)) { /* subnormal */
    X *= 0x1p54;
    B = bitsOf(X);
    E = -54;
  }
  E += (int)(B >> 52) - 1023;
  double M = fromBits((B & 0xfffffffffffffull) | 0x3ff0000000000000ull);
  if (M > Sqrt2) {
    M *= 0.5;
    ++E;
  }
  double F = M - 1.0;
  double U = 2.0 + F, ULo = F - (U - 2.0);
  double S = F / U;
  double SLo = (__builtin_fma(-S, U, F) - S * ULo) / U;
  double Z = S * S;
  /* 2 atanh(S) - 2 S = S^3 (2/3 + 2/5 Z + ... + 2/21 Z^9) */
  static const double Atanh[] = {2.0 / 3.0,  2.0 / 5.0,  2.0 / 7.0,  2.0 / 9.0,
                                 2.0 / 11.0, 2.0 / 13.0, 2.0 / 15.0, 2.0 / 17.0,
                                 2.0 / 19.0, 2.0 / 21.0};
  double T = S * Z * POLY(Atanh, Z);
  double AHi = E * Ln2Hi, ALo = __builtin_fma(E, Ln2Hi, -AHi) + E * Ln2Lo;
  double BHi = 2.0 * S;
  double Hi = AHi + BHi, V = Hi - AHi;
  double Err = (AHi - (Hi - V)) + (BHi - V);
  double Rest = Err + ALo + 2.0 * SLo + T;
  double R = Hi + Rest;
  *Lo = Rest - (R - Hi);
  return R;
}

/* log's special cases: the value for X <= 0, infinities and NaN, or 0 and
   *Special = 0 for a finite positive X. */
static double logSpecial(double X, int *Special) {
  *Special = 1;
  if (isNaN(X))
    return X + X;
  if (X == 0.0)
    return -__builtin_inf();
  if (X < 0.0)
    return __builtin_nan("");
  if (X == __builtin_inf())
    return X;
  *Special = 0;
  return 0.0;
}

double NV(log)(double X) {
  int Special;
  double S = logSpecial(X, &Special), Lo;
  return Special ? S : logOf(X, &Lo);
}

/* log(X) times the double-double C (1/ln 2, 1/ln 10). */
static double logTimes(double X, double CHi, double CLo) {
  int Special;
  double S = logSpecial(X, &Special), Lo;
  if (Special)
    return S;
  double L = logOf(X, &Lo);
  double Hi = L * CHi;
  return Hi + (__builtin_fma(L, CHi, -Hi) + (L * CLo + Lo * CHi));
}

double NV(log2)(double X) { return logTimes(X, InvLn2Hi, InvLn2Lo); }
double NV(log10)(double X) { return logTimes(X, InvLn10Hi, InvLn10Lo); }

double NV(log1p)(double X) {
  double U = 1.0 + X;
  int Special;
  double S = logSpecial(U, &Special), Lo;
  if (Special)
    return isNaN(X) ? X + X : S;
  if (U == 1.0)
    return X;
  /* log(1 + X) = log(U) + (1 + X - U) / U */
  return logOf(U, &Lo) + (Lo + (X - (U - 1.0)) / U);
}

static int isOddInteger(double Y) {
  return __builtin_fabs(Y) < 0x1p53 && __builtin_rint(Y) == Y &&
         ((i64)Y & 1) != 0;
}

/* pow's special cases (C99 F.9.4.4), or *Special = 0. */
static double powSpecial(double X, double Y, int *Special) {
  *Special = 1;
  double AX = __builtin_fabs(X), AY = __builtin_fabs(Y);
  if (Y == 0.0 || X == 1.0)
    return 1.0;
  if (isNaN(X) || isNaN(Y))
    return X + Y;
  if (AY == __builtin_inf()) {
    if (AX == 1.0)
      return 1.0;
    return (AX > 1.0) == (Y > 0) ? __builtin_inf() : 0.0;
  }
  int Odd = isOddInteger(Y);
  if (X == 0.0 || AX == __builtin_inf()) {
    double Mag = (X == 0.0) == (Y < 0) ? __builtin_inf() : 0.0;
    return Odd && bitsOf(X) >> 63 ? -Mag : Mag;
  }
  if (X < 0.0 && __builtin_rint(Y) != Y)
    return __builtin_nan("");
  *Special = 0;
  return 0.0;
}

double NV(pow)(double X, double Y) {
  int Special;
  double S = powSpecial(X, Y, &Special);
  if (Special)
    return S;
  double Sign = X < 0.0 && isOddInteger(Y) ? -1.0 : 1.0;
  double LLo, L = logOf(__builtin_fabs(X), &LLo);
  double P = Y * L, PLo = __builtin_fma(Y, L, -P) + Y * LLo;
  return Sign * expOf(P, PLo);
}

/* X = K pi/2 + R + *RLo with |R| <= pi/4 (about); returns K mod 4. */
static int reduceHalfPi(double X, double *R, double *RLo) {
  double K = __builtin_rint(X * TwoOverPi);
  double R1 = __builtin_fma(-K, PiO2Hi, X);
  double W = K * PiO2Mid, WLo = __builtin_fma(K, PiO2Mid, -W);
  double S = R1 - W, BB = S - R1;
  double Err = (R1 - (S - BB)) + (-W - BB) - WLo - K * PiO2Lo;
  *R = S + Err;
  *RLo = Err - (*R - S);
  return (int)(K - 4.0 * __builtin_floor(K * 0.25));
}

/* sin(R + RLo) for |R| <= pi/4: Taylor to R^17. */
static double sinPoly(double R, double RLo) {
  double Z = R * R;
  static const double Taylor[] = {-1.0 / 6.0,
                                  1.0 / 120.0,
                                  -1.0 / 5040.0,
                                  1.0 / 362880.0,
                                  -1.0 / 39916800.0,
                                  1.0 / 6227020800.0,
                                  -1.0 / 1307674368000.0,
                                  1.0 / 355687428096000.0};
  return R + (R * Z * POLY(Taylor, Z) + RLo * (1.0 - 0.5 * Z));
}

/* cos(R + RLo) for |R| <= pi/4: Taylor to R^18. */
static double cosPoly(double R, double RLo) {
  double Z = R * R;
  static const double Taylor[] = {1.0 / 24.0,
                                  -1.0 / 720.0,
                                  1.0 / 40320.0,
                                  -1.0 / 3628800.0,
                                  1.0 / 479001600.0,
                                  -1.0 / 87178291200.0,
                                  1.0 / 20922789888000.0,
                                  -1.0 / 6402373705728000.0};
  double HZ = 0.5 * Z, W = 1.0 - HZ;
  return W + (((1.0 - W) - HZ) + (Z * Z * POLY(Taylor, Z) - R * RLo));
}

double NV(sin)(double X) {
  if (__builtin_fabs(X) < 0x1p-27)
    return X;
  double R, RLo;
  int N = reduceHalfPi(X, &R, &RLo);
  double V = N & 1 ? cosPoly(R, RLo) : sinPoly(R, RLo);
  return N & 2 ? -V : V;
}

double NV(cos)(double X) {
  double R, RLo;
  int N = reduceHalfPi(X, &R, &RLo);
  double V = N & 1 ? sinPoly(R, RLo) : cosPoly(R, RLo);
  return (N + 1) & 2 ? -V : V;
}

double NV(tan)(double X) {
  if (__builtin_fabs(X) < 0x1p-27)
    return X;
  double R, RLo;
  int N = reduceHalfPi(X, &R, &RLo);
  double S = sinPoly(R, RLo), C = cosPoly(R, RLo);
  return N & 1 ? -C / S : S / C;
}

/* e^(-X^2), with X^2 split exactly. */
static double expMinusSquare(double X) {
  double Q = X * X;
  return expOf(-Q, -__builtin_fma(X, X, -Q));
}

/* erf(X) for |X| < 1: its Taylor series 2/sqrt(pi) X sum (-1)^n X^(2n) /
   (n! (2n+1)) to n = 24, by Horner's rule. */
static const double ErfTaylor[25] = {1.0 / (1.0 * 1),
                                     -1.0 / (1.0 * 3),
                                     1.0 / (2.0 * 5),
                                     -1.0 / (6.0 * 7),
                                     1.0 / (24.0 * 9),
                                     -1.0 / (120.0 * 11),
                                     1.0 / (720.0 * 13),
                                     -1.0 / (5040.0 * 15),
                                     1.0 / (40320.0 * 17),
                                     -1.0 / (362880.0 * 19),
                                     1.0 / (3628800.0 * 21),
                                     -1.0 / (39916800.0 * 23),
                                     1.0 / (479001600.0 * 25),
                                     -1.0 / (6227020800.0 * 27),
                                     1.0 / (87178291200.0 * 29),
                                     -1.0 / (1307674368000.0 * 31),
                                     1.0 / (20922789888000.0 * 33),
                                     -1.0 / (355687428096000.0 * 35),
                                     1.0 / (6402373705728000.0 * 37),
                                     -1.0 / (121645100408832000.0 * 39),
                                     1.0 / (2432902008176640000.0 * 41),
                                     -1.0 / (51090942171709440000.0 * 43),
                                     1.0 / (1124000727777607680000.0 * 45),
                                     -1.0 / (25852016738884976640000.0 * 47),
                                     1.0 / (620448401733239439360000.0 * 49)};

static double erfSmall(double X) {
  return 2.0 * InvSqrtPi * (X * POLY(ErfTaylor, X * X));
}

/* erfc(X) for X >= 1: e^(-X^2)/sqrt(pi) / (X + (1/2)/(X + 1/(X + ...))),
   evaluated backwards from enough terms for X. */
static double erfcLarge(double X) {
  if (X > 28.0)
    return 0.0;
  int N = 10 + (int)(200.0 / (X * X));
  double K = X;
  for (int I = N; I >= 1; --I)
    K = X + (0.5 * I) / K;
  return InvSqrtPi * expMinusSquare(X) / K;
}

double NV(erf)(double X) {
  double A = __builtin_fabs(X);
  if (isNaN(X))
    return X + X;
  if (A < 1.0)
    return erfSmall(X);
  double V = A > 6.0 ? 1.0 : 1.0 - erfcLarge(A);
  return X < 0 ? -V : V;
}

double NV(erfc)(double X) {
  if (isNaN(X))
    return X + X;
  if (X >= 1.0)
    return erfcLarge(X);
  if (X <= -1.0)
    return 2.0 - erfcLarge(-X);
  return 1.0 - erfSmall(X);
}

double NV(tanh)(double X) {
  double A = __builtin_fabs(X);
  if (isNaN(X) || A < 0x1p-28)
    return X + X * 0.0;
  double V = 1.0;
  if (A < 22.0) {
    double E = NV(expm1)(2.0 * A);
    V = E / (E + 2.0);
  }
  return X < 0 ? -V : V;
}

NV_FLOAT_OF_DOUBLE1(exp)
NV_FLOAT_OF_DOUBLE1(exp2)
NV_FLOAT_OF_DOUBLE1(exp10)
NV_FLOAT_OF_DOUBLE1(expm1)
NV_FLOAT_OF_DOUBLE1(log)
NV_FLOAT_OF_DOUBLE1(log2)
NV_FLOAT_OF_DOUBLE1(log10)
NV_FLOAT_OF_DOUBLE1(log1p)
NV_FLOAT_OF_DOUBLE2(pow)
NV_FLOAT_OF_DOUBLE1(sin)
NV_FLOAT_OF_DOUBLE1(cos)
NV_FLOAT_OF_DOUBLE1(tan)
NV_FLOAT_OF_DOUBLE1(erf)
NV_FLOAT_OF_DOUBLE1(erfc)
NV_FLOAT_OF_DOUBLE1(tanh)
