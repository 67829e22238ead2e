//===- cub/block/block_exchange.cuh - gevo's BlockExchange ---*- C++ -*-===//
//
// cub::BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, WARP_TIME_SLICING,
// BLOCK_DIM_Y, BLOCK_DIM_Z>: BlockedToStriped, StripedToBlocked,
// BlockedToWarpStriped, WarpStripedToBlocked (into another array or in
// place) and ScatterToBlocked / ScatterToStriped (each item to the tile
// rank given), the arrangements of <cub/block/block_load.cuh>, through
// shared memory with a barrier between the writes and the reads. Reusing
// the TempStorage needs a __syncthreads() first, as with CUB. Not here:
// the guarded and flagged scatters (ScatterToStripedGuarded, ...Flagged).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_BLOCK_BLOCK_EXCHANGE_CUH
#define GEVO_STUB_CUB_BLOCK_BLOCK_EXCHANGE_CUH

#include <cub/block/block_load.cuh>

namespace cub {

namespace __gevo {
template <class T, int N> struct ExchangeStorage { Slots<T, N> Items; };
} // namespace __gevo

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockExchange
    : __gevo::BlockCollective<
          __gevo::ExchangeStorage<T, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z *
                                         ITEMS_PER_THREAD>,
          BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> {
  using Base = typename BlockExchange::BlockCollective;
  static constexpr int N = ITEMS_PER_THREAD;
  static constexpr int Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  using A = __gevo::Arrangement;

public:
  using TempStorage = __gevo::ExchangeStorage<T, Threads * N>;
  __GEVO_CUB BlockExchange() {}
  __GEVO_CUB BlockExchange(TempStorage &Storage) : Base(Storage) {}

#define __GEVO_CUB_EXCHANGE(Name, From, To)                                    \
  template <class OutT> __GEVO_CUB void Name(const T(&In)[N], OutT(&Out)[N]) { \
    int Off[N];                                                                \
    for (int I = 0; I < N; ++I)                                                \
      Off[I] = __gevo::tileOffset<__gevo::From, Threads, N>(Tid, I);           \
    move<__gevo::To>(In, Out, Off);                                            \
  }                                                                            \
  __GEVO_CUB void Name(T(&Items)[N]) { Name(Items, Items); }
  __GEVO_CUB_EXCHANGE(BlockedToStriped, Blocked, Striped)
  __GEVO_CUB_EXCHANGE(StripedToBlocked, Striped, Blocked)
  __GEVO_CUB_EXCHANGE(BlockedToWarpStriped, Blocked, WarpStriped)
  __GEVO_CUB_EXCHANGE(WarpStripedToBlocked, WarpStriped, Blocked)
#undef __GEVO_CUB_EXCHANGE

  template <class OutT, class OffsetT>
  __GEVO_CUB void ScatterToBlocked(const T (&In)[N], OutT (&Out)[N],
                                   OffsetT (&Ranks)[N]) {
    move<__gevo::Blocked>(In, Out, Ranks);
  }
  template <class OutT, class OffsetT>
  __GEVO_CUB void ScatterToStriped(const T (&In)[N], OutT (&Out)[N],
                                   OffsetT (&Ranks)[N]) {
    move<__gevo::Striped>(In, Out, Ranks);
  }

private:
  using Base::S;
  using Base::Tid;

  /// Item I goes to tile rank Off[I]; the thread then takes its items in
  /// arrangement To.
  template <A To, class OutT, class OffsetT>
  __GEVO_CUB void move(const T (&In)[N], OutT (&Out)[N], OffsetT (&Off)[N]) {
    for (int I = 0; I < N; ++I)
      S.Items[Off[I]] = In[I];
    __syncthreads();
    for (int I = 0; I < N; ++I)
      Out[I] = S.Items[__gevo::tileOffset<To, Threads, N>(Tid, I)];
  }
};

} // namespace cub

#endif
