// Writes far outside its output: a launch failure (runtime_device).
__global__ void matmul(const float *a, const float *b, float *c) {
  c[threadIdx.x + (1 << 24)] = a[0] * b[0];
}
