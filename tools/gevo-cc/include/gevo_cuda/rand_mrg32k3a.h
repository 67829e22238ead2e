//===- gevo_cuda/rand_mrg32k3a.h - cuRAND's MRG32k3a ----------*- C++ -*-===//
//
// curandStateMRG32k3a_t: L'Ecuyer's combined multiple recursive generator
// MRG32k3a (Operations Research 47(1), 1999): two order-3 recursions modulo
// m1 = 2^32 - 209 and m2 = 2^32 - 22853, combined as (p1 - p2) mod m1 in
// (0, m1]. Seeded, laid out (40 bytes) and scaled as cuRAND's device API
// documents and does: curand_init, curand, skipahead (n numbers),
// skipahead_subsequence (n * 2^76), skipahead_sequence (n * 2^127), all by
// powers of the recursions' matrices that the compiler computes (constexpr;
// rand_tables.py checks them against its own);
// __gevo_mrg32k3a is the raw integer output in (0, m1], as a double.
// Distributions are rand_dist.h's. cuRAND documents subsequences up to
// 2^51 and its table stops at 2^56; here every n skips n * 2^76.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_RAND_MRG32K3A_H
#define GEVO_CUDA_RAND_MRG32K3A_H

#include "rand_common.h"

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

#define __GEVO_MRG_M1 4294967087ull
#define __GEVO_MRG_M2 4294944443ull

static __device__ __forceinline__ double
__gevo_mrg32k3a(curandStateMRG32k3a_t *state) {
  unsigned int *a = state->s1, *b = state->s2;
  unsigned long long p1 =
      (1403580ull * a[1] + 810728ull * (__GEVO_MRG_M1 - a[0])) % __GEVO_MRG_M1;
  unsigned long long p2 =
      (527612ull * b[2] + 1370589ull * (__GEVO_MRG_M2 - b[0])) % __GEVO_MRG_M2;
  a[0] = a[1], a[1] = a[2], a[2] = (unsigned int)p1;
  b[0] = b[1], b[1] = b[2], b[2] = (unsigned int)p2;
  return (double)(p1 > p2 ? p1 - p2 : p1 + __GEVO_MRG_M1 - p2);
}

// A^(2^k) modulo m for k = 0..190, each 3x3 row-major, A stepping the
// recursion x[n] = c0 x[n-3] + c1 x[n-2] + c2 x[n-1] (mod m); the skip
// tables are 64 of them from k = 0 (offsets), 76 (subsequences) and 127
// (sequences).
struct __gevo_mrg_squares {
  unsigned int M[191][9];
};
struct __gevo_mrg_powers {
  unsigned int M[64][9];
};
static constexpr __gevo_mrg_squares
__gevo_mrg_square_all(unsigned long long c0, unsigned long long c1,
                      unsigned long long c2, unsigned long long m) {
  __gevo_mrg_squares Q = {};
  unsigned long long A[9] = {0, 1, 0, 0, 0, 1, c0, c1, c2};
  for (int k = 0; k < 191; ++k) {
    unsigned long long S[9] = {};
    for (int i = 0; i < 9; ++i) {
      Q.M[k][i] = (unsigned int)A[i];
      for (int j = 0; j < 3; ++j)
        S[i] += A[i / 3 * 3 + j] * A[j * 3 + i % 3] % m;
    }
    for (int i = 0; i < 9; ++i)
      A[i] = S[i] % m;
  }
  return Q;
}
static constexpr __gevo_mrg_powers
__gevo_mrg_table(const __gevo_mrg_squares &Q, int From) {
  __gevo_mrg_powers P = {};
  for (int k = 0; k < 64; ++k)
    for (int i = 0; i < 9; ++i)
      P.M[k][i] = Q.M[From + k][i];
  return P;
}
static constexpr __gevo_mrg_squares __gevo_mrg_a1 =
    __gevo_mrg_square_all(__GEVO_MRG_M1 - 810728, 1403580, 0, __GEVO_MRG_M1);
