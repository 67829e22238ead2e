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

__GEVO_CUB_DIRECT(StoreDirectBlocked, true, (), Blocked, 1)
__GEVO_CUB_DIRECT(StoreDirectStriped, true, (int BLOCK_THREADS, ), Striped,
                  BLOCK_THREADS)
__GEVO_CUB_DIRECT(StoreDirectWarpStriped, true, (), WarpStriped, 1)
#undef __GEVO_CUB_DIRECT
#undef __GEVO_CUB_HEAD

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
class BlockStore
    : public __gevo::DirectTile<ALGORITHM == BLOCK_STORE_STRIPED, BLOCK_DIM_X,
                                BLOCK_DIM_Y, BLOCK_DIM_Z> {
  using Base = typename BlockStore::DirectTile;

public:
  using Base::Base;

  template <class It>
  __GEVO_CUB void Store(It Out, T (&Items)[ITEMS_PER_THREAD]) {
    Base::template tile<true>(Out, Items, __gevo::All);
  }
  template <class It>
  __GEVO_CUB void Store(It Out, T (&Items)[ITEMS_PER_THREAD], int Valid) {
    Base::template tile<true>(Out, Items, Valid);
  }
};

} // namespace cub

#endif
