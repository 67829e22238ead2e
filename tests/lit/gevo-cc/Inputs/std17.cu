// C++17 in device code (if constexpr, structured bindings); with C++20,
// a store of 20 marks __cplusplus >= 202002L.
#include <cuda_runtime.h>
#include <utility>
template <class T> __device__ T twice(T v) {
  if constexpr (sizeof(T) == 4) return v + v; else return v * 2;
}
__global__ void k(int *o) {
  auto [a, b] = std::pair<int, int>(1, 2);
  o[threadIdx.x] = twice(a) + b;
#if __cplusplus >= 202002L
  o[0] = 20;
#endif
}
