//===- cub/block/block_radix_sort.cuh - gevo's BlockRadixSort -*- C++ -*-===//
//
// cub::BlockRadixSort<KeyT, BLOCK_DIM_X, ITEMS_PER_THREAD, ValueT,
// RADIX_BITS, MEMOIZE_OUTER_SCAN, INNER_SCAN_ALGORITHM, SMEM_CONFIG,
// BLOCK_DIM_Y, BLOCK_DIM_Z>: Sort, SortDescending, SortBlockedToStriped and
// SortDescendingBlockedToStriped of a blocked tile of integer or floating
// keys, optionally with values, on the key bits [begin_bit, end_bit) of
// radix sort's key order (floats: -0 and +0 equal, as CUB documents them).
// Stable, as CUB's is: keys equal on those bits keep their
// blocked order, in both directions. Plain: every key goes to shared
// memory, each thread counts the keys ranked before each of its own, the
// keys and values move to their ranks and come back blocked or striped.
// Reusing the TempStorage needs a __syncthreads() first, as with CUB. Not
// here: keys of other types (__half, custom decomposers), and the
// SMEM_CONFIG argument is an int (gevo's runtime header has no
// cudaSharedMemConfig).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_BLOCK_BLOCK_RADIX_SORT_CUH
#define GEVO_STUB_CUB_BLOCK_BLOCK_RADIX_SORT_CUH

#include <cub/block/block_scan.cuh>
#include <cub/util_type.cuh>

namespace cub {

namespace __gevo {
template <class K, class V, int Tile> struct SortStorage {
  Slots<K, Tile> Keys;
  Slots<V, std::is_same<V, NullType>::value ? 1 : Tile> Values;
};
} // namespace __gevo

template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          class ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          int SMEM_CONFIG = 0, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRadixSort
    : __gevo::BlockCollective<
          __gevo::SortStorage<KeyT, ValueT,
                              BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z *
                                  ITEMS_PER_THREAD>,
          BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> {
  using Base = typename BlockRadixSort::BlockCollective;
  static constexpr int N = ITEMS_PER_THREAD;
  static constexpr int Tile = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * N;
  static constexpr bool HasValues = !std::is_same<ValueT, NullType>::value;
  using Radix = __gevo::RadixKey<KeyT>;
  using Bits = typename Radix::Bits;
  static constexpr int KeyBits = sizeof(KeyT) * 8;

public:
  using TempStorage = __gevo::SortStorage<KeyT, ValueT, Tile>;
  __GEVO_CUB BlockRadixSort() {}
  __GEVO_CUB BlockRadixSort(TempStorage &Storage) : Base(Storage) {}

#define __GEVO_CUB_SORT(Name, Descending, Striped)                             \
  __GEVO_CUB void Name(KeyT(&Keys)[N], int Begin = 0, int End = KeyBits) {     \
    ValueT *None = nullptr;                                                    \
    sort(Keys, None, Begin, End, Descending, Striped);                         \
  }                                                                            \
  __GEVO_CUB void Name(KeyT(&Keys)[N], ValueT(&Values)[N], int Begin = 0,      \
                       int End = KeyBits) {                                    \
    sort(Keys, Values, Begin, End, Descending, Striped);                       \
  }
  __GEVO_CUB_SORT(Sort, false, false)
  __GEVO_CUB_SORT(SortDescending, true, false)
  __GEVO_CUB_SORT(SortBlockedToStriped, false, true)
  __GEVO_CUB_SORT(SortDescendingBlockedToStriped, true, true)
#undef __GEVO_CUB_SORT

private:
  using Base::S;
  using Base::Tid;

  /// The bits a sort of [Begin, End) compares.
  __GEVO_CUB static Bits digits(KeyT Key, int Begin, int End, bool Descending) {
    Bits B = Bits(Radix::twiddle(Key, Descending) >> Begin);
    int Width = End - Begin;
    return Width >= KeyBits ? B : Bits(B & ((Bits(1) << Width) - 1));
  }

  template <class V>
  __GEVO_CUB void sort(KeyT (&Keys)[N], V *Values, int Begin, int End,
                       bool Descending, bool Striped) {
    for (int I = 0; I < N; ++I) {
      S.Keys[Tid * N + I] = Keys[I];
      if constexpr (HasValues)
        if (Values)
          S.Values[Tid * N + I] = Values[I];
    }
    __syncthreads();
    int Rank[N];
    for (int I = 0; I < N; ++I) {
      int Pos = Tid * N + I;
      Bits Mine = digits(Keys[I], Begin, End, Descending);
      Rank[I] = 0;
      for (int Q = 0; Q < Tile; ++Q) {
        Bits Other = digits(S.Keys[Q], Begin, End, Descending);
        Rank[I] += Other < Mine || (Other == Mine && Q < Pos);
      }
    }
    __syncthreads();
    for (int I = 0; I < N; ++I) {
      S.Keys[Rank[I]] = Keys[I];
      if constexpr (HasValues)
        if (Values)
          S.Values[Rank[I]] = Values[I];
    }
    __syncthreads();
    int Threads = Tile / N;
    for (int I = 0; I < N; ++I) {
      int Pos = Striped ? I * Threads + Tid : Tid * N + I;
      Keys[I] = S.Keys[Pos];
      if constexpr (HasValues)
        if (Values)
          Values[I] = S.Values[Pos];
    }
  }
};

} // namespace cub

#endif
