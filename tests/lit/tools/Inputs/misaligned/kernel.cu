// Loads through a byte offset: aligned for an offset that is a multiple of
// 4, misaligned (a GPU faults) otherwise.
extern "C" __global__ void shifted(const int *in, int *out, int off) {
  const char *p = (const char *)in + off;
  out[threadIdx.x] = *(const int *)(p + 4 * threadIdx.x);
}
