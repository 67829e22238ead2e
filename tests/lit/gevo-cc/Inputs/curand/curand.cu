// cuRAND's device API, checked two ways. Each generator's first numbers and
// distributions for a few seeds, subsequences and offsets are compared with
// the values NVIDIA's curand_kernel.h gives (expected.inc: what this
// kernel writes with -DRECORD on NVIDIA's header; -DFLIP=I corrupts value
// I), and
// the API is checked against plain code: an offset against stepping,
// init's subsequence and offset against skipahead_sequence and skipahead,
// the uniforms against their formula on a twin state, Philox's curand4
// against four curand calls, the cached second normal against
// curand_normal2, and the Poisson draws between lambda 64 and 4000 by
// their mean. Any mismatch traps.
#include <curand_kernel.h>
#include <type_traits>

#ifndef RECORD
#include "expected.inc"
#endif
#ifndef FLIP
#define FLIP -1
#endif

#define CHECK(C)                                                               \
  do {                                                                         \
    if (!(C))                                                                  \
      __trap();                                                                \
  } while (0)

struct Sink {
  unsigned *Out;
  int N = 0;
  __device__ void put(unsigned V) {
#ifndef RECORD
    CHECK(N < (int)(sizeof(Expected) / sizeof(Expected[0])));
    CHECK((V ^ (N == FLIP)) == Expected[N]);
#endif
    Out[N++] = V;
  }
  __device__ void put(float V) { put(__float_as_uint(V)); }
  __device__ void put(double V) {
    unsigned long long B = __double_as_longlong(V);
    put((unsigned)B);
    put((unsigned)(B >> 32));
  }
};

__device__ float plainUniform(unsigned X) {
  return X * 0x1p-32f + 0x1p-33f;
}

// A subsequence skip: MRG32k3a's init skips 2^76-number subsequences.
template <class S> __device__ void skipSubsequences(unsigned long long N, S *St) {
  skipahead_sequence(N, St);
}
__device__ void skipSubsequences(unsigned long long N, curandStateMRG32k3a_t *St) {
  skipahead_subsequence(N, St);
}

template <class S>
__device__ void checkOffsets(unsigned long long Seed, unsigned long long Sub) {
  // An offset is that many numbers stepped over.
  S A, B;
  curand_init(Seed, Sub, 0, &A);
  for (int I = 0; I < 7; ++I)
    curand(&A);
  curand_init(Seed, Sub, 7, &B);
  CHECK(curand(&A) == curand(&B));
  // init's subsequence and offset are the skips.
  curand_init(Seed, 0, 0, &A);
  skipSubsequences(Sub, &A);
  skipahead(1000003, &A);
  curand_init(Seed, Sub, 1000003, &B);
  CHECK(curand(&A) == curand(&B));
  // The uniform is its formula on the same number (MRG32k3a's is not 32-bit).
  if constexpr (!std::is_same_v<S, curandStateMRG32k3a_t>)
    CHECK(curand_uniform(&A) == plainUniform(curand(&B)));
}

/// A generator from curand_init(Seed, Sub, Offset), after the draws every
/// generator is checked on.
template <class S>
__device__ S started(Sink &K, unsigned long long Seed, unsigned long long Sub,
                     unsigned long long Offset) {
  S St;
  curand_init(Seed, Sub, Offset, &St);
  for (int I = 0; I < 3; ++I)
    K.put(curand(&St));
  K.put(curand_uniform(&St));
  K.put(curand_uniform_double(&St));
  // The second normal of a pair is cached; a twin's normal2 is the pair.
  S Twin = St;
  float N0 = curand_normal(&St), N1 = curand_normal(&St);
  float2 P = curand_normal2(&Twin);
  CHECK(N0 == P.x && N1 == P.y);
  K.put(N0);
  K.put(N1);
  K.put(curand_normal_double(&St));
  K.put(curand_normal_double(&St));
  K.put(curand_log_normal(&St, 0.5f, 1.5f));
  K.put(curand_log_normal_double(&St, -1.0, 0.25));
  K.put(curand_poisson(&St, 3.5));
  K.put(curand_poisson(&St, 20000.0));
  K.put(curand(&St));
  return St;
}

/// N numbers and Seqs sequences on, then one number.
template <class S>
__device__ void skipThenPut(Sink &K, S &St, unsigned long long N,
                            unsigned long long Seqs) {
  skipahead(N, &St);
  skipahead_sequence(Seqs, &St);
  K.put(curand(&St));
}

__device__ const unsigned long long Seeds[3] = {0, 1234, 0xdeadbeefcafef00dull};
__device__ const unsigned long long Subs[3] = {0, 5, (1ull << 40) + 7};
__device__ const unsigned long long Offsets[3] = {0, 3, (1ull << 33) + 5};

__global__ void curand_values(unsigned *out) {
  Sink K{out};
  for (int I = 0; I < 3; ++I) {
    auto X = started<curandState>(K, Seeds[I], Subs[I], Offsets[2 - I]);
    skipThenPut(K, X, 12345, 3);

    auto P = started<curandStatePhilox4_32_10_t>(K, Seeds[I], Subs[I],
                                                 Offsets[I]);
    curand(&P); // curand4 from the middle of a block
    uint4 Q = curand4(&P);
    K.put(Q.x), K.put(Q.y), K.put(Q.z), K.put(Q.w);
    curandStatePhilox4_32_10_t T = P;
    Q = curand4(&T);
    for (int J = 0; J < 4; ++J)
      CHECK(curand(&P) == (&Q.x)[J]);
    float4 U = curand_uniform4(&P);
    K.put(U.x), K.put(U.w);
    float4 G = curand_normal4(&P);
    K.put(G.x), K.put(G.y), K.put(G.z), K.put(G.w);
    skipThenPut(K, P, 5, 2);

    auto M = started<curandStateMRG32k3a_t>(K, Seeds[I], Subs[I], Offsets[I]);
    skipahead_sequence(2, &M);
    K.put(curand(&M));

    checkOffsets<curandState>(Seeds[I], Subs[I]);
    checkOffsets<curandStatePhilox4_32_10_t>(Seeds[I], Subs[I]);
    checkOffsets<curandStateMRG32k3a_t>(Seeds[I], Subs[I]);
  }
  // Poisson for 64 <= lambda <= 4000, where gevo's values are not cuRAND's
  // (another algorithm): 64 draws of lambda = 100 sum to 6400 within four
  // standard deviations (80 each).
  curandState X;
  curand_init(7, 0, 0, &X);
  unsigned Sum = 0;
  for (int I = 0; I < 64; ++I)
    Sum += curand_poisson(&X, 100.0);
  CHECK(Sum >= 6400 - 320 && Sum <= 6400 + 320);
}
