//===- cooperative_groups/memcpy_async.h - cg's async copies --*- C++ -*-===//
//
// Cooperative groups' collective asynchronous copy on gevo's header:
// cg::memcpy_async(group, dst, src, bytes) (bytes a size_t or a
// cuda::aligned_size_t), each call one cp.async commit group of every
// thread of the group, the group's threads copying interleaved steps of the
// pointers' alignment (16, 8 or 4 bytes, bytes a multiple of it; below 4
// a plain copy); cg::wait
// (all copies, then group.sync()) and cg::wait_prior<N> (all but the last
// N calls', then group.sync()). Not here: the layout form (dst and src
// counts), and copies into anything but shared memory run as plain copies.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define GEVO_STUB_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H

#include <cooperative_groups.h>
#include "../../gevo_cuda/pipeline_cuda.h"

namespace cooperative_groups {
template <class Group, class T, class Size>
__device__ __forceinline__ void memcpy_async(const Group &group,
                                             T *__restrict__ dst,
                                             const T *__restrict__ src,
                                             const Size &bytes) {
  cuda::__gevo::groupCopy(group, dst, src, bytes);
  __gevo_cp_async_commit();
}

template <class Group> __device__ __forceinline__ void wait(const Group &group) {
  __gevo_cp_async_wait_all();
  group.sync();
}

template <unsigned N, class Group>
__device__ __forceinline__ void wait_prior(const Group &group) {
  __gevo_cp_async_wait_prior(N);
  group.sync();
}
} // namespace cooperative_groups

#endif // GEVO_STUB_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
