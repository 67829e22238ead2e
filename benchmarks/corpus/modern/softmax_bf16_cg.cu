// Softmax over bf16 logits with cooperative groups, as mixed-precision
// trainers write it: one 32-thread tile per row, __nv_bfloat162 loads of
// two logits at a time, the max and sum by cg::reduce (cg::greater,
// cg::plus) in float, probabilities stored back as bf16. Lane 0 checks
// the row against a serial float softmax within bf16 precision.
#include "check.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_bf16.h>
namespace cg = cooperative_groups;

__global__ void logits_to_bf16(__nv_bfloat16 *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __float2bfloat16(in[i]);
}

__global__ void softmax_bf16(__nv_bfloat16 *probs, const __nv_bfloat16 *logits,
                             int rows, int V) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  int row = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (row >= rows)
    return;
  const __nv_bfloat162 *x2 = reinterpret_cast<const __nv_bfloat162 *>(logits + row * V);
  float mx = -INFINITY;
  for (int j = warp.thread_rank(); j < V / 2; j += 32) {
    float2 f = __bfloat1622float2(x2[j]);
    mx = fmaxf(mx, fmaxf(f.x, f.y));
  }
  mx = cg::reduce(warp, mx, cg::greater<float>());
  float sum = 0.0f;
  for (int j = warp.thread_rank(); j < V / 2; j += 32) {
    float2 f = __bfloat1622float2(x2[j]);
    sum += expf(f.x - mx) + expf(f.y - mx);
  }
  sum = cg::reduce(warp, sum, cg::plus<float>());
  __nv_bfloat162 *p2 = reinterpret_cast<__nv_bfloat162 *>(probs + row * V);
  for (int j = warp.thread_rank(); j < V / 2; j += 32) {
    float2 f = __bfloat1622float2(x2[j]);
    p2[j] = __floats2bfloat162_rn(expf(f.x - mx) / sum, expf(f.y - mx) / sum);
  }
  if (warp.thread_rank() == 0) {
    float pm = -INFINITY, ps = 0.0f;
    for (int j = 0; j < V; ++j)
      pm = fmaxf(pm, __bfloat162float(logits[row * V + j]));
    for (int j = 0; j < V; ++j)
      ps += expf(__bfloat162float(logits[row * V + j]) - pm);
    CHECK(pm == mx);
    CHECK_NEAR(sum, ps, 1e-4f);
  }
}
