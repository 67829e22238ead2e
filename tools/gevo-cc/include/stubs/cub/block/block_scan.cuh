//===- cub/block/block_scan.cuh - gevo's cub::BlockScan ------*- C++ -*-===//
//
// cub::BlockScan<T, BLOCK_DIM_X, ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>:
// ExclusiveSum, InclusiveSum, ExclusiveScan (with an initial value, or
// without one: thread 0's first output is then undefined, gevo leaves it
// the input) and InclusiveScan (optionally with an initial value), of one
// item per thread or an array per thread (blocked arrangement), each
// optionally giving the block aggregate (to every thread; it leaves out
// the initial value and the prefix) or taking a block prefix callback op
// (called by the block's first warp with the aggregate; lane 0's return
// value is the prefix of the whole block, as CUB documents). Plain: each
// thread writes its items' reduction to shared memory, thread 0 scans
// them serially, barriers between. Reusing the TempStorage needs a
// __syncthreads() first, as with CUB. Not here: CUB's specialised
// algorithms (ALGORITHM is accepted and ignored).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_BLOCK_BLOCK_SCAN_CUH
#define GEVO_STUB_CUB_BLOCK_BLOCK_SCAN_CUH

#include <cub/thread/thread_operators.cuh>
#include <cub/util_type.cuh>

