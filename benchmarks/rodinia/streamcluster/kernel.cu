// Streamcluster's compute-cost kernel: the gain of opening a candidate
// facility x, the inner step of the local search (pgain) that the host
// driver (tests/driver.cpp) runs over random candidates.
//
// pgain_kernel, one thread per point i of the current chunk:
//   x_cost = |p_i - p_x|^2 * weight_i (squared Euclidean distance);
//   saving = cost_i - x_cost. If x_cost < cost_i the point would switch to
//   x: switch_membership[i] = 1 and its saving goes to slot K (the gain of
//   opening x). Otherwise switch_membership[i] = 0 and its (non-positive)
//   saving goes to the slot of its current centre, center_table[assign[i]]:
//   what closing that centre and moving the point to x would cost.
//   The candidate's coordinates are staged in shared memory (dynamic, dim
//   floats); each block sums its points' savings per slot in shared memory
//   (in thread order, so the sums are deterministic) and writes its row of
//   K + 1 partial sums to work[blockIdx.x * (K + 1) + slot]; the host adds
//   the rows and decides.
//
// coord is dimension-major (coord[d * num + i]) so that neighbouring
// threads read neighbouring words.
#ifndef BLOCK
#define BLOCK 128
#endif

__global__ void pgain_kernel(int num, int dim, int x, const float *coord,
                             const float *weight, const float *cost,
                             const int *assign, const int *center_table, int K,
                             float *work, int *switch_membership) {
  extern __shared__ float candidate[];
  __shared__ float saving[BLOCK];
  __shared__ int slot[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * BLOCK + tid;
  for (int d = tid; d < dim; d += BLOCK)
    candidate[d] = coord[d * num + x];
  __syncthreads();

  float s = 0.0f;
  int to = -1;
  if (i < num) {
    float dist = 0.0f;
    for (int d = 0; d < dim; ++d) {
      float diff = coord[d * num + i] - candidate[d];
      dist += diff * diff;
    }
    float x_cost = dist * weight[i];
    s = cost[i] - x_cost;
    if (x_cost < cost[i]) {
      switch_membership[i] = 1;
      to = K;
    } else {
      switch_membership[i] = 0;
      to = center_table[assign[i]];
    }
  }
  saving[tid] = s;
  slot[tid] = to;
  __syncthreads();

  for (int k = tid; k <= K; k += BLOCK) {
    float sum = 0.0f;
    for (int t = 0; t < BLOCK; ++t)
      if (slot[t] == k)
        sum += saving[t];
    work[blockIdx.x * (K + 1) + k] = sum;
  }
}
