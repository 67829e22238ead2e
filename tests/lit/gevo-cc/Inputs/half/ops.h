// The self-checks both 16-bit formats share, on T (the scalar) and T2 (the
// pair), with N (names: N(__, 2float) is __half2float or __bfloat162float)
// set by the includer (half.cu, bf16/bf16.cu).
// Every result is computed by the API and by plain float code rounded once
// with FROMF (checked against hand-made bit patterns in the includer), and
// a mismatch traps. Kernels (blocks of 64): arith, warp, atomics, fill then
// loads.
// To float, from float to nearest even, the bit casts and the pair maker.
#define TOF N(__, 2float)
#define FROMF N(__float2, _rn)
#define BITS N(__, _as_ushort)
#define OFBITS N(__ushort_as_, )
#define make_pair N(make_, 2)
#define ULP_TOL 1
#define CHECK(C)                                                               \
  do {                                                                         \
    if (!(C))                                                                  \
      __trap();                                                                \
  } while (0)
#define SAME(X, Y) CHECK(BITS(X) == BITS(Y))

__device__ bool isNan(float F) { return F != F; }
__device__ T sat(float F) { return FROMF(isNan(F) ? 0.0f : fminf(fmaxf(F, 0.0f), 1.0f)); }
// Within Tol units in the last place of the rounded float result.
__device__ bool closeUlp(T Got, float Want, int Tol) {
  int G = BITS(Got), W = BITS(FROMF(Want));
  if (isNan(Want))
    return isNan(TOF(Got));
  if ((G ^ W) & 0x8000) // opposite signs: only both near zero
    return (G & 0x7fff) + (W & 0x7fff) <= Tol;
  return G - W <= Tol && W - G <= Tol;
}

// R is the value of the format nearest to D (ties to the even bits), or the
// infinity D overflows to; NaN for NaN.
__device__ bool isNearest(T R, double D) {
  if (D != D)
    return isNan(TOF(R));
  float Inf = __int_as_float(0x7f800000);
  T Max = OFBITS(BITS(FROMF(Inf)) - 1);
  double M = TOF(Max), Below = TOF(OFBITS(BITS(Max) - 1));
  double Overflow = M + (M - Below) / 2; // at or above: rounds to inf
  if (D >= Overflow || D <= -Overflow)
    return TOF(R) == (D > 0 ? Inf : -Inf);
  double E = fabs(D - (double)TOF(R));
  for (int Step = -1; Step <= 1; Step += 2) {
    unsigned short NB = BITS(R) + Step;
    if ((NB & 0x7fff) > BITS(FROMF(Inf)) || (BITS(R) & 0x7fff) == 0 && Step < 0)
      continue; // no neighbour that way (NaN, or below zero's bits)
    double EN = fabs(D - (double)TOF(OFBITS(NB)));
    if (EN < E || (EN == E && (BITS(R) & 1)))
      return false;
  }
  return true;
}

// A row of the includer's table of roundings: a float's bits and the
// expected bits in each mode. N(P, S) pastes the format's stem into a
// name: N(__float2, _rz) is __float2half_rz or __float2bfloat16_rz.
struct Rounding {
  unsigned In;
  unsigned short Rn, Rz, Rd, Ru;
};
__device__ void checkRounding(const Rounding &R) {
  float X = __uint_as_float(R.In);
  CHECK(BITS(N(__float2, _rn)(X)) == R.Rn);
  CHECK(BITS(N(__float2, )(X)) == R.Rn);
  CHECK(BITS(T(X)) == R.Rn);
  CHECK(BITS(N(__float2, _rz)(X)) == R.Rz);
  CHECK(BITS(N(__float2, _rd)(X)) == R.Rd);
  CHECK(BITS(N(__float2, _ru)(X)) == R.Ru);
  CHECK(BITS(N(__double2, )((double)X)) == R.Rn);
  T2 Q = N(__float2, 2_rn)(X);
  CHECK((BITS(N(__low2, )(Q)) == R.Rn && BITS(Q.y) == R.Rn));
  T2 P = N(__floats2, 2_rn)(X, -X);
  CHECK(BITS(P.x) == R.Rn && BITS(N(__high2, )(P)) == BITS(FROMF(-X)));
  CHECK(BITS(N(__float22, 2_rn)(make_float2(X, X)).y) == R.Rn);
}

