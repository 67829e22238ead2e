// Asynchronous copies into shared memory, each result checked against the
// global memory it was copied from (a mismatch traps):
//  prims:   cuda_pipeline.h's primitives, double-buffered (4-byte copies,
//           __pipeline_wait_prior(1)), and 16-byte copies with a zero fill;
//  stages:  cuda::pipeline<thread_scope_thread> with two stages,
//           cuda::memcpy_async of float4s and of aligned_size_t<16> chunks;
//  barrier: a __shared__ cuda::barrier set up by init(); every thread copies
//           its row with cuda::memcpy_async against it and reads another
//           thread's after arrive_and_wait (and after a split arrive/wait),
//           then the block copies a row with the group form; a thread's
//           own barrier, constructed with its count;
//  cg_copy: cg::memcpy_async of a block's tile in two calls, cg::wait_prior
//           and cg::wait.
// -DEARLY_READ reads a copy's destination before the wait that lands it;
// -DNO_WAIT reads another thread's copy without waiting at the barrier;
// -DNO_BARRIER leaves the barrier kernel out (NVIDIA's cuda::barrier has a
// constructor, which clang refuses in __shared__).
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;

#define CHECK(C)                                                               \
  do {                                                                         \
    if (!(C))                                                                  \
      __trap();                                                                \
  } while (0)

constexpr int TILE = 64;

// in: tiles * TILE floats; out: the same, each doubled; block TILE threads.
__global__ void prims(float *out, const float *in, int tiles) {
  __shared__ float buf[2][TILE];
  __shared__ float4 wide[TILE];
  int t = threadIdx.x;
  __pipeline_memcpy_async(&buf[0][t], &in[t], sizeof(float));
  __pipeline_commit();
  for (int k = 0; k < tiles; ++k) {
    if (k + 1 < tiles)
      __pipeline_memcpy_async(&buf[(k + 1) % 2][t], &in[(k + 1) * TILE + t],
                              sizeof(float));
    __pipeline_commit(); // possibly empty: the count stays uniform
#ifdef EARLY_READ
    if (k + 1 < tiles)
      CHECK(buf[(k + 1) % 2][t] == in[(k + 1) * TILE + t]);
#endif
    __pipeline_wait_prior(1);
    float v = buf[k % 2][t];
    CHECK(v == in[k * TILE + t]);
    out[k * TILE + t] = 2.0f * v;
  }
  // 16 bytes of which the last 8 are zero-filled.
  __pipeline_memcpy_async(&wide[t], &in[4 * (t % (tiles * TILE / 4))], 16, 8);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  const float *src = &in[4 * (t % (tiles * TILE / 4))];
  CHECK(wide[t].x == src[0] && wide[t].y == src[1] && wide[t].z == 0.0f &&
        wide[t].w == 0.0f);
}

// in: gridDim.x * blockDim.x * chunks float4s; out: one sum per thread.
__global__ void stages(float *out, const float4 *in, int chunks) {
  __shared__ float4 stage[2][TILE];
  __shared__ float4 extra[2][TILE];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  int t = threadIdx.x, n = blockDim.x;
  const float4 *mine = in + (size_t)blockIdx.x * n * chunks;
  auto fetch = [&](int c) {
    pipe.producer_acquire();
    cuda::memcpy_async(&stage[c % 2][t], &mine[c * n + t], sizeof(float4), pipe);
    cuda::memcpy_async(&extra[c % 2][t], &mine[(chunks - 1 - c) * n + t],
                       cuda::aligned_size_t<16>(sizeof(float4)), pipe);
    pipe.producer_commit();
  };
  for (int c = 0; c < 2 && c < chunks; ++c)
    fetch(c);
  float acc = 0.0f;
  for (int c = 0; c < chunks; ++c) {
    pipe.consumer_wait();
    float4 v = stage[c % 2][t], w = extra[c % 2][t];
    pipe.consumer_release();
    float4 g = mine[c * n + t], h = mine[(chunks - 1 - c) * n + t];
    CHECK(v.x == g.x && v.y == g.y && v.z == g.z && v.w == g.w);
    CHECK(w.x == h.x && w.y == h.y && w.z == h.z && w.w == h.w);
    if (c + 2 < chunks)
      fetch(c + 2);
    acc += v.x + v.y + v.z + v.w;
  }
  out[blockIdx.x * n + t] = acc;
}

#ifndef NO_BARRIER // clang rejects NVIDIA's barrier in __shared__
// in: TILE * TILE floats; out: its transpose; block TILE threads, one row
// each.
__global__ void barrier_copy(float *out, const float *in) {
  __shared__ float tile[TILE][TILE + 1];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() == 0)
    init(&bar, block.size());
  block.sync();
  int t = threadIdx.x;
  for (int c = 0; c < TILE; ++c)
    cuda::memcpy_async(&tile[t][c], &in[t * TILE + c], sizeof(float), bar);
#ifdef NO_WAIT
  bar.arrive();
#else
  bar.arrive_and_wait();
#endif
  for (int r = 0; r < TILE; ++r) { // column t: every thread's copies
    CHECK(tile[r][t] == in[r * TILE + t]);
    out[t * TILE + r] = tile[r][t];
  }
  // A second phase, split: work between arrive and wait.
  auto token = bar.arrive();
  float plain = in[((t + 1) % TILE) * TILE];
  bar.wait(std::move(token));
  CHECK(tile[(t + 1) % TILE][0] == plain);
  // The group form: the block copies a row between its threads.
  __shared__ float row[TILE];
  cuda::memcpy_async(block, row, in + TILE, sizeof(float) * TILE, bar);
  bar.arrive_and_wait();
  CHECK(row[(t + 3) % TILE] == in[TILE + (t + 3) % TILE]);
  // A thread's own barrier, constructed with its count.
  __shared__ float own[TILE];
  cuda::barrier<cuda::thread_scope_thread> mine(1);
  cuda::memcpy_async(&own[t], &in[2 * TILE + t], sizeof(float), mine);
  mine.arrive_and_wait();
  CHECK(own[t] == in[2 * TILE + t]);
}
#endif

// in: gridDim.x * 2 * TILE floats; out: the same; block TILE threads.
__global__ void cg_copy(float *out, const float *in) {
  __shared__ __align__(16) float tile[2 * TILE];
  cg::thread_block block = cg::this_thread_block();
  const float *src = in + blockIdx.x * 2 * TILE;
  cg::memcpy_async(block, tile, src, sizeof(float) * TILE);
  cg::memcpy_async(block, tile + TILE, src + TILE,
                   cuda::aligned_size_t<16>(sizeof(float) * TILE));
  cg::wait_prior<1>(block); // the first call's copies
  int t = threadIdx.x;
  CHECK(tile[(t + 5) % TILE] == src[(t + 5) % TILE]);
  cg::wait(block);
  CHECK(tile[TILE + (t + 9) % TILE] == src[TILE + (t + 9) % TILE]);
  out[blockIdx.x * 2 * TILE + t] = tile[t];
  out[blockIdx.x * 2 * TILE + TILE + t] = tile[TILE + t];
}