namespace cub {

namespace __gevo {
template <class T, int Threads> struct ScanStorage {
  Slots<T, Threads> Partial;
  Slots<T, 2> Whole; // the aggregate, the callback's prefix
};
} // namespace __gevo

enum BlockScanAlgorithm {
  BLOCK_SCAN_RAKING,
  BLOCK_SCAN_RAKING_MEMOIZE,
  BLOCK_SCAN_WARP_SCANS
};

template <class T, int BLOCK_DIM_X,
          BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockScan
    : __gevo::BlockCollective<
          __gevo::ScanStorage<T, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z>,
          BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> {
  using Base = typename BlockScan::BlockCollective;
  static constexpr int Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  using Plus = __gevo::Plus;
  /// What a scan starts from: nothing, an initial value, or a callback.
  template <class Callback> struct Seed {
    const T *Initial;
    Callback *Call;
  };
  using NoCall = Seed<NullType>;
  __GEVO_CUB static NoCall none() { return {nullptr, nullptr}; }
  __GEVO_CUB static NoCall initial(const T &V) { return {&V, nullptr}; }
  template <class C> __GEVO_CUB static Seed<C> call(C &Op) {
    return {nullptr, &Op};
  }

public:
  using TempStorage = __gevo::ScanStorage<T, Threads>;
  __GEVO_CUB BlockScan() {}
  __GEVO_CUB BlockScan(TempStorage &Storage) : Base(Storage) {}

// A scan in CUB's four forms: one item or an array per thread, each with or
// without the block aggregate out. Template: the one-item forms' template
// head, if any; Extra: the arrays' template parameters after N, and Params:
// the parameters after Out, both in parentheses.
#define __GEVO_CUB_SCAN(Name, Incl, Template, Extra, Params, Op, Start)        \
  Template __GEVO_CUB void Name(T In, T &Out __GEVO_CUB_ID Params) {           \
    scan<1>(&In, &Out, Op, Incl, Start, nullptr);                              \
  }                                                                            \
  Template __GEVO_CUB void Name(T In, T &Out __GEVO_CUB_ID Params,             \
                                T &Aggregate) {                                \
    scan<1>(&In, &Out, Op, Incl, Start, &Aggregate);                           \
  }                                                                            \
  __GEVO_CUB_SCAN_ARRAY(Name, Incl, Extra, Params, Op, Start)
#define __GEVO_CUB_SCAN_ARRAY(Name, Incl, Extra, Params, Op, Start)            \
  template <int N __GEVO_CUB_ID Extra>                                         \
  __GEVO_CUB void Name(T(&In)[N], T(&Out)[N] __GEVO_CUB_ID Params) {           \
    scan<N>(In, Out, Op, Incl, Start, nullptr);                                \
  }                                                                            \
  template <int N __GEVO_CUB_ID Extra>                                         \
  __GEVO_CUB void Name(T(&In)[N], T(&Out)[N] __GEVO_CUB_ID Params,             \
                       T &Aggregate) {                                         \
    scan<N>(In, Out, Op, Incl, Start, &Aggregate);                             \
  }
// A scan seeded by a block prefix callback op, on one item or an array.
#define __GEVO_CUB_CALL_SCAN(Name, Incl, Extra, Params, Op)                    \
  template <__GEVO_CUB_ID Extra class C>                                       \
  __GEVO_CUB void Name(T In, T &Out __GEVO_CUB_ID Params, C &Call) {           \
    scan<1>(&In, &Out, Op, Incl, call(Call), nullptr);                         \
  }                                                                            \
  template <int N, __GEVO_CUB_ID Extra class C>                                \
  __GEVO_CUB void Name(T(&In)[N], T(&Out)[N] __GEVO_CUB_ID Params, C &Call) {  \
    scan<N>(In, Out, Op, Incl, call(Call), nullptr);                           \
  }
#define __GEVO_CUB_ID(...) __VA_ARGS__
  __GEVO_CUB_SCAN(ExclusiveSum, false, , (), (), Plus(), initial(T()))
  __GEVO_CUB_SCAN(InclusiveSum, true, , (), (), Plus(), none())
  __GEVO_CUB_SCAN(ExclusiveScan, false, template <class Op>, (, class Op),
                  (, T Init, Op F), F, initial(Init))
  __GEVO_CUB_SCAN(InclusiveScan, true, template <class Op>, (, class Op),
                  (, Op F), F, none())
  __GEVO_CUB_SCAN_ARRAY(InclusiveScan, true, (, class Op), (, T Init, Op F), F,
                        initial(Init))
  __GEVO_CUB_CALL_SCAN(ExclusiveSum, false, (), (), Plus())
  __GEVO_CUB_CALL_SCAN(InclusiveSum, true, (), (), Plus())
  __GEVO_CUB_CALL_SCAN(ExclusiveScan, false, (class Op, ), (, Op F), F)
  __GEVO_CUB_CALL_SCAN(InclusiveScan, true, (class Op, ), (, Op F), F)
#undef __GEVO_CUB_ID
#undef __GEVO_CUB_CALL_SCAN
#undef __GEVO_CUB_SCAN_ARRAY
#undef __GEVO_CUB_SCAN

  /// Without an initial value: thread 0's first output is undefined.
  template <class Op> __GEVO_CUB void ExclusiveScan(T In, T &Out, Op F) {
    scan<1>(&In, &Out, F, false, none(), nullptr);
  }
  template <int N, class Op>
  __GEVO_CUB void ExclusiveScan(T (&In)[N], T (&Out)[N], Op F) {
    scan<N>(In, Out, F, false, none(), nullptr);
  }

private:
  using Base::S;
  using Base::Tid;

  /// This thread's exclusive prefix of the threads' partials in \p Prefix
  /// (false: none, thread 0 without a seed), and the block aggregate.
  template <class Op, class C>
  __GEVO_CUB bool blockPrefix(T Partial, Op F, Seed<C> Start, T &Prefix,
                              T &Aggregate) {
    S.Partial[Tid] = Partial;
    __syncthreads();
    if (Tid == 0) {
      T Run = Partial;
      for (int K = 1; K < Threads; ++K) {
        T Next = S.Partial[K];
        S.Partial[K] = Run;
        Run = F(Run, Next);
      }
      S.Whole[0] = Run;
    }
    __syncthreads();
    Aggregate = S.Whole[0];
    Prefix = S.Partial[Tid];
    T First;
    if constexpr (!std::is_same<C, NullType>::value) {
      if (Tid < 32) {
        T P = (*Start.Call)(Aggregate);
        if (Tid == 0)
          S.Whole[1] = P;
      }
      __syncthreads();
      First = S.Whole[1];
    } else if (Start.Initial) {
      First = *Start.Initial;
    } else {
      return Tid > 0;
    }
    Prefix = Tid > 0 ? F(First, Prefix) : First;
    return true;
  }

  template <int N, class Op, class C>
  __GEVO_CUB void scan(const T *In, T *Out, Op F, bool Inclusive, Seed<C> Start,
                       T *AggregateOut) {
    T Partial = In[0];
    for (int I = 1; I < N; ++I)
      Partial = F(Partial, In[I]);
    T Prefix, Aggregate;
    bool Has = blockPrefix(Partial, F, Start, Prefix, Aggregate);
    if (AggregateOut)
      *AggregateOut = Aggregate;
    for (int I = 0; I < N; ++I) {
      T X = In[I];
      T Through = Has ? F(Prefix, X) : X;
      Out[I] = Inclusive ? Through : Has ? Prefix : X;
      Prefix = Through;
      Has = true;
    }
  }
};

} // namespace cub

#endif
