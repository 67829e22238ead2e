//===- cooperative_groups/scan.h - gevo's cg scans ----------*- C++ -*-===//
//
// inclusive_scan(group, value[, op]) and exclusive_scan(group, value[, op])
// over a thread_block_tile (up to 32 threads) or a coalesced_group, in
// thread_rank order, op defaulting to cg::plus; exclusive_scan gives rank 0
// a value-initialised T, as NVIDIA's does. A Hillis-Steele scan on the
// group's shfl_up (five rounds for a coalesced group, whatever its size).
// Not here: inclusive_scan_update / exclusive_scan_update
// (scans into an atomic) and tiles of more than 32 threads.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_COOPERATIVE_GROUPS_SCAN_H
#define GEVO_STUB_COOPERATIVE_GROUPS_SCAN_H

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cooperative_groups {

namespace __gevo {
/// The most threads a group can have: a scan's rounds, the same for every
/// group of a warp (the cpu target's rendezvous needs their warp
/// operations in the same order).
template <unsigned N> constexpr unsigned span(const thread_block_tile<N> &) {
  return N;
}
constexpr unsigned span(const coalesced_group &) { return 32; }
} // namespace __gevo

template <class Group, class T, class Op>
__device__ T inclusive_scan(const Group &G, T V, Op F) {
  unsigned Rank = G.thread_rank();
  for (unsigned D = 1; D < __gevo::span(G); D *= 2) {
    T Below = G.shfl_up(V, D);
    if (Rank >= D)
      V = F(V, Below); // NVIDIA's operand order; CUDA asks for commutative ops
  }
  return V;
}
template <class Group, class T>
__device__ T inclusive_scan(const Group &G, T V) {
  return inclusive_scan(G, V, plus<T>());
}

template <class Group, class T, class Op>
__device__ T exclusive_scan(const Group &G, T V, Op F) {
  T Before = G.shfl_up(inclusive_scan(G, V, F), 1);
  return G.thread_rank() == 0 ? T() : Before;
}
template <class Group, class T>
__device__ T exclusive_scan(const Group &G, T V) {
  return exclusive_scan(G, V, plus<T>());
}

} // namespace cooperative_groups

#endif
