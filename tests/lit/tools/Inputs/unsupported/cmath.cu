// The C++ float overloads of <cmath> against their C99 float functions:
// a mismatch traps (so the base fails), a missing one would not link.
#define SAME(A, B)                                                             \
  if (!((A) == (B) || ((A) != (A) && (B) != (B))))                             \
    __trap();
#define F1(F) SAME(F(x), F##f(x))
#define F2(F) SAME(F(x, y), F##f(x, y))
extern "C" __global__ void overloads(const float *in, int *out, int k) {
  float x = in[threadIdx.x], y = in[threadIdx.x + 1];
  int q1, q2;
  F1(round) F1(trunc) F1(exp2) F1(expm1) F1(log2) F1(log1p) F1(asinh)
  F1(acosh) F1(atanh) F1(cbrt) F1(erf) F1(erfc) F1(lgamma) F1(tgamma)
  F1(rint) F1(nearbyint) F1(logb) F1(lround) F1(llround) F1(lrint)
  F1(llrint) F1(ilogb)
  F2(remainder) F2(hypot) F2(fmin) F2(fmax) F2(fdim) F2(copysign)
  F2(nextafter)
  SAME(fma(x, y, x), fmaf(x, y, x))
  SAME(remquo(x, y, &q1), remquof(x, y, &q2))
  SAME(q1, q2)
  SAME(scalbn(x, k), scalbnf(x, k))
  SAME(scalbln(x, long(k)), scalblnf(x, long(k)))
  out[threadIdx.x] = int(round(x * 10));
}
