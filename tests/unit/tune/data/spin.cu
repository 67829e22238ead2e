// Never finishes: the cpu target's step budget stops it (run_timeout).
__global__ void matmul(const float *a, const float *b, volatile float *c) {
  for (;;)
    c[threadIdx.x] += a[0] * b[0];
}
