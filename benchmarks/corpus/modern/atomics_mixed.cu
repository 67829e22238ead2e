// The atomic functions on global and shared memory that counters, min/max
// trackers and flags use: atomicAdd on float and double, atomicSub,
// atomicMax/atomicMin on int and unsigned long long, atomicInc's wrap,
// atomicExch, atomicAnd/Or/Xor. Values are integers, so every sum is
// exact in any order; a second kernel checks each result serially.
#include "check.h"

struct Stats {
  float sumF;
  double sumD;
  int sub, maxI, minI;
  unsigned wrap, andBits, orBits, xorBits;
  unsigned long long maxU64;
  int last;
};

__global__ void accumulate(Stats *s, const int *in, int n) {
  __shared__ unsigned blockOr;
  if (threadIdx.x == 0)
    blockOr = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int v = in[i];
    atomicAdd(&s->sumF, (float)v);
    atomicAdd(&s->sumD, (double)v * 0.5);
    atomicSub(&s->sub, v);
    atomicMax(&s->maxI, v);
    atomicMin(&s->minI, v);
    atomicInc(&s->wrap, 9u); // counts modulo 10
    atomicAnd(&s->andBits, ~(1u << (v & 31)));
    atomicOr(&blockOr, 1u << (v & 31));
    atomicXor(&s->xorBits, (unsigned)v);
    atomicMax(&s->maxU64, (unsigned long long)(v + 1000) << 32);
    atomicExch(&s->last, 7);
  }
  __syncthreads();
  if (threadIdx.x == 0)
    atomicOr(&s->orBits, blockOr);
}

__global__ void check_stats(const Stats *s, const int *in, int n) {
  double sum = 0;
  int mx = -1 << 30, mn = 1 << 30;
  unsigned a = ~0u, o = 0, x = 0;
  for (int i = 0; i < n; ++i) {
    sum += in[i];
    mx = max(mx, in[i]), mn = min(mn, in[i]);
    a &= ~(1u << (in[i] & 31)), o |= 1u << (in[i] & 31), x ^= (unsigned)in[i];
  }
  CHECK(s->sumF == (float)sum);
  CHECK(s->sumD == sum * 0.5);
  CHECK(s->sub == -(int)sum);
  CHECK(s->maxI == mx && s->minI == mn);
  CHECK(s->wrap == (unsigned)n % 10);
  CHECK(s->andBits == a && s->orBits == o && s->xorBits == x);
  CHECK(s->maxU64 == (unsigned long long)(mx + 1000) << 32);
  CHECK(s->last == 7);
}

__global__ void init_stats(Stats *s) {
  *s = Stats{0.0f, 0.0, 0, -1 << 30, 1 << 30, 0, ~0u, 0, 0, 0, 0};
}
