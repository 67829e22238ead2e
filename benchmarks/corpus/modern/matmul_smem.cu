// Tiled SGEMM C = A * B^T + bias, the layout of a linear layer's forward
// pass (weights stored out x in): TILE x TILE tiles of both operands staged
// in shared memory, a template over the tile size with __launch_bounds__
// matching it. Every thread recomputes its element with a plain dot
// product and checks it.
#include "check.h"

template <int TILE>
__global__ void __launch_bounds__(TILE *TILE)
    matmul_forward(float *__restrict__ out, const float *__restrict__ inp,
                   const float *__restrict__ weight,
                   const float *__restrict__ bias, int BT, int C, int OC) {
  __shared__ float As[TILE][TILE];
  __shared__ float Ws[TILE][TILE + 1]; // padded: no bank conflicts
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < C; k0 += TILE) {
    int ka = k0 + threadIdx.x;
    As[threadIdx.y][threadIdx.x] = row < BT && ka < C ? inp[row * C + ka] : 0.0f;
    int wr = blockIdx.x * TILE + threadIdx.y;
    Ws[threadIdx.y][threadIdx.x] = wr < OC && ka < C ? weight[wr * C + ka] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Ws[threadIdx.x][k];
    __syncthreads();
  }
  if (row < BT && col < OC) {
    float r = acc + (bias ? bias[col] : 0.0f);
    out[row * OC + col] = r;
    float plain = bias ? bias[col] : 0.0f;
    for (int k = 0; k < C; ++k)
      plain += inp[row * C + k] * weight[col * C + k];
    CHECK_NEAR(r, plain, 1e-4f);
  }
}

template __global__ void matmul_forward<16>(float *, const float *,
                                            const float *, const float *, int,
                                            int, int);