static constexpr __gevo_mrg_squares __gevo_mrg_a2 =
    __gevo_mrg_square_all(__GEVO_MRG_M2 - 1370589, 0, 527612, __GEVO_MRG_M2);
#define __GEVO_MRG_TABLE(NAME, FROM)                                           \
  static __device__ constexpr __gevo_mrg_powers __gevo_mrg_m1##NAME =          \
      __gevo_mrg_table(__gevo_mrg_a1, FROM);                                   \
  static __device__ constexpr __gevo_mrg_powers __gevo_mrg_m2##NAME =          \
      __gevo_mrg_table(__gevo_mrg_a2, FROM);
__GEVO_MRG_TABLE(, 0)
__GEVO_MRG_TABLE(SubSeq, 76)
__GEVO_MRG_TABLE(Seq, 127)
#undef __GEVO_MRG_TABLE

// v = M^n v modulo m, Powers[k] being M^(2^k).
static __device__ inline void __gevo_mrg_jump(unsigned int *v,
                                              const unsigned int (*Powers)[9],
                                              unsigned long long m,
                                              unsigned long long n) {
  for (int k = 0; n; ++k, n >>= 1) {
    if (!(n & 1))
      continue;
    const unsigned int *M = Powers[k];
    unsigned long long t[3];
    for (int i = 0; i < 3; ++i)
      t[i] = ((unsigned long long)M[3 * i] * v[0] % m +
              (unsigned long long)M[3 * i + 1] * v[1] % m +
              (unsigned long long)M[3 * i + 2] * v[2] % m) % m;
    for (int i = 0; i < 3; ++i)
      v[i] = (unsigned int)t[i];
  }
}

#define __GEVO_MRG_SKIP(NAME, TABLE)                                           \
  static __device__ __forceinline__ void NAME(unsigned long long n,            \
                                              curandStateMRG32k3a_t *state) {  \
    __gevo_mrg_jump(state->s1, __gevo_mrg_m1##TABLE.M, __GEVO_MRG_M1, n);      \
    __gevo_mrg_jump(state->s2, __gevo_mrg_m2##TABLE.M, __GEVO_MRG_M2, n);      \
  }
__GEVO_MRG_SKIP(skipahead, )
__GEVO_MRG_SKIP(skipahead_subsequence, SubSeq)
__GEVO_MRG_SKIP(skipahead_sequence, Seq)
#undef __GEVO_MRG_SKIP

// Seed 0 is the published start (12345 in every word); otherwise the
// seed's salted halves scale it, as cuRAND does.
static __device__ __forceinline__ void
curand_init(unsigned long long seed, unsigned long long subsequence,
            unsigned long long offset, curandStateMRG32k3a_t *state) {
  unsigned long long x1 = (unsigned int)seed ^ 0x55555555u;
  unsigned long long x2 = (unsigned int)(seed >> 32) ^ 0xAAAAAAAAu;
  if (!seed)
    x1 = x2 = 1;
  state->s1[0] = (unsigned int)(x1 * 12345u % __GEVO_MRG_M1);
  state->s1[1] = (unsigned int)(x2 * 12345u % __GEVO_MRG_M1);
  state->s1[2] = state->s1[0];
  state->s2[0] = (unsigned int)(x2 * 12345u % __GEVO_MRG_M2);
  state->s2[1] = (unsigned int)(x1 * 12345u % __GEVO_MRG_M2);
  state->s2[2] = state->s2[0];
  skipahead_subsequence(subsequence, state);
  skipahead(offset, state);
  __gevo_clear_normals(state);
}

// The raw output scaled by (2^32 - 1) / m1, as cuRAND does.
static __device__ __forceinline__ unsigned int
curand(curandStateMRG32k3a_t *state) {
  return (unsigned int)(__gevo_mrg32k3a(state) * 1.000000048662);
}

#undef __GEVO_MRG_M1
#undef __GEVO_MRG_M2

#endif // GEVO_CUDA_RAND_MRG32K3A_H
