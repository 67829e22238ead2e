//===- gevo_cuda/pipeline.h - cp.async and cuda_pipeline.h ----*- C++ -*-===//
//
// Ampere's asynchronous copies from global to shared memory as the inline
// PTX NVIDIA's headers emit (cp.async.ca.shared.global for 4 and 8 bytes,
// .cg for 16, cp.async.commit_group, cp.async.wait_group N,
// cp.async.wait_all), which ptxas takes and the cpu target runs and judges
// (a copy lands at the wait that covers it; a read of its destination
// before then is uninitialized or a race). On them: cuda_pipeline.h's
// primitives __pipeline_memcpy_async (with its zero fill),
// __pipeline_commit and __pipeline_wait_prior, and the helpers of
// pipeline_cuda.h and cooperative_groups/memcpy_async.h. Not here:
// __pipeline_arrive_on (an mbarrier; see pipeline_cuda.h's barrier), bulk
// (TMA) copies.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_PIPELINE_H
#define GEVO_CUDA_PIPELINE_H

#include <stddef.h>

#define __GEVO_PIPE static __device__ __forceinline__

// The shared window address of a generic pointer to shared memory.
__GEVO_PIPE unsigned __gevo_smem_addr(const void *p) {
  return (unsigned)(size_t)(const __attribute__((address_space(3))) void *)p;
}

// One copy of Bytes (4, 8 or 16) of which the first SrcBytes come from
// src, the rest zeros.
template <int Bytes>
__GEVO_PIPE void __gevo_cp_async(void *dst, const void *src, unsigned SrcBytes) {
  static_assert(Bytes == 4 || Bytes == 8 || Bytes == 16, "cp.async size");
  if constexpr (Bytes == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(
                     __gevo_smem_addr(dst)),
                 "l"(src), "r"(SrcBytes)
                 : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" ::"r"(
                     __gevo_smem_addr(dst)),
                 "l"(src), "n"(Bytes), "r"(SrcBytes)
                 : "memory");
}

__GEVO_PIPE void __gevo_cp_async_commit() {
  asm volatile("cp.async.commit_group;" ::: "memory");
}
__GEVO_PIPE void __gevo_cp_async_wait_all() {
  asm volatile("cp.async.wait_all;" ::: "memory");
}
// Waits until at most N of the committed groups are pending. PTX takes N
// as an immediate: 0 to 8, more waits as 8 does.
__GEVO_PIPE void __gevo_cp_async_wait_prior(unsigned N) {
  switch (N) {
#define __GEVO_WAIT(K)                                                         \
  case K:                                                                      \
    asm volatile("cp.async.wait_group %0;" ::"n"(K) : "memory");               \
    break;
    __GEVO_WAIT(0) __GEVO_WAIT(1) __GEVO_WAIT(2) __GEVO_WAIT(3) __GEVO_WAIT(4)
    __GEVO_WAIT(5) __GEVO_WAIT(6) __GEVO_WAIT(7)
#undef __GEVO_WAIT
  default:
    asm volatile("cp.async.wait_group 8;" ::: "memory");
  }
}

// Copies Bytes from src (global) to dst (shared) in cp.async steps of
// Align bytes (16, 8 or 4), Bytes a multiple of them as libcu++ asks; an
// alignment below 4 is a plain copy, as libcu++ falls back to. (libcu++
// also copies plainly between other spaces, asking isspacep; gevo assumes
// global to shared, the only copy cp.async makes.)
template <size_t Align>
__GEVO_PIPE void __gevo_copy_async(void *dst, const void *src, size_t Bytes) {
  char *d = (char *)dst;
  const char *s = (const char *)src;
  if constexpr (Align >= 4) {
    constexpr int Step = Align >= 16 ? 16 : Align >= 8 ? 8 : 4;
    for (size_t Done = 0; Done < Bytes; Done += Step)
      __gevo_cp_async<Step>(d + Done, s + Done, Step);
  } else {
    for (size_t Done = 0; Done < Bytes; ++Done)
      d[Done] = s[Done];
  }
}

// ---- cuda_pipeline.h ------------------------------------------------------
// Copies size_and_align bytes (4, 8 or 16, the alignment of both
// pointers), the last zfill of them zeros.
__GEVO_PIPE void __pipeline_memcpy_async(void *__restrict__ dst,
                                         const void *__restrict__ src,
                                         size_t size_and_align,
                                         size_t zfill = 0) {
  unsigned SrcBytes = (unsigned)(size_and_align - zfill);
  switch (size_and_align) {
  case 4:
    __gevo_cp_async<4>(dst, src, SrcBytes);
    break;
  case 8:
    __gevo_cp_async<8>(dst, src, SrcBytes);
    break;
  case 16:
    __gevo_cp_async<16>(dst, src, SrcBytes);
    break;
  default:
    __trap(); // CUDA documents 4, 8 and 16 only
  }
}
__GEVO_PIPE void __pipeline_commit() { __gevo_cp_async_commit(); }
__GEVO_PIPE void __pipeline_wait_prior(size_t prior) {
  __gevo_cp_async_wait_prior(prior > 8 ? 8 : (unsigned)prior);
}

#undef __GEVO_PIPE

#endif // GEVO_CUDA_PIPELINE_H
