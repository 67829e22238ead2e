// Reads one float a thread, `stride` floats apart: the wider the stride,
// the more sectors a warp's load touches and the slower it runs.
#ifndef stride
#define stride 1
#endif

extern "C" __global__ void strided(const float *in, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * stride] * 2.0f;
}
