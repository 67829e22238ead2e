// Does not compile: the live objective classifies it as compile_host.
__global__ void matmul(const float *a, const float *b, float *c) {
  c[0] = a[0] * b[0] +;
}
