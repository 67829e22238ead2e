// LayerNorm backward split the deterministic way: dinp with one warp per row
// (cooperative groups' tiled_partition<32> and cg::reduce for the two row
// means), then dweight/dbias with one thread per channel looping over rows,
// so no float atomics make the result depend on the schedule. Each
// reduction is checked against a serial loop.
#include "check.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void layernorm_backward_dinp(float *dinp, const float *dout,
                                        const float *inp, const float *weight,
                                        const float *mean, const float *rstd,
                                        int N, int C) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int row = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (row >= N)
    return;
  const float *x = inp + row * C, *dy = dout + row * C;
  float m = mean[row], s = rstd[row];
  float dnormMean = 0.0f, dnormNormMean = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    float dnorm = weight[i] * dy[i];
    dnormMean += dnorm;
    dnormNormMean += dnorm * (x[i] - m) * s;
  }
  dnormMean = cg::reduce(warp, dnormMean, cg::plus<float>()) / C;
  dnormNormMean = cg::reduce(warp, dnormNormMean, cg::plus<float>()) / C;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    float norm = (x[i] - m) * s;
    float dnorm = weight[i] * dy[i];
    dinp[row * C + i] = (dnorm - dnormMean - norm * dnormNormMean) * s;
  }
  if (warp.thread_rank() == 0) {
    float a = 0.0f, b = 0.0f;
    for (int i = 0; i < C; ++i) {
      a += weight[i] * dy[i];
      b += weight[i] * dy[i] * (x[i] - m) * s;
    }
    CHECK_NEAR(dnormMean, a / C, 1e-4f);
    CHECK_NEAR(dnormNormMean, b / C, 1e-4f);
  }
}

__global__ void layernorm_backward_params(float *dweight, float *dbias,
                                          const float *dout, const float *inp,
                                          const float *mean, const float *rstd,
                                          int N, int C) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= C)
    return;
  float dw = 0.0f, db = 0.0f, dbReverse = 0.0f;
  for (int r = 0; r < N; ++r) {
    dw += dout[r * C + c] * (inp[r * C + c] - mean[r]) * rstd[r];
    db += dout[r * C + c];
    dbReverse += dout[(N - 1 - r) * C + c];
  }
  CHECK_NEAR(db, dbReverse, 1e-4f);
  dweight[c] = dw;
  dbias[c] = db;
}
