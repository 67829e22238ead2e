//===- cub/warp/warp_scan.cuh - gevo's cub::WarpScan ---------*- C++ -*-===//
//
// cub::WarpScan<T, LOGICAL_WARP_THREADS> (a power of two up to 32):
// InclusiveSum, ExclusiveSum, InclusiveScan (with an optional initial
// value), ExclusiveScan (with or without an initial value: without one,
// lane 0's output is undefined, as in CUB), each with an optional
// warp_aggregate (the reduction of all inputs, not the initial value, to
// every lane); Scan (both at once) and Broadcast. A Hillis-Steele scan on
// shfl.up.sync; TempStorage is empty. Not here: logical warps of other
// sizes.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_WARP_WARP_SCAN_CUH
#define GEVO_STUB_CUB_WARP_WARP_SCAN_CUH

#include <cub/thread/thread_operators.cuh>
#include <cub/util_type.cuh>

namespace cub {

template <class T, int LOGICAL_WARP_THREADS = 32> class WarpScan {
  using Plus = __gevo::Plus;
  __GEVO_CUB_LOGICAL_WARP(WarpScan)

  template <class Op> __GEVO_CUB void InclusiveScan(T In, T &Out, Op F) {
    Out = inclusive(In, F);
  }
  template <class Op>
  __GEVO_CUB void InclusiveScan(T In, T &Out, Op F, T &Aggregate) {
    Out = inclusive(In, F);
    Aggregate = Broadcast(Out, W - 1);
  }
  template <class Op>
  __GEVO_CUB void InclusiveScan(T In, T &Out, T Initial, Op F) {
    Out = F(Initial, inclusive(In, F));
  }
  template <class Op>
  __GEVO_CUB void InclusiveScan(T In, T &Out, T Initial, Op F, T &Aggregate) {
    T Incl = inclusive(In, F);
    Aggregate = Broadcast(Incl, W - 1);
    Out = F(Initial, Incl);
  }
  __GEVO_CUB void InclusiveSum(T In, T &Out) { InclusiveScan(In, Out, Plus()); }
  __GEVO_CUB void InclusiveSum(T In, T &Out, T &Aggregate) {
    InclusiveScan(In, Out, Plus(), Aggregate);
  }

  template <class Op> __GEVO_CUB void ExclusiveScan(T In, T &Out, Op F) {
    T Incl;
    Scan(In, Incl, Out, F);
  }
  template <class Op>
  __GEVO_CUB void ExclusiveScan(T In, T &Out, Op F, T &Aggregate) {
    T Incl;
    Scan(In, Incl, Out, F);
    Aggregate = Broadcast(Incl, W - 1);
  }
  template <class Op>
  __GEVO_CUB void ExclusiveScan(T In, T &Out, T Initial, Op F) {
    T Incl;
    Scan(In, Incl, Out, Initial, F);
  }
  template <class Op>
  __GEVO_CUB void ExclusiveScan(T In, T &Out, T Initial, Op F, T &Aggregate) {
    T Incl;
    Scan(In, Incl, Out, Initial, F);
    Aggregate = Broadcast(Incl, W - 1);
  }
  __GEVO_CUB void ExclusiveSum(T In, T &Out) {
    ExclusiveScan(In, Out, T(), Plus());
  }
  __GEVO_CUB void ExclusiveSum(T In, T &Out, T &Aggregate) {
    ExclusiveScan(In, Out, T(), Plus(), Aggregate);
  }

  /// Inclusive and exclusive at once; lane 0's exclusive is its input.
  template <class Op>
  __GEVO_CUB void Scan(T In, T &Inclusive, T &Exclusive, Op F) {
    Inclusive = inclusive(In, F);
    T Below = __gevo::shuffle<__gevo::Up>(Mask, Inclusive, 1, W);
    Exclusive = LaneId() % W == 0 ? In : Below;
  }
  /// With an initial value: lane 0's exclusive is Initial, and Initial
  /// comes first in every output.
  template <class Op>
  __GEVO_CUB void Scan(T In, T &Inclusive, T &Exclusive, T Initial, Op F) {
    T Incl = inclusive(In, F);
    T Below = __gevo::shuffle<__gevo::Up>(Mask, Incl, 1, W);
    Exclusive = LaneId() % W == 0 ? Initial : F(Initial, Below);
    Inclusive = F(Initial, Incl);
  }

  /// The value of logical lane SrcLane, to every lane.
  __GEVO_CUB T Broadcast(T In, unsigned SrcLane) {
    return __gevo::shuffle<__gevo::Idx>(Mask, In, SrcLane, W);
  }

private:
  template <class Op> __GEVO_CUB T inclusive(T V, Op F) {
    unsigned Lane = LaneId() % W;
    for (int D = 1; D < W; D *= 2) {
      T Lower = __gevo::shuffle<__gevo::Up>(Mask, V, D, W);
      if (Lane >= (unsigned)D)
        V = F(Lower, V);
    }
    return V;
  }
};

} // namespace cub

#endif