// Operand I of 64: normal values, values near the smallest ones
// (subnormal halves), large ones (overflow), infinities and NaN.
__device__ T operand(const float *In, int I) {
  float X = In[I];
  switch (I % 8) {
  case 1:
    return FROMF(X * 1e-5f);
  case 2:
    return FROMF(X * 3e4f);
  case 3:
    return FROMF(X < 0 ? -__int_as_float(0x7f800000) : X);
  case 4:
    return FROMF(I % 16 == 4 ? __int_as_float(0x7fc00000) : X * 0.001f);
  default:
    return FROMF(X);
  }
}

/// Scalar arithmetic, comparisons and math against float code; pairs
/// against the scalar functions.
extern "C" __global__ void arith(const float *In, float *Out) {
  int I = threadIdx.x;
  T A = operand(In, I), B = operand(In, 64 + (I * 5) % 64),
    C = operand(In, 128 + I);
  float FA = TOF(A), FB = TOF(B), FC = TOF(C);
  SAME(__hadd(A, B), FROMF(FA + FB));
  SAME(__hsub(A, B), FROMF(FA - FB));
  SAME(__hmul(A, B), FROMF(FA * FB));
  SAME(__hdiv(A, B), FROMF(FA / FB));
  SAME(__hadd_rn(A, B), FROMF(FA + FB));
  SAME(__hmul_rn(A, B), FROMF(FA * FB));
  SAME(__hadd_sat(A, B), sat(FA + FB));
  SAME(__hsub_sat(A, B), sat(FA - FB));
  SAME(__hmul_sat(A, B), sat(FA * FB));
  // fma: the nearest value to the exact A * B + C (exact in double: the
  // product has 22 bits, the sum at most 53 here).
  CHECK(isNearest(__hfma(A, B, C), (double)FA * FB + FC));
  SAME(__hfma_sat(A, B, C), sat(TOF(__hfma(A, B, C))));
  SAME(A + B, __hadd(A, B));
  SAME(A - B, __hsub(A, B));
  SAME(A * B, __hmul(A, B));
  SAME(A / B, __hdiv(A, B));
  T S = A;
  S += B;
  S *= C;
  S -= A;
  SAME(S, __hsub(__hmul(__hadd(A, B), C), A));
  if (!isNan(FA)) {
    SAME(-A, FROMF(-FA));
    SAME(__hneg(A), FROMF(-FA));
    SAME(__habs(A), FROMF(fabsf(FA)));
    CHECK(__hisinf(A) == (FA == __int_as_float(0x7f800000) ? 1 : FA == -__int_as_float(0x7f800000) ? -1 : 0));
  }
  CHECK(__hisnan(A) == isNan(FA));
  if (!isNan(FA) && !isNan(FB) && FA != FB) {
    SAME(__hmax(A, B), FROMF(fmaxf(FA, FB)));
    SAME(__hmin(A, B), FROMF(fminf(FA, FB)));
  }
  // Comparisons: ordered ones are false on NaN, unordered ones true.
  bool Un = isNan(FA) || isNan(FB);
  CHECK(__heq(A, B) == (FA == FB) && __hne(A, B) == (!Un && FA != FB));
  CHECK(__hlt(A, B) == (FA < FB) && __hle(A, B) == (FA <= FB));
  CHECK(__hgt(A, B) == (FA > FB) && __hge(A, B) == (FA >= FB));
  CHECK(__hequ(A, B) == (Un || FA == FB) && __hneu(A, B) == (FA != FB));
  CHECK(__hltu(A, B) == (Un || FA < FB) && __hgeu(A, B) == (Un || FA >= FB));
  CHECK((A == B) == (FA == FB) && (A != B) == (FA != FB));
  CHECK((A < B) == (FA < FB) && (A >= B) == (FA >= FB));

  // Math: the float function rounded once; sqrt, rcp and the roundings
  // exactly, the others within ULP_TOL.
  T P = __habs(A);
  float FP = TOF(P);
  SAME(htrunc(A), FROMF(truncf(FA)));
  SAME(hceil(A), FROMF(ceilf(FA)));
  SAME(hfloor(A), FROMF(floorf(FA)));
  SAME(hrint(A), FROMF(rintf(FA)));
  SAME(hsqrt(P), FROMF(sqrtf(FP)));
  SAME(hrcp(A), FROMF(1.0f / FA));
  CHECK(closeUlp(hrsqrt(P), 1.0f / sqrtf(FP), ULP_TOL));
  CHECK(closeUlp(hexp(A), expf(FA), ULP_TOL));
  CHECK(closeUlp(hexp2(A), exp2f(FA), ULP_TOL));
  CHECK(closeUlp(hexp10(A), exp10f(FA), ULP_TOL));
  CHECK(closeUlp(hlog(P), logf(FP), ULP_TOL));
  CHECK(closeUlp(hlog2(P), log2f(FP), ULP_TOL));
  CHECK(closeUlp(hlog10(P), log10f(FP), ULP_TOL));
  if (fabsf(FA) < 100.0f) { // large arguments: CUDA's bounds are absolute
    CHECK(closeUlp(hsin(A), sinf(FA), ULP_TOL));
    CHECK(closeUlp(hcos(A), cosf(FA), ULP_TOL));
  }

  // Pairs: each half as the scalar function gives it.
  T2 X = make_pair(A, B), Y = make_pair(C, A), Z = make_pair(B, C);
#define SAME2(V, Lo, Hi)                                                       \
  do {                                                                         \
    T2 R = V;                                                                  \
    SAME(R.x, Lo);                                                             \
    SAME(R.y, Hi);                                                             \
  } while (0)
  SAME2(__hadd2(X, Y), __hadd(A, C), __hadd(B, A));
  SAME2(__hsub2(X, Y), __hsub(A, C), __hsub(B, A));
  SAME2(__hmul2(X, Y), __hmul(A, C), __hmul(B, A));
  SAME2(__h2div(X, Y), __hdiv(A, C), __hdiv(B, A));
  SAME2(__hfma2(X, Y, Z), __hfma(A, C, B), __hfma(B, A, C));
  SAME2(__hadd2_sat(X, Y), __hadd_sat(A, C), __hadd_sat(B, A));
  SAME2(__hmul2_sat(X, Y), __hmul_sat(A, C), __hmul_sat(B, A));
  SAME2(__hneg2(X), __hneg(A), __hneg(B));
  SAME2(X + Y, __hadd(A, C), __hadd(B, A));
  SAME2(X * Y, __hmul(A, C), __hmul(B, A));
  SAME2(-X, __hneg(A), __hneg(B));
  if (!isNan(FA) && !isNan(FB) && !isNan(FC)) {
    SAME2(__habs2(X), __habs(A), __habs(B));
    if (FA != FC && FB != FA) {
      SAME2(__hmax2(X, Y), __hmax(A, C), __hmax(B, A));
      SAME2(__hmin2(X, Y), __hmin(A, C), __hmin(B, A));
    }
  }
  T One = FROMF(1.0f), Zero = FROMF(0.0f);
  SAME2(__heq2(X, Y), __heq(A, C) ? One : Zero, __heq(B, A) ? One : Zero);
  SAME2(__hlt2(X, Y), __hlt(A, C) ? One : Zero, __hlt(B, A) ? One : Zero);
  SAME2(__hgeu2(X, Y), __hgeu(A, C) ? One : Zero, __hgeu(B, A) ? One : Zero);
  CHECK(__hbeq2(X, Y) == (__heq(A, C) && __heq(B, A)));
  CHECK(__hblt2(X, Y) == (__hlt(A, C) && __hlt(B, A)));
  CHECK(__hbgt2(X, X) == false && __hbge2(X, X) == !(isNan(FA) || isNan(FB)));
  SAME2(h2floor(X), hfloor(A), hfloor(B));
  SAME2(h2sqrt(__habs2(X)), hsqrt(__habs(A)), hsqrt(__habs(B)));
  SAME2(h2exp(X), hexp(A), hexp(B));
  SAME2(h2rcp(X), hrcp(A), hrcp(B));
  CHECK(__low2float(X) == FA || isNan(FA));
  CHECK(__high2float(X) == FB || isNan(FB));
  SAME2(__lowhigh2highlow(X), B, A);
  Out[I] = TOF(__hadd(A, B));
}

