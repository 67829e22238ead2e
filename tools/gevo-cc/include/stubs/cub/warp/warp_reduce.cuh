//===- cub/warp/warp_reduce.cuh - gevo's cub::WarpReduce -----*- C++ -*-===//
//
// cub::WarpReduce<T, LOGICAL_WARP_THREADS> (a power of two up to 32): Sum
// and Reduce(op), over all lanes or the first valid_items of the logical
// warp, and the head- and tail-flag segmented forms; the result is valid
// in the logical warp's lane 0 (for segmented forms, in each segment's
// first lane). Every lane of the logical warp must call, as with CUB. A
// shfl.down tree that keeps operand order (op(lower, higher)), so
// non-commutative operators work. TempStorage is empty: shuffles need no
// memory. Not here: logical warps of other sizes.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_WARP_WARP_REDUCE_CUH
#define GEVO_STUB_CUB_WARP_WARP_REDUCE_CUH

#include <cub/thread/thread_operators.cuh>
#include <cub/util_type.cuh>

namespace cub {

template <class T, int LOGICAL_WARP_THREADS = 32> class WarpReduce {
  __GEVO_CUB_LOGICAL_WARP(WarpReduce)

  template <class Op> __GEVO_CUB T Reduce(T In, Op F) {
    return reduceBelow(In, F, W);
  }
  template <class Op> __GEVO_CUB T Reduce(T In, Op F, int ValidItems) {
    return reduceBelow(In, F, ValidItems);
  }
  __GEVO_CUB T Sum(T In) { return reduceBelow(In, __gevo::Plus(), W); }
  __GEVO_CUB T Sum(T In, int ValidItems) {
    return reduceBelow(In, __gevo::Plus(), ValidItems);
  }

  template <class Flag> __GEVO_CUB T HeadSegmentedSum(T In, Flag Head) {
    return HeadSegmentedReduce(In, Head, __gevo::Plus());
  }
  template <class Flag> __GEVO_CUB T TailSegmentedSum(T In, Flag Tail) {
    return TailSegmentedReduce(In, Tail, __gevo::Plus());
  }
  /// A segment starts at each lane whose flag is set (and at lane 0).
  template <class Flag, class Op>
  __GEVO_CUB T HeadSegmentedReduce(T In, Flag Head, Op F) {
    return reduceBelow(In, F, nextStart(__ballot_sync(Mask, Head != 0)));
  }
  /// A segment ends at each lane whose flag is set (and at the last lane).
  template <class Flag, class Op>
  __GEVO_CUB T TailSegmentedReduce(T In, Flag Tail, Op F) {
    return reduceBelow(In, F, nextStart(__ballot_sync(Mask, Tail != 0) << 1));
  }

private:
  unsigned Lane = LaneId() % W;

  /// The first lane above this one where a segment starts (bits in warp
  /// lanes), or W.
  __GEVO_CUB int nextStart(unsigned Starts) {
    unsigned Above = (Starts >> (LaneId() / W * W)) >> Lane >> 1;
    if (W < 32)
      Above &= (1u << (W - 1 - Lane)) - 1;
    return Above ? Lane + 1 + __ffs(Above) - 1 : W;
  }
  /// Lane L ends with op over lanes [L, End) of the logical warp (its
  /// whole reach in the tree); lane 0 with the whole reduction.
  template <class Op> __GEVO_CUB T reduceBelow(T V, Op F, int End) {
    for (int D = 1; D < W; D *= 2) {
      T Higher = __gevo::shuffle<__gevo::Down>(Mask, V, D, W);
      if ((int)Lane + D < End)
        V = F(V, Higher);
    }
    return V;
  }
};

} // namespace cub

#endif
