// Each thread scales two neighbouring elements; thread 0 also scales the
// last one when n is odd. Deleting that store is right for every even n
// and wrong for every odd one: tests of one parity cannot tell.
extern "C" __global__ void pairs(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (2 * i + 1 < n) {
    out[2 * i] = 2.0f * in[2 * i];
    out[2 * i + 1] = 2.0f * in[2 * i + 1];
  }
  if (i == 0 && (n & 1))
    out[n - 1] = 2.0f * in[n - 1];
}
