// libcu++'s scoped atomics: cuda::atomic_ref over global counters with
// device scope (fetch_add, fetch_max, compare_exchange_strong),
// cuda::atomic<int, cuda::thread_scope_block> in shared memory, explicit
// memory orders, and cuda::std::min/max and bit utilities. A last kernel
// checks every counter serially.
#include "check.h"
#include <cuda/atomic>
#include <cuda/std/bit>

__global__ void scoped_counters(int *counters, const int *in, int n) {
  __shared__ cuda::atomic<int, cuda::thread_scope_block> blockCount;
  if (threadIdx.x == 0)
    blockCount.store(0, cuda::std::memory_order_relaxed);
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int v = in[i];
    cuda::atomic_ref<int, cuda::thread_scope_device> sum(counters[0]);
    cuda::atomic_ref<int, cuda::thread_scope_device> mx(counters[1]);
    cuda::atomic_ref<int, cuda::thread_scope_device> bits(counters[2]);
    sum.fetch_add(v, cuda::std::memory_order_relaxed);
    mx.fetch_max(v);
    int expected = bits.load();
    while (!bits.compare_exchange_strong(expected, expected | (1 << (v & 15))))
      ;
    blockCount.fetch_add(cuda::std::popcount((unsigned)v) & 1);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    cuda::atomic_ref<int, cuda::thread_scope_device> odd(counters[3]);
    odd.fetch_add(blockCount.load(), cuda::std::memory_order_release);
  }
}

__global__ void check_counters(const int *counters, const int *in, int n) {
  int s = 0, m = cuda::std::numeric_limits<int>::min(), b = 0, o = 0;
  for (int i = 0; i < n; ++i) {
    s += in[i], m = cuda::std::max(m, in[i]), b |= 1 << (in[i] & 15);
    o += cuda::std::popcount((unsigned)in[i]) & 1;
  }
  CHECK(counters[0] == s && counters[1] == m && counters[2] == b && counters[3] == o);
}

__global__ void init_counters(int *counters) {
  counters[0] = 0, counters[1] = cuda::std::numeric_limits<int>::min();
  counters[2] = 0, counters[3] = 0;
}
