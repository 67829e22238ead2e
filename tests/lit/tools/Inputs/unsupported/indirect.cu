// A call through a function pointer.
__device__ int twice(int x) { return 2 * x; }
__device__ int thrice(int x) { return 3 * x; }
extern "C" __global__ void indirect(int *out, int k) {
  int (*f)(int) = k ? twice : thrice;
  out[threadIdx.x] = f(threadIdx.x);
}
