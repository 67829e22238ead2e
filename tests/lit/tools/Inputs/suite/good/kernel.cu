// gevo-suite's test app: out = 2 * in, loop-free (no mutant can hang, so
// runs are quick), with a redundant volatile store that deleting speeds up.
extern "C" __global__ void twice(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  *(volatile float *)&out[i] = x; // overwritten below
  out[i] = x + x;
}
