// Device calls the host has no version of, and lanes that wait for others.
//
// debug_print: printf and an assert that holds; with GEVO_FAIL_ASSERT the
// assert fails, which stops the kernel as on a GPU.
//
// warp_wait: lanes 0-1 and 2-7 run shuffles over their own masks, then all
// eight meet at a __syncwarp over 0xff: lane 0 waits there while lanes 2-7
// are still at their shuffles (legal on Volta and later). With
// GEVO_NEVER_MEET, lanes 2-7 shuffle over 0xff where lanes 0-1 sync: each
// waits for the other, nothing can move: divergent.
#include <cassert>
#include <cstdio>

extern "C" __global__ void debug_print(int *out) {
  if (threadIdx.x == 0)
    printf("block %d: %d threads, %f\n", blockIdx.x, blockDim.x, 0.5);
#ifdef GEVO_FAIL_ASSERT
  assert(threadIdx.x < 16);
#else
  assert(threadIdx.x < blockDim.x);
#endif
  out[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}

extern "C" __global__ void warp_wait(int *out) {
  unsigned lane = threadIdx.x % 32;
  int v = lane;
  if (lane < 2) {
    v = __shfl_sync(0x3u, v, 0);
  } else if (lane < 8) {
    v = __shfl_sync(0xfcu, v, 2);
    v += __shfl_sync(0xfcu, v, 3);
  }
#ifdef GEVO_NEVER_MEET
  if (lane >= 2 && lane < 8)
    v = __shfl_sync(0xffu, v, 0);
  else
#endif
    __syncwarp(lane < 8 ? 0xffu : 0xffffff00u);
  out[threadIdx.x] = v;
}

// A function's constant table (clang makes it a private global) read with
// a variable index: checked memory like any variable (once oob_read).
extern "C" __global__ void const_table(unsigned *out) {
  const unsigned long long S[3] = {1, 2, 0x123456789ull};
  unsigned t = threadIdx.x;
  out[t] = (unsigned)S[t % 3];
}
