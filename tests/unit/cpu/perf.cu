// Kernels for PerfTest.cpp: pairs whose difference on a GPU is textbook,
// for the warp-level performance model. `n` keeps loops from folding.
#include <cuda_runtime.h>

// One float a thread: consecutive lanes read consecutive words...
extern "C" __global__ void load_coalesced(const float *in, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

// ... or words 128 bytes apart.
extern "C" __global__ void load_strided(const float *in, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 32];
}

// One warp a block: a 32x32 tile written by rows, then read by rows (each
// lane its own bank) or by columns (every lane in one bank).
template <bool Columns>
__device__ void tile_reads(float *out, int n) {
  __shared__ float tile[32 * 32];
  unsigned t = threadIdx.x;
  for (int r = 0; r < 32; ++r)
    tile[r * 32 + t] = r + t;
  __syncthreads();
  float v = 0;
  for (int k = 0; k < n; ++k)
    v += Columns ? tile[t * 32 + k % 32] : tile[(k % 32) * 32 + t];
  out[blockIdx.x * 32 + t] = v;
}
extern "C" __global__ void shared_rows(float *out, int n) {
  tile_reads<false>(out, n);
}
extern "C" __global__ void shared_columns(float *out, int n) {
  tile_reads<true>(out, n);
}

// The same work on either side of a branch that splits lanes of a warp, or
// splits warps.
__device__ float busy(float v, int n, float a) {
  for (int k = 0; k < n; ++k)
    v = v * a + 1.0f;
  return v;
}
extern "C" __global__ void diverge_in_warp(float *out, int n) {
  unsigned t = threadIdx.x;
  float v = t % 2 ? busy(t, n, 0.5f) : busy(t, n, 0.25f);
  out[blockIdx.x * blockDim.x + t] = v;
}
extern "C" __global__ void diverge_across_warps(float *out, int n) {
  unsigned t = threadIdx.x;
  float v = t / 32 % 2 ? busy(t, n, 0.5f) : busy(t, n, 0.25f);
  out[blockIdx.x * blockDim.x + t] = v;
}

// Each thread follows a chain of n dependent loads: latency, not
// bandwidth. Dynamic shared memory, when launched with some, limits how
// many blocks an SM holds.
extern "C" __global__ void chase(const int *next, int *out, int n) {
  extern __shared__ int scratch[];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int p = i;
  for (int k = 0; k < n; ++k)
    p = next[p];
  scratch[threadIdx.x] = p;
  out[i] = scratch[threadIdx.x];
}

// Streams a float a thread (memory bound), or computes n multiply-adds on
// it (compute bound).
extern "C" __global__ void stream(const float *in, float *out, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f + n;
}
extern "C" __global__ void compute(const float *in, float *out, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i], w = v + 1, x = v + 2, y = v + 3;
  for (int k = 0; k < n; ++k) {
    v = v * 1.0001f + 0.5f;
    w = w * 0.9999f + 0.25f;
    x = x * 1.0002f + 0.125f;
    y = y * 0.9998f + 0.0625f;
  }
  out[i] = v + w + x + y;
}
