//===- gevo_cuda/rand_xorwow.h - cuRAND's XORWOW generator ----*- C++ -*-===//
//
// curandStateXORWOW (curandState): Marsaglia's xorwow (five 32-bit words of
// xorshift plus a Weyl sequence d stepped by 362437), seeded and laid out as
// cuRAND's device API documents and does (48 bytes), with curand_init,
// curand, skipahead (n numbers) and skipahead_sequence (n subsequences of
// 2^67 numbers). Same numbers as NVIDIA's cuRAND for every seed,
// subsequence and offset (tests/lit/gevo-cc/curand*.test).
//
// Skip-ahead uses jump polynomials (rand_tables.py says how), 20 bytes of
// table per power of two instead of cuRAND's 3.2 KB matrices: each jump is
// at most 64 polynomial products modulo the 160-bit polynomial and 160
// generator steps. Not here: the Box-Muller caching is rand_dist.h's.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_RAND_XORWOW_H
#define GEVO_CUDA_RAND_XORWOW_H

#include "rand_common.h"
#include "rand_tables.h"

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

// One xorshift step of the five words (the Weyl sequence is curand's).
static __device__ __forceinline__ void __gevo_xorwow_step(unsigned int *v) {
  unsigned int t = v[0] ^ (v[0] >> 2);
  v[0] = v[1];
  v[1] = v[2];
  v[2] = v[3];
  v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

// r = r * b modulo XORWOW's polynomial (160-bit polynomials over GF(2)).
static __device__ inline void __gevo_xorwow_polymul(unsigned int *r,
                                                    const unsigned int *b) {
  unsigned int acc[5] = {0, 0, 0, 0, 0};
  for (int i = 159; i >= 0; --i) {
    unsigned int carry = acc[4] >> 31;
    for (int w = 4; w > 0; --w)
      acc[w] = (acc[w] << 1) | (acc[w - 1] >> 31);
    acc[0] <<= 1;
    unsigned int reduce = 0u - carry, take = 0u - ((r[i >> 5] >> (i & 31)) & 1);
    for (int w = 0; w < 5; ++w)
      acc[w] ^= (__gevo_xorwow_poly[w] & reduce) ^ (b[w] & take);
  }
  for (int w = 0; w < 5; ++w)
    r[w] = acc[w];
}

// Advances the five words by n * 2^Base numbers (Base 0 or 67; the table
// holds x^(2^k) from row Row0 on).
static __device__ inline void __gevo_xorwow_jump(unsigned int *v,
                                                 unsigned long long n,
                                                 int Row0) {
  if (!n)
    return;
  unsigned int r[5] = {}; // the polynomial 1 (not a constant array, which
  r[0] = 1;               // clang would copy from a private global)
  for (int k = 0; n; ++k, n >>= 1)
    if (n & 1)
      __gevo_xorwow_polymul(r, __gevo_xorwow_powers[Row0 + k]);
  unsigned int acc[5] = {0, 0, 0, 0, 0};
  for (int i = 0; i < 160; ++i) {
    unsigned int take = 0u - ((r[i >> 5] >> (i & 31)) & 1);
    for (int w = 0; w < 5; ++w)
      acc[w] ^= v[w] & take;
    __gevo_xorwow_step(v);
  }
  for (int w = 0; w < 5; ++w)
    v[w] = acc[w];
}

static __device__ __forceinline__ void skipahead(unsigned long long n,
                                                 curandStateXORWOW_t *state) {
  __gevo_xorwow_jump(state->v, n, 0);
  state->d += 362437u * (unsigned int)n;
}

// A subsequence is 2^67 numbers: d moves by a multiple of 2^32, not at all.
static __device__ __forceinline__ void
skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state) {
  __gevo_xorwow_jump(state->v, n, 64);
}

// The seed's two halves, salted and multiplied by odd constants, offset
// Marsaglia's published start state (seed 0 gives a state of its own, as
// cuRAND's does; the constants are cuRAND's, which the sequences must match).
static __device__ __forceinline__ void
curand_init(unsigned long long seed, unsigned long long subsequence,
            unsigned long long offset, curandStateXORWOW_t *state) {
  unsigned int t0 = 1099087573u * ((unsigned int)seed ^ 0xaad26b49u);
  unsigned int t1 = 2591861531u * ((unsigned int)(seed >> 32) ^ 0xf7dcefddu);
  state->d = 6615241u + t1 + t0;
  state->v[0] = 123456789u + t0;
  state->v[1] = 362436069u ^ t0;
  state->v[2] = 521288629u + t1;
  state->v[3] = 88675123u ^ t1;
  state->v[4] = 5783321u + t0;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
  __gevo_clear_normals(state);
}

static __device__ __forceinline__ unsigned int
curand(curandStateXORWOW_t *state) {
  __gevo_xorwow_step(state->v);
  state->d += 362437u;
  return state->v[4] + state->d;
}

#endif // GEVO_CUDA_RAND_XORWOW_H
