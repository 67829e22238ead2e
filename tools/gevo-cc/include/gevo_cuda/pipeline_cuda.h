//===- gevo_cuda/pipeline_cuda.h - cuda::pipeline, cuda::barrier -*- C++ -*-===//
//
// libcu++'s asynchronous copies on gevo's header, on pipeline.h's cp.async:
// cuda::aligned_size_t; cuda::pipeline<thread_scope_thread> with
// make_pipeline(), producer_acquire / producer_commit (a commit group per
// stage), consumer_wait (waits for the oldest uncompleted stage) /
// consumer_release, quit; cuda::memcpy_async(dst, src, size, pipeline or
// barrier), whose steps are the pointee's alignment or aligned_size_t's;
// cuda::barrier<Scope> (block scope in __shared__: trivially
// constructible, set up by init(&bar, count) as CUDA documents) with
// arrive, wait, arrive_and_wait, and memcpy_async completing at it.
//
// The barrier is not an mbarrier (the cpu target does not run mbarrier
// PTX): a counter and a phase word in the barrier, an acq_rel atom.add to
// arrive, whose last arrival resets the count and release-stores the next
// phase, and an ld.acquire spin to wait. The cpu target's judge sees the
// arrivals' releases reach every waiter's acquire, so the barrier orders
// memory as a real one; a thread's asynchronous copies land (cp.async
// wait_all) before it arrives, so a copy completes with the phase it was
// issued in, as with cp.async.mbarrier.arrive. Not here: the block-scope
// pipeline shared by a group (pipeline_shared_state), completion
// functions, arrive_and_drop, expect_tx / TMA.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_PIPELINE_CUDA_H
#define GEVO_CUDA_PIPELINE_CUDA_H

#include "atomic_std.h"
#include "pipeline.h"

namespace cuda {
template <size_t Align> struct aligned_size_t {
  static_assert(Align && !(Align & (Align - 1)), "alignment: a power of two");
  static constexpr size_t align = Align;
  size_t value;
  __host__ __device__ explicit constexpr aligned_size_t(size_t size) : value(size) {}
  __host__ __device__ constexpr operator size_t() const { return value; }
};

namespace __gevo {
template <class T> struct align_of {
  static constexpr size_t value = alignof(T);
};
template <> struct align_of<void> {
  static constexpr size_t value = 1;
};
template <> struct align_of<const void> {
  static constexpr size_t value = 1;
};
template <class Size> struct size_align {
  static constexpr size_t value = 1;
};
template <size_t A> struct size_align<aligned_size_t<A>> {
  static constexpr size_t value = A;
};
template <class T, class Size> constexpr size_t alignment() {
  return align_of<T>::value > size_align<Size>::value ? align_of<T>::value
                                                      : size_align<Size>::value;
}
template <class T, class Size>
__device__ __forceinline__ void copy(T *dst, const T *src, Size size) {
  __gevo_copy_async<alignment<T, Size>()>((void *)dst, (const void *)src,
                                          (size_t)size);
}
/// The group's threads copy interleaved steps of the alignment.
template <class Group, class T, class Size>
__device__ __forceinline__ void groupCopy(const Group &group, T *dst,
                                          const T *src, Size size) {
  constexpr size_t A = alignment<T, Size>();
  constexpr size_t Step = A >= 16 ? 16 : A >= 8 ? 8 : A >= 4 ? 4 : 1;
  size_t N = (size_t)size, Rank = group.thread_rank(), Threads = group.size();
  char *d = (char *)dst;
  const char *s = (const char *)src;
  for (size_t I = Rank * Step; I < N; I += Threads * Step)
    __gevo_copy_async<A>(d + I, s + I, Step);
}
} // namespace __gevo

template <thread_scope Scope> class pipeline;

/// A thread's own pipeline: each stage a cp.async commit group.
template <> class pipeline<thread_scope_thread> {
  unsigned char Head = 0, Tail = 0; // stages committed, stages consumed

public:
  __device__ void producer_acquire() {}
  __device__ void producer_commit() {
    __gevo_cp_async_commit();
    ++Head;
  }
  __device__ void consumer_wait() {
    if (Head == Tail)
      return;
    __gevo_cp_async_wait_prior((unsigned char)(Head - Tail - 1));
    ++Tail;
  }
  __device__ void consumer_release() {}
  __device__ bool quit() { return true; }
};

__device__ __forceinline__ pipeline<thread_scope_thread> make_pipeline() {
  return pipeline<thread_scope_thread>();
}

template <thread_scope Scope> class barrier {
  unsigned Expected, Arrived, Phase;

public:
  struct arrival_token {
    unsigned Phase;
  };
  barrier() = default; // trivial: a __shared__ barrier is allowed
  __device__ explicit barrier(ptrdiff_t expected) { init(this, expected); }
  barrier(const barrier &) = delete;
  barrier &operator=(const barrier &) = delete;
  __device__ friend void init(barrier *bar, ptrdiff_t expected) {
    bar->Expected = (unsigned)expected;
    bar->Arrived = 0;
    bar->Phase = 0;
  }
  static constexpr ptrdiff_t max() noexcept { return 0x7fffffff; }

  __device__ arrival_token arrive(ptrdiff_t update = 1) {
    __gevo_cp_async_wait_all(); // this thread's copies complete now
    unsigned Now, Old;
    asm volatile("ld.relaxed.cta.u32 %0, [%1];" : "=r"(Now) : "l"(&Phase) : "memory");
    asm volatile("atom.acq_rel.cta.add.u32 %0, [%1], %2;"
                 : "=r"(Old)
                 : "l"(&Arrived), "r"((unsigned)update)
                 : "memory");
    if (Old + (unsigned)update == Expected) { // the last: the next phase
      asm volatile("st.relaxed.cta.u32 [%0], 0;" ::"l"(&Arrived) : "memory");
      asm volatile("st.release.cta.u32 [%0], %1;" ::"l"(&Phase), "r"(Now + 1)
                   : "memory");
    }
    return arrival_token{Now};
  }
  __device__ void wait(arrival_token &&t) const {
    unsigned Now;
    do
      asm volatile("ld.acquire.cta.u32 %0, [%1];" : "=r"(Now) : "l"(&Phase) : "memory");
    while (Now == t.Phase);
  }
  __device__ void arrive_and_wait() { wait(arrive()); }
};

namespace __gevo {
/// What ends a thread's copies for Sync: for a barrier, their own commit
/// group (its arrive waits for them); a pipeline's stage is committed by
/// producer_commit.
template <thread_scope Scope>
__device__ __forceinline__ void endCopies(barrier<Scope> &) {
  __gevo_cp_async_commit();
}
template <thread_scope Scope>
__device__ __forceinline__ void endCopies(pipeline<Scope> &) {}
} // namespace __gevo

template <class T, class Size, template <thread_scope> class Sync,
          thread_scope Scope>
__device__ __forceinline__ void memcpy_async(T *dst, const T *src, Size size,
                                             Sync<Scope> &sync) {
  __gevo::copy(dst, src, size);
  __gevo::endCopies(sync);
}
// The group forms: the group's threads copy the bytes between them.
template <class Group, class T, class Size, template <thread_scope> class Sync,
          thread_scope Scope>
__device__ __forceinline__ void memcpy_async(const Group &group, T *dst,
                                             const T *src, Size size,
                                             Sync<Scope> &sync) {
  __gevo::groupCopy(group, dst, src, size);
  __gevo::endCopies(sync);
}
} // namespace cuda

#endif // GEVO_CUDA_PIPELINE_CUDA_H
