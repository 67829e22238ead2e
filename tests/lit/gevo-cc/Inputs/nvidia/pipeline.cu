// cuda_pipeline.h's primitives and cooperative groups' memcpy_async from
// NVIDIA's headers (cp.async inside), each result checked against plain
// code: a mismatch traps.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;
#define SAME(A, B)                                                             \
  if ((A) != (B))                                                              \
    __trap();

extern "C" __global__ void staged(const float *in, float *out) {
  __shared__ float a[128], b[128];
  unsigned t = threadIdx.x;
  __pipeline_memcpy_async(&a[t], &in[t], sizeof(float));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  SAME(a[t], in[t])
  cg::thread_block block = cg::this_thread_block();
  cg::memcpy_async(block, b, in + 128, sizeof(float) * 128);
  cg::wait(block);
  SAME(b[127 - t], in[255 - t])
  out[t] = a[t] + b[127 - t];
}
