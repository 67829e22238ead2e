// What the CUB and cg-scan test kernels share: SAME traps on a mismatch,
// and a hash kernel folds a buffer of results into one word that must
// equal EXPECT (-DEXPECT=...): the gevo test and its -nvidia twin pass the
// same value, so gevo's headers and NVIDIA's agree on every result the
// kernels write.
#ifndef CUB_TEST_COMMON_H
#define CUB_TEST_COMMON_H

#define SAME(A, B)                                                             \
  do {                                                                         \
    if ((A) != (B))                                                            \
      __trap();                                                                \
  } while (0)

/// FNV-1a over the words of \p out, to \p hash[0]; traps on a hash other
/// than EXPECT when that is defined.
extern "C" __global__ void hash_out(const int *out, int n, unsigned *hash) {
  unsigned h = 2166136261u;
  for (int i = 0; i < n; ++i)
    h = (h ^ (unsigned)out[i]) * 16777619u;
  hash[0] = h;
#ifdef EXPECT
  SAME(h, (unsigned)EXPECT);
#endif
}

/// op(a, b) = b: associative, not commutative (a reduction gives its last
/// item, so a wrong order shows).
struct Last {
  __device__ int operator()(int a, int b) const { return b; }
};
struct Plus {
  __device__ int operator()(int a, int b) const { return a + b; }
};
struct MaxOp {
  __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

#endif
