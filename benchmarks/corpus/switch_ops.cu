// A tiny vector machine: every element carries an opcode that selects what
// is computed from its two operands, as in an interpreter or a fused
// element-wise operator. The dispatch is a switch that stays a switch in the
// IR; each case does different work so the optimiser cannot fold it away.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum Op { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MIN, OP_MAX, OP_FMA, OP_RELU };
#define NUM_OPS 8

extern "C" __global__ void apply_ops(const unsigned char *ops, const float *a,
                                     const float *b, float *out, int n,
                                     float scale) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = a[i], y = b[i], r;
  switch (ops[i]) {
  case OP_ADD:
    r = x + y;
    break;
  case OP_SUB:
    r = x - y;
    break;
  case OP_MUL:
    r = x * y;
    break;
  case OP_DIV:
    r = y != 0.0f ? x / y : 0.0f;
    break;
  case OP_MIN:
    r = x < y ? x : y;
    break;
  case OP_MAX:
    r = x > y ? x : y;
    break;
  case OP_FMA:
    r = x * scale + y;
    break;
  case OP_RELU:
    r = x > 0.0f ? x : 0.0f;
    out[i] = r * scale;
    return;
  default:
    r = x;
    break;
  }
  out[i] = r;
}

int main() {
  const int n = 1 << 20;
  unsigned char *ops = (unsigned char *)malloc(n);
  float *a = (float *)malloc(n * sizeof(float));
  float *b = (float *)malloc(n * sizeof(float));
  float *out = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) {
    ops[i] =
        (unsigned char)((i * 37) % (NUM_OPS + 1)); // includes an invalid op
    a[i] = (float)(i % 100) - 50.0f;
    b[i] = (float)(i % 17) - 8.0f;
  }

  unsigned char *d_ops;
  float *d_a, *d_b, *d_out;
  cudaMalloc(&d_ops, n);
  cudaMalloc(&d_a, n * sizeof(float));
  cudaMalloc(&d_b, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_ops, ops, n, cudaMemcpyHostToDevice);
  cudaMemcpy(d_a, a, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, n * sizeof(float), cudaMemcpyHostToDevice);

  int threads = 256;
  apply_ops<<<(n + threads - 1) / threads, threads>>>(d_ops, d_a, d_b, d_out, n,
                                                      0.5f);
  cudaMemcpy(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);

  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += out[i];
  printf("apply_ops over %d elements: sum %.2f\n", n, sum);
  cudaFree(d_ops);
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_out);
  free(ops);
  free(a);
  free(b);
  free(out);
  return 0;
}
