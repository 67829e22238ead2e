//===- cub/block/block_load.cuh - gevo's cub::BlockLoad ------*- C++ -*-===//
//
// Loading a tile of BLOCK_THREADS * ITEMS_PER_THREAD items: the free
// functions LoadDirectBlocked (thread t gets items t*N .. t*N+N-1),
// LoadDirectBlockedVectorized, LoadDirectStriped<BLOCK_THREADS> (item i of
// thread t is i*BLOCK_THREADS + t) and LoadDirectWarpStriped (striped
// within each warp's 32*N-item segment), each optionally guarded by
// valid_items (and filling the rest with an oob_default); and
// cub::BlockLoad<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM, BLOCK_DIM_Y,
// BLOCK_DIM_Z>::Load with the same guards. Every algorithm gives CUB's
// arrangement (striped for BLOCK_LOAD_STRIPED, blocked for the others),
// but by direct loads: the transposes through shared memory that make
// CUB's coalesced are left out, and TempStorage is empty.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_BLOCK_BLOCK_LOAD_CUH
#define GEVO_STUB_CUB_BLOCK_BLOCK_LOAD_CUH

#include <cub/util_type.cuh>

namespace cub {

namespace __gevo {
/// Item I of the thread of rank Tid: its offset in the tile.
enum Arrangement { Blocked, Striped, WarpStriped };
template <Arrangement A, int Threads, int N>
__GEVO_CUB int tileOffset(int Tid, int I) {
  if (A == Blocked)
    return Tid * N + I;
  if (A == Striped)
    return I * Threads + Tid;
  return Tid / 32 * 32 * N + I * 32 + Tid % 32;
}
/// Each item I of the thread of rank Tid from (or with Store, to) its place
/// in the tile at Mem, for the places below Valid.
template <bool Store, Arrangement A, int Threads, class T, int N, class It>
__GEVO_CUB void transfer(int Tid, It Mem, T (&Items)[N], int Valid) {
  for (int I = 0; I < N; ++I) {
    int Off = tileOffset<A, Threads, N>(Tid, I);
    if (Off >= Valid)
      continue;
    if constexpr (Store)
      Mem[Off] = Items[I];
    else
      Items[I] = Mem[Off];
  }
}
constexpr int All = 0x7fffffff;

/// What BlockLoad and BlockStore share: an empty TempStorage, and the
/// calling thread's items of the tile in CUB's arrangement for ALGORITHM
/// (striped or blocked) by direct loads or stores.
template <bool IsStriped, int X, int Y, int Z> class DirectTile {
public:
  struct TempStorage {};
  __GEVO_CUB DirectTile() {}
  __GEVO_CUB DirectTile(TempStorage &) {}

protected:
  template <bool Store, class It, class T, int N>
  __GEVO_CUB void tile(It Mem, T (&Items)[N], int Valid) {
    transfer<Store, IsStriped ? Striped : Blocked, X * Y * Z>(Tid, Mem, Items,
                                                             Valid);
  }

private:
  int Tid = linearTid<X, Y, Z>();
};
} // namespace __gevo

#define __GEVO_CUB_HEAD(...) __VA_ARGS__
// Name(Tid, Mem, Items) and Name(Tid, Mem, Items, Valid), loading or
// storing (Store) in arrangement A; Head, in parentheses, the template
// parameters before T (block_store.cuh uses it too).
#define __GEVO_CUB_DIRECT(Name, Store, Head, A, Threads)                       \
  template <__GEVO_CUB_HEAD Head class T, int N, class It>                     \
  __GEVO_CUB void Name(int Tid, It Mem, T(&Items)[N]) {                        \
    __gevo::transfer<Store, __gevo::A, Threads>(Tid, Mem, Items, __gevo::All); \
  }                                                                            \
  template <__GEVO_CUB_HEAD Head class T, int N, class It>                     \
  __GEVO_CUB void Name(int Tid, It Mem, T(&Items)[N], int Valid) {             \
    __gevo::transfer<Store, __gevo::A, Threads>(Tid, Mem, Items, Valid);       \
  }
// The loads, also with the items past Valid set to Default.
#define __GEVO_CUB_LOAD(Name, Head, A, Threads)                                \
  __GEVO_CUB_DIRECT(Name, false, Head, A, Threads)                             \
  template <__GEVO_CUB_HEAD Head class T, class D, int N, class It>            \
  __GEVO_CUB void Name(int Tid, It In, T(&Items)[N], int Valid, D Default) {   \
    for (int I = 0; I < N; ++I)                                                \
      Items[I] = Default;                                                      \
    __gevo::transfer<false, __gevo::A, Threads>(Tid, In, Items, Valid);        \
  }
__GEVO_CUB_LOAD(LoadDirectBlocked, (), Blocked, 1)
__GEVO_CUB_LOAD(LoadDirectStriped, (int BLOCK_THREADS, ), Striped,
                BLOCK_THREADS)
__GEVO_CUB_LOAD(LoadDirectWarpStriped, (), WarpStriped, 1)
#undef __GEVO_CUB_LOAD

template <class T, int N>
__GEVO_CUB void LoadDirectBlockedVectorized(int Tid, T *In, T (&Items)[N]) {
  LoadDirectBlocked(Tid, In, Items);
}

enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,
  BLOCK_LOAD_STRIPED,
  BLOCK_LOAD_VECTORIZE,
  BLOCK_LOAD_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockLoad
    : public __gevo::DirectTile<ALGORITHM == BLOCK_LOAD_STRIPED, BLOCK_DIM_X,
                                BLOCK_DIM_Y, BLOCK_DIM_Z> {
  using Base = typename BlockLoad::DirectTile;

public:
  using Base::Base;

  template <class It>
  __GEVO_CUB void Load(It In, T (&Items)[ITEMS_PER_THREAD]) {
    Base::template tile<false>(In, Items, __gevo::All);
  }
  template <class It>
  __GEVO_CUB void Load(It In, T (&Items)[ITEMS_PER_THREAD], int Valid) {
    Base::template tile<false>(In, Items, Valid);
  }
  template <class It, class D>
  __GEVO_CUB void Load(It In, T (&Items)[ITEMS_PER_THREAD], int Valid,
                       D Default) {
    for (int I = 0; I < ITEMS_PER_THREAD; ++I)
      Items[I] = Default;
    Base::template tile<false>(In, Items, Valid);
  }
};

} // namespace cub

#endif