/// Shuffles of scalars and pairs: each lane's value is In[lane], so the
/// expected one is computed from the source lane's index.
extern "C" __global__ void warp(const float *In, float *Out) {
  int I = threadIdx.x, L = I % 32, W = I - L;
  T V = FROMF(In[I]);
  T2 V2 = make_pair(V, FROMF(In[I] * 2));
  SAME(__shfl_sync(0xffffffffu, V, 7), FROMF(In[W + 7]));
  SAME(__shfl_xor_sync(0xffffffffu, V, 1), FROMF(In[I ^ 1]));
  SAME(__shfl_down_sync(0xffffffffu, V, 3), FROMF(In[L + 3 < 32 ? I + 3 : I]));
  SAME(__shfl_up_sync(0xffffffffu, V, 2), FROMF(In[L >= 2 ? I - 2 : I]));
  SAME(__shfl_xor_sync(0xffffffffu, V, 4, 8), FROMF(In[I ^ 4]));
  T2 R = __shfl_xor_sync(0xffffffffu, V2, 16);
  SAME(R.x, FROMF(In[I ^ 16]));
  SAME(R.y, FROMF(In[I ^ 16] * 2));
  R = __shfl_sync(0xffffffffu, V2, 31 - L);
  SAME(R.y, FROMF(In[W + 31 - L] * 2));
  Out[I] = TOF(V);
}

