// cp.async as kernels write it (inline PTX, as cuda_pipeline.h's
// primitives do): a copy into shared memory is there once a wait covers its
// group; a src-size below the copy's size zero-fills the rest. Each result
// is checked against plain code: a mismatch traps. GEVO_READ_EARLY reads a
// copy's destination before its wait (uninitialized); GEVO_NO_BARRIER reads
// another thread's copy with no barrier after the waits (a race).
#include "self_check.h"

extern "C" __global__ void async_copy(const float *in, float *out) {
  __shared__ float a[64];
  __shared__ __align__(16) float b[64];
  unsigned t = threadIdx.x;
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;"
               ::"r"(sharedAddress(&a[t])), "l"(in + t));
  asm volatile("cp.async.commit_group;");
#ifdef GEVO_READ_EARLY
  SAME(a[t], in[t])
#endif
  if (t % 4 == 0) // four floats, of which the source gives two
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, 8;"
                 ::"r"(sharedAddress(&b[t])), "l"(in + 64 + t));
  asm volatile("cp.async.commit_group;");
  asm volatile("cp.async.wait_group 1;"); // the first group is there
  SAME(a[t], in[t])
  asm volatile("cp.async.wait_all;");
#ifndef GEVO_NO_BARRIER
  __syncthreads();
#endif
  unsigned u = (t + 4) % 64; // another thread's copy
  SAME(b[u], u % 4 < 2 ? in[64 + u] : 0.0f)
  out[t] = a[t] + b[u];
}
