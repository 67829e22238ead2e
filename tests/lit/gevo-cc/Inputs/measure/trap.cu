// measure.py's lit test: a self-check that fails (a status: trap).
extern "C" __global__ void scale(float *out, const float *in) {
  out[threadIdx.x] = 2.0f * in[threadIdx.x];
  if (out[threadIdx.x] != in[threadIdx.x] * 3.0f)
    __trap();
}
