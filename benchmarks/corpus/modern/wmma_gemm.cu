// Tensor-core GEMM through the WMMA API (nvcuda::wmma): one warp per 16x16
// output tile, half fragments loaded from row-major A and column-major B,
// fp32 accumulators filled with zero, mma_sync along K, store_matrix_sync
// to shared memory. Lane 0 checks the tile against a float loop over the
// same halves.
#include "check.h"
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

__global__ void to_half(__half *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __float2half(in[i]);
}

__global__ void wmma_gemm(float *C, const __half *A, const __half *B, int M,
                          int N, int K) {
  __shared__ float tile[16 * 16];
  int tileRow = blockIdx.y * 16, tileCol = blockIdx.x * 16;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(a, A + tileRow * K + k, K);
    wmma::load_matrix_sync(b, B + tileCol * K + k, K);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(tile, acc, 16, wmma::mem_row_major);
  __syncwarp();
  for (int e = threadIdx.x; e < 256; e += 32)
    C[(tileRow + e / 16) * N + tileCol + e % 16] = tile[e];
  if (threadIdx.x == 0)
    for (int e = 0; e < 256; ++e) {
      int r = tileRow + e / 16, c = tileCol + e % 16;
      float plain = 0.0f;
      for (int k = 0; k < K; ++k)
        plain += __half2float(A[r * K + k]) * __half2float(B[c * K + k]);
      CHECK_NEAR(tile[e], plain, 1e-3f);
    }
}