/// atomicAdd on a scalar and a pair in shared memory: 64 adds of exact
/// small integers, each old value seen once.
extern "C" __global__ void atomics(const float *In, float *Out) {
  __shared__ T Sum;
  __shared__ T2 Sum2;
  __shared__ int Seen[64];
  int I = threadIdx.x;
  if (I == 0) {
    Sum = FROMF(0.0f);
    Sum2 = make_pair(FROMF(0.0f), FROMF(1.0f));
  }
  Seen[I] = 0;
  __syncthreads();
  T Old = atomicAdd(&Sum, FROMF(1.0f));
  T2 Old2 = atomicAdd(&Sum2, make_pair(FROMF(2.0f), FROMF(-1.0f)));
  float O = TOF(Old);
  CHECK(O >= 0 && O < 64 && O == truncf(O));
  CHECK(TOF(Old2.x) == 2 * (1 - TOF(Old2.y)));
  atomicAdd(&Seen[(int)O], 1);
  __syncthreads();
  CHECK(Seen[I] == 1);
  CHECK(TOF(Sum) == 64.0f);
  CHECK(TOF(Sum2.x) == 128.0f && TOF(Sum2.y) == -63.0f);
  Out[I] = TOF(Sum);
}

/// __ldg of a scalar and a pair from Buf, which the kernel fill wrote.
extern "C" __global__ void fill(const float *In, T *Buf) {
  Buf[threadIdx.x] = FROMF(In[threadIdx.x]);
}
extern "C" __global__ void loads(const float *In, const T *Buf, float *Out) {
  int I = threadIdx.x;
  if (I % 2 == 0) {
    T2 V = __ldg(reinterpret_cast<const T2 *>(Buf) + I / 2);
    SAME(V.x, FROMF(In[I]));
    SAME(V.y, FROMF(In[I + 1]));
  }
  SAME(__ldg(&Buf[I ^ 1]), FROMF(In[I ^ 1]));
  Out[I] = TOF(__ldg(Buf + I));
}
