// Tiled single-precision GEMM: C = alpha * A * B + beta * C, row-major,
// A is M x K, B is K x N, C is M x N, any sizes (partial tiles are padded
// with zeros). Each block computes a TILE x TILE tile of C, walking the K
// dimension in TILE-wide steps through two shared-memory tiles. A block has
// TILE x (TILE / WPT) threads; each thread loads WPT rows of both tiles and
// accumulates WPT elements of C (one per row) with a fully unrolled inner
// product. beta == 0 does not read C, as in BLAS.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef TILE
#define TILE 16
#endif
#ifndef WPT
#define WPT 2
#endif
#define ROWS_PER_PASS (TILE / WPT)

__global__ void sgemm_tiled(int m, int n, int k, float alpha,
                            const float *__restrict__ a, int lda,
                            const float *__restrict__ b, int ldb, float beta,
                            float *__restrict__ c, int ldc) {
  __shared__ float as[TILE][TILE];
  __shared__ float bs[TILE][TILE];

  int tx = threadIdx.x, ty = threadIdx.y;
  int row0 = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;

  float acc[WPT];
#pragma unroll
  for (int w = 0; w < WPT; ++w)
    acc[w] = 0.0f;

  for (int t = 0; t < k; t += TILE) {
#pragma unroll
    for (int w = 0; w < WPT; ++w) {
      int r = ty + w * ROWS_PER_PASS;
      int arow = row0 + w * ROWS_PER_PASS, acol = t + tx;
      int brow = t + r;
      as[r][tx] = (arow < m && acol < k) ? a[arow * lda + acol] : 0.0f;
      bs[r][tx] = (brow < k && col < n) ? b[brow * ldb + col] : 0.0f;
    }
    __syncthreads();

#pragma unroll
    for (int i = 0; i < TILE; ++i) {
      float bv = bs[i][tx];
#pragma unroll
      for (int w = 0; w < WPT; ++w)
        acc[w] += as[ty + w * ROWS_PER_PASS][i] * bv;
    }
    __syncthreads();
  }

#pragma unroll
  for (int w = 0; w < WPT; ++w) {
    int row = row0 + w * ROWS_PER_PASS;
    if (row < m && col < n) {
      float *out = &c[row * ldc + col];
      *out = beta == 0.0f ? alpha * acc[w] : alpha * acc[w] + beta * *out;
    }
  }
}

static void fill(float *p, int count, unsigned seed) {
  for (int i = 0; i < count; ++i) {
    seed = seed * 1664525u + 1013904223u;
    p[i] = (float)(seed >> 8) / (float)(1 << 24) - 0.5f;
  }
}

int main() {
  const int m = 300, n = 200, k = 250;
  const float alpha = 1.5f, beta = 0.5f;
  float *ha = (float *)malloc(m * k * sizeof(float));
  float *hb = (float *)malloc(k * n * sizeof(float));
  float *hc = (float *)malloc(m * n * sizeof(float));
  float *ref = (float *)malloc(m * n * sizeof(float));
  fill(ha, m * k, 1);
  fill(hb, k * n, 2);
  fill(hc, m * n, 3);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float dot = 0.0f;
      for (int p = 0; p < k; ++p)
        dot += ha[i * k + p] * hb[p * n + j];
      ref[i * n + j] = alpha * dot + beta * hc[i * n + j];
    }

  float *da, *db, *dc;
  cudaMalloc(&da, m * k * sizeof(float));
  cudaMalloc(&db, k * n * sizeof(float));
  cudaMalloc(&dc, m * n * sizeof(float));
  cudaMemcpy(da, ha, m * k * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(db, hb, k * n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dc, hc, m * n * sizeof(float), cudaMemcpyHostToDevice);

  dim3 block(TILE, ROWS_PER_PASS);
  dim3 grid((n + TILE - 1) / TILE, (m + TILE - 1) / TILE);
  sgemm_tiled<<<grid, block>>>(m, n, k, alpha, da, k, db, n, beta, dc, n);
  cudaMemcpy(hc, dc, m * n * sizeof(float), cudaMemcpyDeviceToHost);

  float maxErr = 0.0f;
  for (int i = 0; i < m * n; ++i)
    maxErr = fmaxf(maxErr, fabsf(hc[i] - ref[i]));
  printf("sgemm %dx%dx%d: max error %g\n", m, n, k, maxErr);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  free(ha);
  free(hb);
  free(hc);
  free(ref);
  return maxErr < 1e-3f ? 0 : 1;
}
