// Asynchronous tile loads completed by a block-scope cuda::barrier (the
// Ampere mbarrier): thread 0 initialises the barrier, every thread issues
// cuda::memcpy_async for its part of the tile against the barrier and
// then arrive_and_wait()s; the tile is transposed out of shared memory.
// Checked against reading the input directly.
#include "check.h"
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int T = 32;
using Barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void transpose_async(float *out, const float *in, int n) {
  __shared__ float tile[T][T + 1];
  __shared__ Barrier bar;
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() == 0)
    init(&bar, block.size());
  block.sync();
  int bx = blockIdx.x * T, by = blockIdx.y * T;
  for (int r = threadIdx.y; r < T; r += blockDim.y)
    cuda::memcpy_async(&tile[r][threadIdx.x], &in[(by + r) * n + bx + threadIdx.x],
                       sizeof(float), bar);
  bar.arrive_and_wait();
  for (int r = threadIdx.y; r < T; r += blockDim.y) {
    float v = tile[threadIdx.x][r];
    out[(bx + r) * n + by + threadIdx.x] = v;
    CHECK(v == in[(by + threadIdx.x) * n + bx + r]);
  }
}
