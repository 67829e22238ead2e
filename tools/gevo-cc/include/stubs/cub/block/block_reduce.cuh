//===- cub/block/block_reduce.cuh - gevo's cub::BlockReduce --*- C++ -*-===//
//
// cub::BlockReduce<T, BLOCK_DIM_X, ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>:
// Sum and Reduce(op) of one item per thread (optionally of the first
// num_valid threads only) or of an array of items per thread; the result
// is valid in thread 0 only, as CUB documents. Every algorithm is the
// same plain one: each thread writes its partial to shared memory, a
// barrier, thread 0 combines them in rank order. Reusing the TempStorage
// needs a __syncthreads() first, as with CUB. Not here: CUB's specialised
// algorithms (the ALGORITHM argument is accepted and ignored).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_BLOCK_BLOCK_REDUCE_CUH
#define GEVO_STUB_CUB_BLOCK_BLOCK_REDUCE_CUH

#include <cub/thread/thread_operators.cuh>
#include <cub/util_type.cuh>

namespace cub {

namespace __gevo {
template <class T, int Threads> struct ReduceStorage {
  Slots<T, Threads> Partial;
};
} // namespace __gevo

enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS
};

template <class T, int BLOCK_DIM_X,
          BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockReduce
    : __gevo::BlockCollective<
          __gevo::ReduceStorage<T, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z>,
          BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> {
  static constexpr int Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  using Base = typename BlockReduce::BlockCollective;

public:
  using TempStorage = __gevo::ReduceStorage<T, Threads>;
  __GEVO_CUB BlockReduce() {}
  __GEVO_CUB BlockReduce(TempStorage &Storage) : Base(Storage) {}

  template <class Op> __GEVO_CUB T Reduce(T In, Op F) {
    return reduce(In, F, Threads);
  }
  template <class Op> __GEVO_CUB T Reduce(T In, Op F, int NumValid) {
    return reduce(In, F, NumValid);
  }
  template <int N, class Op> __GEVO_CUB T Reduce(T (&In)[N], Op F) {
    T Partial = In[0];
    for (int I = 1; I < N; ++I)
      Partial = F(Partial, In[I]);
    return reduce(Partial, F, Threads);
  }
  __GEVO_CUB T Sum(T In) { return reduce(In, __gevo::Plus(), Threads); }
  __GEVO_CUB T Sum(T In, int NumValid) {
    return reduce(In, __gevo::Plus(), NumValid);
  }
  template <int N> __GEVO_CUB T Sum(T (&In)[N]) {
    return Reduce(In, __gevo::Plus());
  }

private:
  using Base::S;
  using Base::Tid;
  template <class Op> __GEVO_CUB T reduce(T In, Op F, int NumValid) {
    if (Tid < NumValid)
      S.Partial[Tid] = In;
    __syncthreads();
    if (Tid == 0)
      for (int K = 1; K < NumValid; ++K)
        In = F(In, S.Partial[K]);
    return In;
  }
};

} // namespace cub

#endif
