//===- cub/block/block_histogram.cuh - gevo's BlockHistogram -*- C++ -*-===//
//
// cub::BlockHistogram<T, BLOCK_DIM_X, ITEMS_PER_THREAD, BINS, ALGORITHM,
// BLOCK_DIM_Y, BLOCK_DIM_Z>: InitHistogram (zero the BINS counters),
// Composite (add the block's samples, each sample its bin's index) and
// Histogram (both, with a barrier between, as CUB does), on counters in
// shared or global memory. Both algorithms count by atomicAdd on the
// counters (BLOCK_HISTO_SORT's sort and run-length count give the same
// counts). Reading the counters needs a __syncthreads() after, as with
// CUB; TempStorage is empty.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_BLOCK_BLOCK_HISTOGRAM_CUH
#define GEVO_STUB_CUB_BLOCK_BLOCK_HISTOGRAM_CUH

#include <cub/util_type.cuh>

namespace cub {

enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS,
          BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockHistogram {
  static constexpr int Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

public:
  struct TempStorage {};
  __GEVO_CUB BlockHistogram() {}
  __GEVO_CUB BlockHistogram(TempStorage &) {}

  template <class CounterT> __GEVO_CUB void InitHistogram(CounterT Hist[BINS]) {
    for (int B = Tid; B < BINS; B += Threads)
      Hist[B] = 0;
  }
  template <class CounterT>
  __GEVO_CUB void Composite(T (&Items)[ITEMS_PER_THREAD], CounterT Hist[BINS]) {
    for (int I = 0; I < ITEMS_PER_THREAD; ++I)
      atomicAdd(Hist + Items[I], CounterT(1));
  }
  template <class CounterT>
  __GEVO_CUB void Histogram(T (&Items)[ITEMS_PER_THREAD], CounterT Hist[BINS]) {
    InitHistogram(Hist);
    __syncthreads();
    Composite(Items, Hist);
  }

private:
  int Tid = __gevo::linearTid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
};

} // namespace cub

#endif
