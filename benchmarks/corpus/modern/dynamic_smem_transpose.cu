// Matrix transpose through dynamic shared memory (extern __shared__ sized
// at launch), the SharedMemory<T> template idiom that gives each element
// type its own extern array, a padded tile against bank conflicts, float4
// __ldg loads on the read side and __restrict__ pointers. Checked
// element by element against the input.
#include "check.h"

template <class T> struct SharedMemory {
  __device__ T *get() {
    extern __shared__ unsigned char smemRaw[];
    return reinterpret_cast<T *>(smemRaw);
  }
};

template <class T, int TILE>
__global__ void __launch_bounds__(256, 2)
    transpose(T *__restrict__ out, const T *__restrict__ in, int rows, int cols) {
  T *tile = SharedMemory<T>().get(); // TILE x (TILE + 1)
  int x0 = blockIdx.x * TILE, y0 = blockIdx.y * TILE;
  for (int r = threadIdx.y; r < TILE; r += blockDim.y) {
    const float4 *src = reinterpret_cast<const float4 *>(in + (y0 + r) * cols + x0);
    for (int c4 = threadIdx.x; c4 < TILE / 4; c4 += blockDim.x) {
      float4 v = __ldg(src + c4);
      T *dst = tile + r * (TILE + 1) + 4 * c4;
      dst[0] = v.x, dst[1] = v.y, dst[2] = v.z, dst[3] = v.w;
    }
  }
  __syncthreads();
  for (int r = threadIdx.y; r < TILE; r += blockDim.y)
    for (int c = threadIdx.x; c < TILE; c += blockDim.x) {
      T v = tile[c * (TILE + 1) + r];
      out[(x0 + r) * rows + y0 + c] = v;
      CHECK(v == in[(y0 + c) * cols + x0 + r]);
    }
}

template __global__ void transpose<float, 32>(float *, const float *, int, int);
