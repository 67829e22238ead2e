//===- cooperative_groups/reduce.h - gevo's cg::reduce ------*- C++ -*-===//
//
// reduce(group, value, op) over a thread_block_tile (a butterfly of
// shfl_xor: every thread gets the result) or a coalesced_group (a tree
// over ranks, in rank order), with the function objects CUDA names. Not
// here: reduce over a thread_group or a tile of more than 32 threads,
// reduce_update_async.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_COOPERATIVE_GROUPS_REDUCE_H
#define GEVO_STUB_COOPERATIVE_GROUPS_REDUCE_H

#include <cooperative_groups.h>

namespace cooperative_groups {

#define __GEVO_CG_OP(Name, Expr)                                               \
  template <class T = void> struct Name {                                      \
    __device__ T operator()(const T &a, const T &b) const { return Expr; }     \
  };
__GEVO_CG_OP(plus, a + b)
__GEVO_CG_OP(less, b < a ? b : a)
__GEVO_CG_OP(greater, a < b ? b : a)
__GEVO_CG_OP(bit_and, a &b)
__GEVO_CG_OP(bit_or, a | b)
__GEVO_CG_OP(bit_xor, a ^ b)
#undef __GEVO_CG_OP

template <unsigned N, class T, class Op>
__device__ T reduce(const thread_block_tile<N> &G, T V, Op F) {
  for (unsigned D = N / 2; D > 0; D /= 2)
    V = F(V, G.shfl_xor(V, D));
  return V;
}

/// A tree over ranks in five rounds, whatever the group's size (every
/// group of a warp then takes the same warp operations, whose order the
/// cpu target's rendezvous needs), combining in rank order; rank 0's
/// result goes to all.
template <class T, class Op>
__device__ T reduce(const coalesced_group &G, T V, Op F) {
  unsigned Rank = G.thread_rank(), Size = G.size();
  for (unsigned D = 1; D < 32; D *= 2) {
    T Higher = G.shfl_down(V, D);
    if (Rank % (2 * D) == 0 && Rank + D < Size)
      V = F(V, Higher);
  }
  return G.shfl(V, 0);
}

} // namespace cooperative_groups

#endif
