//===- gevo_cuda/rand_philox.h - cuRAND's Philox4_32_10 -------*- C++ -*-===//
//
// curandStatePhilox4_32_10_t: the counter-based Philox-4x32 with 10 rounds
// (Salmon, Moraes, Dror, Shaw, SC'11: multipliers 0xD2511F53 and
// 0xCD9E8D57, Weyl key increments 0x9E3779B9 and 0xBB67AE85). The key is the
// seed; the 128-bit counter counts blocks of four numbers, its high 64 bits
// the subsequence (2^66 numbers each). curand_init, curand, curand4,
// skipahead and skipahead_sequence, laid out and ordered as cuRAND's device
// API (64 bytes; curand4 takes the next four numbers wherever the last
// curand left off). Distributions are rand_dist.h's. The counter adds
// are exact 128-bit ones (cuRAND's would drop a carry only for block
// counts above 2^64 - 2^32, which no public call passes).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_RAND_PHILOX_H
#define GEVO_CUDA_RAND_PHILOX_H

#include "rand_common.h"

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output; // the block ctr gives; output[STATE] is the next number
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

static __device__ __forceinline__ uint4 __gevo_philox_round(uint4 c, uint2 k) {
  unsigned long long p0 = 0xD2511F53ull * c.x, p1 = 0xCD9E8D57ull * c.z;
  return make_uint4((unsigned int)(p1 >> 32) ^ c.y ^ k.x, (unsigned int)p1,
                    (unsigned int)(p0 >> 32) ^ c.w ^ k.y, (unsigned int)p0);
}

static __device__ __forceinline__ uint4 __gevo_philox4x32_10(uint4 c, uint2 k) {
  for (int round = 0; round < 9; ++round) {
    c = __gevo_philox_round(c, k);
    k.x += 0x9E3779B9u;
    k.y += 0xBB67AE85u;
  }
  return __gevo_philox_round(c, k);
}

// ctr += n << Shift as a 128-bit number (Shift 0 or 64).
static __device__ __forceinline__ void __gevo_philox_add(uint4 &c,
                                                         unsigned long long n,
                                                         int Shift) {
  unsigned long long lo = c.x | (unsigned long long)c.y << 32;
  unsigned long long hi = c.z | (unsigned long long)c.w << 32;
  if (Shift) {
    hi += n;
  } else {
    unsigned long long sum = lo + n;
    hi += sum < lo;
    lo = sum;
  }
  c = make_uint4((unsigned int)lo, (unsigned int)(lo >> 32), (unsigned int)hi,
                 (unsigned int)(hi >> 32));
}

static __device__ __forceinline__ void __gevo_philox_next_block(
    curandStatePhilox4_32_10_t *state) {
  __gevo_philox_add(state->ctr, 1, 0);
  state->output = __gevo_philox4x32_10(state->ctr, state->key);
}

static __device__ __forceinline__ void
skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state) {
  unsigned int lane = state->STATE + (unsigned int)(n & 3);
  __gevo_philox_add(state->ctr, n / 4 + lane / 4, 0);
  state->STATE = lane & 3;
  state->output = __gevo_philox4x32_10(state->ctr, state->key);
}

static __device__ __forceinline__ void
skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *state) {
  __gevo_philox_add(state->ctr, n, 64);
  state->output = __gevo_philox4x32_10(state->ctr, state->key);
}

static __device__ __forceinline__ void
curand_init(unsigned long long seed, unsigned long long subsequence,
            unsigned long long offset, curandStatePhilox4_32_10_t *state) {
  state->ctr = make_uint4(0, 0, 0, 0);
  state->key = make_uint2((unsigned int)seed, (unsigned int)(seed >> 32));
  state->STATE = 0;
  __gevo_clear_normals(state);
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
}

static __device__ __forceinline__ unsigned int __gevo_uint4_at(uint4 v,
                                                               unsigned int i) {
  return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
}

static __device__ __forceinline__ unsigned int
curand(curandStatePhilox4_32_10_t *state) {
  unsigned int r = __gevo_uint4_at(state->output, state->STATE);
  if (++state->STATE == 4) {
    state->STATE = 0;
    __gevo_philox_next_block(state);
  }
  return r;
}

// The next four numbers: the rest of this block and the start of the next.
static __device__ __forceinline__ uint4
curand4(curandStatePhilox4_32_10_t *state) {
  uint4 a = state->output;
  __gevo_philox_next_block(state);
  uint4 b = state->output;
  unsigned int s = state->STATE;
  unsigned int w[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
  return make_uint4(w[s], w[s + 1], w[s + 2], w[s + 3]);
}

#endif // GEVO_CUDA_RAND_PHILOX_H
