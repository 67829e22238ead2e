// measure.py's lit test: a compile error.
extern "C" __global__ void scale(float *out, const float *in) {
  out[threadIdx.x] = 2.0f * undeclared_name;
}
