//===- cub/block/block_store.cuh - gevo's cub::BlockStore ----*- C++ -*-===//
//
// Storing a tile of BLOCK_THREADS * ITEMS_PER_THREAD items: the free
// functions StoreDirectBlocked, StoreDirectBlockedVectorized,
// StoreDirectStriped<BLOCK_THREADS> and StoreDirectWarpStriped (the
// arrangements of <cub/block/block_load.cuh>), each optionally guarded by
// valid_items; and cub::BlockStore<T, BLOCK_DIM_X, ITEMS_PER_THREAD,
// ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>::Store. Every algorithm takes CUB's
// arrangement (striped for BLOCK_STORE_STRIPED, blocked for the others)
// and stores directly: no transpose through shared memory, an empty
// TempStorage.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_BLOCK_BLOCK_STORE_CUH
#define GEVO_STUB_CUB_BLOCK_BLOCK_STORE_CUH

#include <cub/block/block_load.cuh>

namespace cub {

#define __GEVO_CUB_STORE(Name, Head, A, Threads)                               \
  template <Head class T, int N, class It>                                     \
  __GEVO_CUB void Name(int Tid, It Out, T(&Items)[N]) {                        \
    __gevo::store<__gevo::A, Threads>(Tid, Out, Items, __gevo::All);           \
  }                                                                            \
  template <Head class T, int N, class It>                                     \
  __GEVO_CUB void Name(int Tid, It Out, T(&Items)[N], int Valid) {             \
    __gevo::store<__gevo::A, Threads>(Tid, Out, Items, Valid);                 \
  }
#define __GEVO_THREADS_HEAD int BLOCK_THREADS,
__GEVO_CUB_STORE(StoreDirectBlocked, , Blocked, 1)
__GEVO_CUB_STORE(StoreDirectStriped, __GEVO_THREADS_HEAD, Striped,
                 BLOCK_THREADS)
__GEVO_CUB_STORE(StoreDirectWarpStriped, , WarpStriped, 1)
#undef __GEVO_THREADS_HEAD
#undef __GEVO_CUB_STORE

template <class T, int N>
__GEVO_CUB void StoreDirectBlockedVectorized(int Tid, T *Out, T (&Items)[N]) {
  StoreDirectBlocked(Tid, Out, Items);
}

enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockStore {
  static constexpr int Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr __gevo::Arrangement A =
      ALGORITHM == BLOCK_STORE_STRIPED ? __gevo::Striped : __gevo::Blocked;

public:
  struct TempStorage {};
  __GEVO_CUB BlockStore() {}
  __GEVO_CUB BlockStore(TempStorage &) {}

  template <class It>
  __GEVO_CUB void Store(It Out, T (&Items)[ITEMS_PER_THREAD]) {
    __gevo::store<A, Threads>(Tid, Out, Items, __gevo::All);
  }
  template <class It>
  __GEVO_CUB void Store(It Out, T (&Items)[ITEMS_PER_THREAD], int Valid) {
    __gevo::store<A, Threads>(Tid, Out, Items, Valid);
  }

private:
  int Tid = __gevo::linearTid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
};

} // namespace cub

#endif
