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
template <Arrangement A, int Threads, class T, int N, class It>
__GEVO_CUB void load(int Tid, It In, T (&Items)[N], int Valid) {
  for (int I = 0; I < N; ++I) {
    int Off = tileOffset<A, Threads, N>(Tid, I);
    if (Off < Valid)
      Items[I] = In[Off];
  }
}
template <Arrangement A, int Threads, class T, int N, class It>
__GEVO_CUB void store(int Tid, It Out, T (&Items)[N], int Valid) {
  for (int I = 0; I < N; ++I) {
    int Off = tileOffset<A, Threads, N>(Tid, I);
    if (Off < Valid)
      Out[Off] = Items[I];
  }
}
constexpr int All = 0x7fffffff;
} // namespace __gevo

#define __GEVO_CUB_LOAD(Name, Head, A, Threads)                                \
  template <Head class T, int N, class It>                                     \
  __GEVO_CUB void Name(int Tid, It In, T(&Items)[N]) {                         \
    __gevo::load<__gevo::A, Threads>(Tid, In, Items, __gevo::All);             \
  }                                                                            \
  template <Head class T, int N, class It>                                     \
  __GEVO_CUB void Name(int Tid, It In, T(&Items)[N], int Valid) {              \
    __gevo::load<__gevo::A, Threads>(Tid, In, Items, Valid);                   \
  }                                                                            \
  template <Head class T, class D, int N, class It>                            \
  __GEVO_CUB void Name(int Tid, It In, T(&Items)[N], int Valid, D Default) {   \
    for (int I = 0; I < N; ++I)                                                \
      Items[I] = Default;                                                      \
    __gevo::load<__gevo::A, Threads>(Tid, In, Items, Valid);                   \
  }
#define __GEVO_THREADS_HEAD int BLOCK_THREADS,
__GEVO_CUB_LOAD(LoadDirectBlocked, , Blocked, 1)
__GEVO_CUB_LOAD(LoadDirectStriped, __GEVO_THREADS_HEAD, Striped, BLOCK_THREADS)
__GEVO_CUB_LOAD(LoadDirectWarpStriped, , WarpStriped, 1)
#undef __GEVO_THREADS_HEAD
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
class BlockLoad {
  static constexpr int Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr __gevo::Arrangement A =
      ALGORITHM == BLOCK_LOAD_STRIPED ? __gevo::Striped : __gevo::Blocked;

public:
  struct TempStorage {};
  __GEVO_CUB BlockLoad() {}
  __GEVO_CUB BlockLoad(TempStorage &) {}

  template <class It>
  __GEVO_CUB void Load(It In, T (&Items)[ITEMS_PER_THREAD]) {
    __gevo::load<A, Threads>(Tid, In, Items, __gevo::All);
  }
  template <class It>
  __GEVO_CUB void Load(It In, T (&Items)[ITEMS_PER_THREAD], int Valid) {
    __gevo::load<A, Threads>(Tid, In, Items, Valid);
  }
  template <class It, class D>
  __GEVO_CUB void Load(It In, T (&Items)[ITEMS_PER_THREAD], int Valid,
                       D Default) {
    for (int I = 0; I < ITEMS_PER_THREAD; ++I)
      Items[I] = Default;
    __gevo::load<A, Threads>(Tid, In, Items, Valid);
  }

private:
  int Tid = __gevo::linearTid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
};

} // namespace cub

#endif
