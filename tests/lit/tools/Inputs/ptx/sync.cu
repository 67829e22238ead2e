// Warp collectives, atomics and memory orders as real kernels write them
// (gevo's header and inline PTX), each result checked against plain code:
// a mismatch traps (so the base fails). GEVO_WRONG_MASK expects every
// lane in a divergent branch's activemask (the kernel must trap);
// GEVO_RELAXED hands the flag over without an acquire (the judge must call
// it a race).
#include "self_check.h"

extern "C" __global__ void sync_ops(const int *in, int *out, int *count) {
  __shared__ int data[64];
  __shared__ unsigned flag, sum;
  unsigned t = threadIdx.x, lane = t % 32, base = t - lane;
  in += blockIdx.x * blockDim.x;
  out += blockIdx.x * blockDim.x;
  int v = in[t];
  // match and redux against loops over the warp's inputs.
  unsigned same = 0, all = 0;
  int add = 0, lo = v, hi = v;
  for (unsigned k = 0; k < 32; ++k) {
    int w = in[base + k];
    same |= unsigned((w & 3) == (v & 3)) << k;
    add += w;
    lo = min(lo, w);
    hi = max(hi, w);
  }
  SAME(__match_any_sync(~0u, v & 3), same)
  SAME(__match_any_sync(~0u, (long long)(v & 3) << 40), same)
  int pred = 0;
  all = __match_all_sync(~0u, 7, &pred);
  SAME(all, ~0u) SAME(pred, 1)
  SAME(__match_all_sync(~0u, v, &pred) != 0, same == ~0u && v == in[base])
  SAME(__reduce_add_sync(~0u, v), add)
  // An inclusive scan as CUB writes it: shfl with its predicate, a guard.
  int scan = v, upto = 0;
  for (unsigned k = 0; k <= lane; ++k)
    upto += in[base + k];
  for (int d = 1; d < 32; d *= 2)
    asm("{ .reg .s32 r0; .reg .pred p;"
        "  shfl.sync.up.b32 r0|p, %1, %2, 0, 0xffffffff;"
        "  @p add.s32 r0, r0, %1; mov.s32 %0, r0; }"
        : "=r"(scan) : "r"(scan), "r"(d));
  SAME(scan, upto)
  SAME(__reduce_min_sync(~0u, v), lo)
  SAME(__reduce_max_sync(~0u, v), hi)
  // activemask: the lanes that reach it together.
  if (lane % 2 == 0) {
#ifdef GEVO_WRONG_MASK
    SAME(__activemask(), 0xffffffffu)
#endif
    SAME(__activemask(), 0x55555555u)
  } else {
    SAME(__activemask(), 0xaaaaaaaau)
  }
  // Shared memory through its window: st/ld.shared, atom.shared.
  if (t == 0) {
    asm volatile("st.shared.u32 [%0], %1;" ::"r"(sharedAddress(&sum)), "r"(0));
    asm volatile("st.relaxed.cta.shared.u32 [%0], %1;" ::"r"(sharedAddress(&flag)), "r"(0));
  }
  __syncthreads();
  unsigned old;
  asm volatile("atom.shared.add.u32 %0, [%1], %2;"
               : "=r"(old) : "r"(sharedAddress(&sum)), "r"(1u));
  __syncthreads();
  unsigned total;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(total) : "r"(sharedAddress(&sum)));
  SAME(total, blockDim.x)
  // Global atomics through pointers; a float reduction.
  asm volatile("red.global.add.u32 [%0], %1;" ::"l"(count), "r"(1u));
  asm volatile("atom.global.max.s32 %0, [%1], %2;"
               : "=r"(old) : "l"(count + 1), "r"(v));
  // A flag handed over by release and acquire: thread 32 writes the data,
  // thread 0 spins until it sees it.
  if (t >= 32)
    data[t] = v * 2;
  __syncwarp();
  if (t == 32)
    asm volatile("st.release.cta.shared.u32 [%0], %1;" ::"r"(sharedAddress(&flag)), "r"(1u));
  if (t == 0) {
    unsigned seen = 0;
    while (!seen)
#ifdef GEVO_RELAXED
      asm volatile("ld.relaxed.cta.shared.u32 %0, [%1];"
                   : "=r"(seen) : "r"(sharedAddress(&flag)));
#else
      asm volatile("ld.acquire.cta.shared.u32 %0, [%1];"
                   : "=r"(seen) : "r"(sharedAddress(&flag)));
#endif
    for (unsigned k = 32; k < 64; ++k)
      SAME(data[k], in[k] * 2)
  }
  // Reserved shared memory: a block's own.
  unsigned reserved;
  asm("mov.u32 %0, %%reserved_smem_offset_begin;" : "=r"(reserved));
  if (t == 0)
    asm volatile("st.shared.u32 [%0], %1;" ::"r"(reserved), "r"(blockIdx.x + 7));
  __syncthreads();
  unsigned mine;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(mine) : "r"(reserved));
  SAME(mine, blockIdx.x + 7)
  __nanosleep(100);
  out[t] = add + lo;
}
