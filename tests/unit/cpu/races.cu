// Kernels for RaceTest.cpp: the textbook data races and uninitialized reads
// the cpu target must report, and the idioms it must accept. Each kernel is
// launched with 64-thread blocks (two warps) unless RaceTest says otherwise;
// `out` has one element per thread of the grid.
#include <cuda_runtime.h>

#define N 64

// --- must be races --------------------------------------------------------

// A tile shared across warps without the barrier between write and read.
extern "C" __global__ void missing_barrier(const float *in, float *out) {
  __shared__ float tile[N];
  int t = threadIdx.x;
  tile[t] = in[t];
  out[t] = t >= 32 ? tile[t - 32] : tile[t];
}

// Lanes of one warp exchange through shared memory without __syncwarp.
extern "C" __global__ void missing_syncwarp(const float *in, float *out) {
  __shared__ float tile[N];
  int t = threadIdx.x;
  tile[t] = in[t];
  out[t] = tile[t & ~1];
}

// Block b reads the output block b - 1 writes in the same launch.
extern "C" __global__ void reads_other_block(float *data) {
  int b = blockIdx.x, t = threadIdx.x;
  data[b * N + t] = b + t;
  if (b > 0)
    data[b * N + t] += data[(b - 1) * N + t];
}

// What reads_other_block computes when the blocks run in order, without
// reading another block's output (VerdictTest's base).
extern "C" __global__ void other_block_sum(float *data) {
  int b = blockIdx.x, t = threadIdx.x;
  data[b * N + t] = b + t + (b > 0 ? (b - 1) + t : 0);
}

// Every thread of every block stores to the same global word.
extern "C" __global__ void global_write_write(int *flag) {
  *flag = blockIdx.x * N + threadIdx.x;
}

// Each thread's index walks into its neighbours' elements in a loop.
extern "C" __global__ void loop_carried_index(int *out) {
  __shared__ int buf[N];
  int j = threadIdx.x;
  for (int k = 0; k < 4; ++k) {
    buf[j] = k;
    j = (j + 1) % N;
  }
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}

// Warp-synchronous reduction (volatile, no __syncwarp): a race on Volta and
// later, accepted under the warp-synchronous model.
extern "C" __global__ void warp_synchronous_sum(const float *in, float *out) {
  __shared__ float s[N];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * N + t];
  __syncthreads();
  if (t < 32) {
    volatile float *v = s;
    v[t] += v[t + 32];
    v[t] += v[t + 16];
    v[t] += v[t + 8];
    v[t] += v[t + 4];
    v[t] += v[t + 2];
    v[t] += v[t + 1];
  }
  __syncthreads();
  out[blockIdx.x * N + t] = s[0];
}

// --- must be uninitialized reads -------------------------------------------

// A shared histogram whose zeroing was deleted.
extern "C" __global__ void histogram_no_init(const unsigned *in, unsigned *hist) {
  __shared__ unsigned h[16];
  __syncthreads();
  atomicAdd(&h[in[blockIdx.x * N + threadIdx.x] % 16], 1u);
  __syncthreads();
  if (threadIdx.x < 16)
    atomicAdd(&hist[threadIdx.x], h[threadIdx.x]);
}

// Half a tile is written, all of it read.
extern "C" __global__ void reads_past_tile(const float *in, float *out) {
  __shared__ float tile[N];
  int t = threadIdx.x;
  if (t < N / 2)
    tile[t] = in[t];
  __syncthreads();
  out[t] = tile[t];
}

// --- must be accepted -------------------------------------------------------

extern "C" __global__ void histogram(const unsigned *in, unsigned *hist,
                                     float *total) {
  __shared__ unsigned h[16];
  __shared__ float sum;
  if (threadIdx.x < 16)
    h[threadIdx.x] = 0;
  if (threadIdx.x == 0)
    sum = 0;
  __syncthreads();
  unsigned v = in[blockIdx.x * N + threadIdx.x];
  atomicAdd(&h[v % 16], 1u);
  atomicAdd(&sum, float(v));
  __syncthreads();
  if (threadIdx.x < 16)
    atomicAdd(&hist[threadIdx.x], h[threadIdx.x]);
  if (threadIdx.x == 0)
    atomicAdd(total, sum);
}

extern "C" __global__ void syncwarp_exchange(const float *in, float *out) {
  __shared__ float tile[N];
  int t = threadIdx.x;
  tile[t] = in[blockIdx.x * N + t];
  __syncwarp();
  out[blockIdx.x * N + t] = tile[t ^ 1];
}

extern "C" __global__ void shuffle_sum(const float *in, float *out) {
  float v = in[blockIdx.x * N + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0)
    out[blockIdx.x * 2 + threadIdx.x / 32] = v;
}

// A barrier inside a loop: a tree reduction in shared memory.
extern "C" __global__ void tree_sum(const float *in, float *out) {
  __shared__ float s[N];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * N + t];
  for (int stride = N / 2; stride > 0; stride /= 2) {
    __syncthreads();
    if (t < stride)
      s[t] += s[t + stride];
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// Each thread reads back what it wrote, across a global and a shared buffer.
extern "C" __global__ void own_writes(float *data) {
  __shared__ float s[N];
  int i = blockIdx.x * N + threadIdx.x;
  data[i] = data[i] * 2;
  s[threadIdx.x] = data[i] + 1;
  data[i] = s[threadIdx.x] + data[i];
}

// Bytes of one word written by different threads, then read across them.
extern "C" __global__ void byte_flags(const float *in, unsigned char *out) {
  __shared__ unsigned char f[N];
  int t = threadIdx.x;
  f[t] = in[t] > 0.5f;
  __syncthreads();
  out[blockIdx.x * N + t] = f[t ^ 1] + f[t ^ 2];
}

// Thread 0 writes a global word, the block reads it after a barrier (each
// block owns N + 1 elements).
extern "C" __global__ void broadcast_global(float *data) {
  float *mine = data + blockIdx.x * (N + 1);
  if (threadIdx.x == 0)
    mine[0] = 42;
  __syncthreads();
  mine[threadIdx.x + 1] += mine[0];
}

// out[i] = in[i + 1]: race-free on two buffers; on one buffer passed twice,
// thread i reads what thread i + 1 writes (in never written through, yet
// not read-only). The second runs in fibers (a barrier), the first as a
// block function.
extern "C" __global__ void shift_copy(const float *in, float *out) {
  int i = blockIdx.x * N + threadIdx.x;
  out[i] = in[i + 1];
}

extern "C" __global__ void shift_copy_synced(const float *in, float *out) {
  int i = blockIdx.x * N + threadIdx.x;
  __syncthreads();
  out[i] = in[i + 1];
}
