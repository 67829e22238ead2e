// Fused classifier of a GPT trainer: for each position, softmax over the V
// logits, the cross-entropy loss of the target token, and the logits'
// gradient (probs - one_hot(target)) * dloss written in place of the
// logits. One block per row; the block-wide max and sum go through warp
// shuffles and a shared array of per-warp partials. Thread 0 checks the
// loss against a serial log-sum-exp.
#include "check.h"

__device__ float blockReduce(float v, bool isMax, float *shared) {
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int warps = blockDim.x / 32;
  for (int off = 16; off > 0; off /= 2) {
    float o = __shfl_xor_sync(0xffffffffu, v, off);
    v = isMax ? fmaxf(v, o) : v + o;
  }
  __syncthreads(); // the previous call's readers are done with shared
  if (lane == 0)
    shared[warp] = v;
  __syncthreads();
  float r = shared[0];
  for (int w = 1; w < warps; ++w)
    r = isMax ? fmaxf(r, shared[w]) : r + shared[w];
  return r;
}

extern "C" __global__ void fused_classifier(float *logits, float *losses,
                                            const int *targets, float dloss,
                                            int V) {
  __shared__ float partial[32];
  float *row = logits + (size_t)blockIdx.x * V;
  int target = targets[blockIdx.x];
  float mx = -INFINITY;
  for (int i = threadIdx.x; i < V; i += blockDim.x)
    mx = fmaxf(mx, row[i]);
  mx = blockReduce(mx, true, partial);
  float sum = 0.0f;
  for (int i = threadIdx.x; i < V; i += blockDim.x)
    sum += expf(row[i] - mx);
  sum = blockReduce(sum, false, partial);
  float loss = logf(sum) + mx - row[target];
  if (threadIdx.x == 0) {
    float pm = row[0], ps = 0.0f;
    for (int i = 1; i < V; ++i)
      pm = fmaxf(pm, row[i]);
    for (int i = 0; i < V; ++i)
      ps += expf(row[i] - pm);
    CHECK(pm == mx);
    CHECK_NEAR(loss, logf(ps) + pm - row[target], 1e-4f);
    losses[blockIdx.x] = loss;
  }
  __syncthreads(); // every thread has read row[target] before it changes
  for (int i = threadIdx.x; i < V; i += blockDim.x) {
    float p = expf(row[i] - mx) / sum;
    row[i] = (p - (i == target ? 1.0f : 0.0f)) * dloss;
  }
}
