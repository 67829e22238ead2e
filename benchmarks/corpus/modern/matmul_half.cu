// Mixed-precision GEMM C = A * B with fp16 operands and fp32 accumulation
// (the arithmetic tensor cores do, here on CUDA cores): 32x32 tiles in
// shared memory as __half, two k-steps at a time through __half2 and
// __half22float2. Checked against a float dot product of the same halves.
#include "check.h"
#include <cuda_fp16.h>

constexpr int TS = 32;

__global__ void quantize(__half *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __float2half_rn(in[i]);
}

__global__ void hgemm(float *C, const __half *A, const __half *B, int M, int N,
                      int K) {
  __shared__ __half2 As[TS][TS / 2];  // A[row][k..k+1]
  __shared__ __half Bs[TS][TS];       // B[k][col]
  int tx = threadIdx.x % TS, ty = threadIdx.x / TS; // 32 x 8 threads
  int row0 = blockIdx.y * TS, col = blockIdx.x * TS + tx;
  float acc[TS / 8] = {};
  for (int k0 = 0; k0 < K; k0 += TS) {
    for (int r = ty; r < TS; r += 8) {
      if (tx < TS / 2)
        As[r][tx] = *reinterpret_cast<const __half2 *>(A + (row0 + r) * K + k0 + 2 * tx);
      Bs[r][tx] = B[(k0 + r) * N + col];
    }
    __syncthreads();
    for (int i = 0; i < TS / 8; ++i) {
      int r = ty + 8 * i;
      for (int k = 0; k < TS / 2; ++k) {
        float2 a = __half22float2(As[r][k]);
        acc[i] += a.x * __half2float(Bs[2 * k][tx]) + a.y * __half2float(Bs[2 * k + 1][tx]);
      }
    }
    __syncthreads();
  }
  for (int i = 0; i < TS / 8; ++i) {
    int row = row0 + ty + 8 * i;
    C[row * N + col] = acc[i];
    float plain = 0.0f;
    for (int k = 0; k < K; ++k)
      plain += __half2float(A[row * K + k]) * __half2float(B[k * N + col]);
    CHECK_NEAR(acc[i], plain, 1e-4f);
  }
}
