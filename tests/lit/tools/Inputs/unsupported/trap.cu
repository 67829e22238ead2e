// A kernel that traps, and one that is nothing but unreachable code.
extern "C" __global__ void trapper(int *out, int k) {
  if (threadIdx.x == 3)
    __trap();
  out[threadIdx.x] = k;
}
extern "C" __global__ void never(int *out, int k) { __builtin_unreachable(); }
