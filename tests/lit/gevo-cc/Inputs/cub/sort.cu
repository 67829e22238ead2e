// CUB's BlockRadixSort and BlockHistogram on 64 threads x 4 items:
// key-value sorts of unsigned keys (all bits and bits [4, 12): only those
// order, the rest keep their blocked order), descending int keys with
// many ties, floats (with -0 and +0) sorted blocked-to-striped, 8-bit keys
// sorted descending blocked-to-striped, keys only; block histograms of
// 16 bins, atomic and sort-based. Each sort is checked against a plain
// stable insertion sort by thread 0, carrying the items' blocked
// positions as values (a mismatch traps); results go to `out` for the
// hash (common.h).
#include "common.h"
#include <cub/cub.cuh>

constexpr int T = 64, N = 4, TILE = T * N, BINS = 16;
constexpr int OUT = 6 * TILE; // ints of `out` per block

/// Radix sort's order of floats: -0 and +0 are equal (CUB documents it).
__device__ bool floatBefore(float a, float b) { return a < b; } // -0 == +0

/// Thread 0 sorts the blocked tile \p keys stably by \p before into
/// \p refPos (the items' blocked positions in sorted order); then each
/// thread checks that its items \p k / \p v (values: blocked positions)
/// are the sorted tile's, blocked or striped, and writes them to \p o.
template <class K, class Before>
__device__ void check(const K *keys, const K (&k)[N], const int (&v)[N],
                      bool striped, Before before, int *refPos, int *o) {
  int t = threadIdx.x;
  if (t == 0) {
    for (int i = 0; i < TILE; ++i) {
      int j = i;
      for (; j > 0 && before(keys[i], keys[refPos[j - 1]]); --j)
        refPos[j] = refPos[j - 1];
      refPos[j] = i;
    }
  }
  __syncthreads();
  for (int i = 0; i < N; ++i) {
    int pos = striped ? i * T + t : t * N + i;
    SAME(v[i], refPos[pos]);
    SAME(k[i], keys[refPos[pos]]);
    o[pos] = v[i];
  }
  __syncthreads();
}

extern "C" __global__ void sort(const unsigned *in, int *out) {
  using SortU = cub::BlockRadixSort<unsigned, T, N, int>;
  using SortI = cub::BlockRadixSort<int, T, N, int>;
  using SortF = cub::BlockRadixSort<float, T, N, int>;
  using SortB = cub::BlockRadixSort<unsigned char, T, N, int>;
  using SortK = cub::BlockRadixSort<unsigned, T, N>;
  __shared__ union {
    typename SortU::TempStorage u;
    typename SortI::TempStorage i;
    typename SortF::TempStorage f;
    typename SortB::TempStorage b;
    typename SortK::TempStorage k;
  } temp;
  __shared__ unsigned keysU[TILE];
  __shared__ int keysI[TILE];
  __shared__ float keysF[TILE];
  __shared__ unsigned char keysB[TILE];
  __shared__ int refPos[TILE];
  const int t = threadIdx.x;
  const unsigned *tile = in + blockIdx.x * TILE;
  int *o = out + blockIdx.x * OUT;
  for (int i = 0; i < N; ++i) {
    int p = t * N + i;
    keysU[p] = tile[p];
    keysI[p] = (int)(tile[p] % 21) - 10;
    keysF[p] = p % 37 == 0   ? -0.0f
               : p % 41 == 0 ? 0.0f
                             : ((int)(tile[p] % 64) - 32) * 0.25f;
    keysB[p] = (unsigned char)(tile[p] >> 8);
  }
  __syncthreads();
  unsigned ku[N];
  int ki[N], v[N];
  float kf[N];
  unsigned char kb[N];
  auto reset = [&] {
    for (int i = 0; i < N; ++i) {
      int p = t * N + i;
      ku[i] = keysU[p], ki[i] = keysI[p], kf[i] = keysF[p], kb[i] = keysB[p];
      v[i] = p;
    }
  };

  reset();
  SortU(temp.u).Sort(ku, v);
  __syncthreads();
  check(
      keysU, ku, v, false, [](unsigned a, unsigned b) { return a < b; }, refPos,
      o);

  reset();
  SortU(temp.u).Sort(ku, v, 4, 12);
  __syncthreads();
  check(
      keysU, ku, v, false,
      [](unsigned a, unsigned b) { return (a >> 4 & 0xff) < (b >> 4 & 0xff); },
      refPos, o + TILE);

  reset();
  SortI(temp.i).SortDescending(ki, v);
  __syncthreads();
  check(
      keysI, ki, v, false, [](int a, int b) { return a > b; }, refPos,
      o + 2 * TILE);

  reset();
  SortF(temp.f).SortBlockedToStriped(kf, v);
  __syncthreads();
  check(keysF, kf, v, true, floatBefore, refPos, o + 3 * TILE);

  reset();
  SortB(temp.b).SortDescendingBlockedToStriped(kb, v);
  __syncthreads();
  check(
      keysB, kb, v, true,
      [](unsigned char a, unsigned char b) { return a > b; }, refPos,
      o + 4 * TILE);

  // Keys only: the sorted key at tile rank p has at most p smaller keys
  // and more than p - 1 not larger.
  reset();
  SortK(temp.k).Sort(ku);
  for (int i = 0; i < N; ++i) {
    int below = 0, equal = 0, pos = t * N + i;
    for (int q = 0; q < TILE; ++q)
      below += keysU[q] < ku[i], equal += keysU[q] == ku[i];
    SAME(pos >= below && pos < below + equal, true);
    o[5 * TILE + pos] = (int)ku[i];
  }
}

/// Histograms of 16 bins of each item's low and high 4 bits.
extern "C" __global__ void histogram(const unsigned *in, unsigned *out) {
  using Atomic =
      cub::BlockHistogram<unsigned char, T, N, BINS, cub::BLOCK_HISTO_ATOMIC>;
  using Sorted = cub::BlockHistogram<unsigned char, T, N, BINS>;
  __shared__ typename Atomic::TempStorage atomicTemp;
  __shared__ typename Sorted::TempStorage sortTemp;
  __shared__ unsigned low[BINS], high[BINS];
  const int t = threadIdx.x;
  const unsigned *tile = in + blockIdx.x * TILE;
  unsigned char lo[N], hi[N];
  for (int i = 0; i < N; ++i)
    lo[i] = tile[t * N + i] & 15, hi[i] = tile[t * N + i] >> 4 & 15;
  Atomic(atomicTemp).Histogram(lo, low);
  Sorted(sortTemp).InitHistogram(high);
  __syncthreads();
  Sorted(sortTemp).Composite(hi, high);
  __syncthreads();
  if (t < BINS) {
    unsigned pl = 0, ph = 0;
    for (int k = 0; k < TILE; ++k)
      pl += (tile[k] & 15) == t, ph += (tile[k] >> 4 & 15) == t;
    SAME(low[t], pl);
    SAME(high[t], ph);
    out[blockIdx.x * 2 * BINS + t] = low[t];
    out[blockIdx.x * 2 * BINS + BINS + t] = high[t];
  }
}
