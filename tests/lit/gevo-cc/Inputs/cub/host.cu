// Host code as CUB's examples write it: DeviceReduce::Sum and
// DeviceRadixSort::SortKeys with their temporary-storage query, a
// DoubleBuffer, the CachingDeviceAllocator, CubDebugExit, around a kernel
// of the file's own. gevo-cc parses the host code and compiles the kernel.
#include <cstdio>
#include <cub/cub.cuh>
#include <cub/util_allocator.cuh>

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2;
}

int main() {
  const int n = 1 << 10;
  float *x, *sum;
  unsigned *keys, *alt;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&sum, sizeof(float));
  cudaMalloc(&keys, n * sizeof(unsigned));
  cudaMalloc(&alt, n * sizeof(unsigned));
  scale<<<n / 256, 256>>>(x, n);
  void *temp = nullptr;
  size_t bytes = 0;
  cub::DeviceReduce::Sum(temp, bytes, x, sum, n);
  cudaMalloc(&temp, bytes);
  CubDebugExit(cub::DeviceReduce::Sum(temp, bytes, x, sum, n));
  cub::DoubleBuffer<unsigned> buffers(keys, alt);
  cub::CachingDeviceAllocator allocator(true);
  void *sortTemp = nullptr;
  size_t sortBytes = 0;
  cub::DeviceRadixSort::SortKeys(sortTemp, sortBytes, buffers, n);
  CubDebugExit(allocator.DeviceAllocate(&sortTemp, sortBytes));
  cub::DeviceRadixSort::SortKeys(sortTemp, sortBytes, buffers, n, 0, 32);
  unsigned *sorted = buffers.Current();
  printf("%p\n", (void *)sorted);
  CubDebugExit(allocator.DeviceFree(sortTemp));
  return 0;
}
