// A warp-wide 16x8x16 tensor-core product with inline PTX mma.sync
// (f16 inputs, f32 accumulators), the fragments loaded from shared
// memory in the documented register layout (ldmatrix is not used: plain
// loads by groupID/threadID_in_group). Lane 0 checks the whole 16x8
// product against a float loop.
#include "check.h"
#include <cuda_fp16.h>

__global__ void mma_16x8x16(float *D, const __half *A, const __half *B) {
  // A: 16x16 row-major, B: 16x8 stored column-major (k fastest)
  int lane = threadIdx.x, g = lane / 4, t = lane % 4;
  auto a2 = [&](int r, int k) {
    return *reinterpret_cast<const unsigned *>(&A[r * 16 + k]);
  };
  auto b2 = [&](int k, int c) {
    return *reinterpret_cast<const unsigned *>(&B[c * 16 + k]);
  };
  unsigned a0 = a2(g, 2 * t), a1 = a2(g + 8, 2 * t);
  unsigned a2r = a2(g, 2 * t + 8), a3 = a2(g + 8, 2 * t + 8);
  unsigned b0 = b2(2 * t, g), b1 = b2(2 * t + 8, g);
  float c[4] = {0, 0, 0, 0}, d[4];
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
               : "r"(a0), "r"(a1), "r"(a2r), "r"(a3), "r"(b0), "r"(b1),
                 "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
  // d0,d1: row g, cols 2t, 2t+1; d2,d3: row g+8
  for (int k = 0; k < 4; ++k) {
    int row = g + (k / 2) * 8, col = 2 * t + k % 2;
    D[row * 8 + col] = d[k];
    float plain = 0.0f;
    for (int j = 0; j < 16; ++j)
      plain += __half2float(A[row * 16 + j]) * __half2float(B[col * 16 + j]);
    CHECK_NEAR(d[k], plain, 1e-3f);
  }
}

__global__ void to_half(__half *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __float2half(in[i]);
}
