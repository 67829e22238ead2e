// Parametric (batched) matrix multiplication for the tile-config tuners:
//   C[b] = A[b] x B[b],  A[b] is N x K (or K x N with OP_TRANS_A),
//   B[b] is K x M (or M x K with OP_TRANS_B), C[b] is N x M, row-major.
// MatMul is the batch of one. Every tile factor is a -D define (gevo-tune's
// live objective passes a config's factorizations; defaults make a small
// 2 x 32 x 16 x 16 case), and the sizes follow from them:
//   N = OP_N1*OP_N2*OP_N3*OP_N4, M = OP_M1*..*OP_M4, K = OP_K1*OP_K2*OP_K3,
//   batch = OP_B1*OP_B2.
// The loop structure is TVM's dense/batch_matmul schedule (OpEvo appendix B):
//   N and M: blocks (1), virtual threads (2), threads (3), inner (4). A block
//     is OP_M3 x OP_N3 threads and owns a BN x BM tile of C; each thread
//     computes OP_N2 x OP_M2 basic tiles of OP_N4 x OP_M4, the basic tiles of
//     one thread OP_N3*OP_N4 rows (OP_M3*OP_M4 columns) apart.
//   K: shared-memory stages (1): the block stages a BK = OP_K2*OP_K3 slice of
//     A and B in shared memory per stage; register stages (2): each thread
//     copies OP_K3 rows of both shared tiles into registers (3) and
//     accumulates their outer products.
//   batch: blocks (1) along z, batches one block computes in turn (2).
// Inputs are small integers, so every config's output is exact.

#ifndef OP_N1
#define OP_N1 2
#define OP_N2 2
#define OP_N3 4
#define OP_N4 2
#define OP_M1 2
#define OP_M2 2
#define OP_M3 2
#define OP_M4 2
#define OP_K1 2
#define OP_K2 2
#define OP_K3 4
#endif
#ifndef OP_B1
#define OP_B1 1
#define OP_B2 1
#endif
#ifndef OP_TRANS_A
#define OP_TRANS_A 0
#endif
#ifndef OP_TRANS_B
#define OP_TRANS_B 0
#endif

#define BN (OP_N2 * OP_N3 * OP_N4)
#define BM (OP_M2 * OP_M3 * OP_M4)
#define BK (OP_K2 * OP_K3)
#define TN (OP_N2 * OP_N4)
#define TM (OP_M2 * OP_M4)
#define SIZE_N (OP_N1 * BN)
#define SIZE_M (OP_M1 * BM)
#define SIZE_K (OP_K1 * BK)
#define THREADS (OP_N3 * OP_M3)

// Row of C (within the block's tile) of a thread's basic tile V, element I.
#define TILE_ROW(V, I) ((V) * OP_N3 * OP_N4 + threadIdx.y * OP_N4 + (I))
#define TILE_COL(W, J) ((W) * OP_M3 * OP_M4 + threadIdx.x * OP_M4 + (J))

// Copies the block's BK-wide slice of A (from column k0) into As[k][row]
// and of B (from row k0) into Bs[k][col], in the order of global memory.
__device__ void stage(const float *__restrict__ a, const float *__restrict__ b,
                      int row0, int col0, int k0, float (*as)[BN],
                      float (*bs)[BM]) {
  const int tid = threadIdx.y * OP_M3 + threadIdx.x;
  for (int i = tid; i < BK * BN; i += THREADS) {
#if OP_TRANS_A
    int k = i / BN, r = i % BN;
    as[k][r] = a[(k0 + k) * SIZE_N + row0 + r];
#else
    int r = i / BK, k = i % BK;
    as[k][r] = a[(row0 + r) * SIZE_K + k0 + k];
#endif
  }
  for (int i = tid; i < BK * BM; i += THREADS) {
#if OP_TRANS_B
    int c = i / BK, k = i % BK;
    bs[k][c] = b[(col0 + c) * SIZE_K + k0 + k];
#else
    int k = i / BM, c = i % BM;
    bs[k][c] = b[(k0 + k) * SIZE_M + col0 + c];
#endif
  }
}

__global__ void __launch_bounds__(THREADS)
    matmul(const float *__restrict__ a, const float *__restrict__ b,
           float *__restrict__ c) {
  __shared__ float as[BK][BN];
  __shared__ float bs[BK][BM];
  const int row0 = blockIdx.y * BN, col0 = blockIdx.x * BM;
  for (int bi = 0; bi < OP_B2; ++bi) {
    const int batch = blockIdx.z * OP_B2 + bi;
    const float *ab = a + batch * SIZE_N * SIZE_K;
    const float *bb = b + batch * SIZE_K * SIZE_M;
    float acc[TN][TM];
    for (int r = 0; r < TN; ++r)
      for (int q = 0; q < TM; ++q)
        acc[r][q] = 0.0f;
    for (int ko = 0; ko < OP_K1; ++ko) {
      stage(ab, bb, row0, col0, ko * BK, as, bs);
      __syncthreads();
      for (int kr = 0; kr < OP_K2; ++kr) {
        float ra[OP_K3][TN], rb[OP_K3][TM];
        for (int k = 0; k < OP_K3; ++k) {
          for (int v = 0; v < OP_N2; ++v)
            for (int i = 0; i < OP_N4; ++i)
              ra[k][v * OP_N4 + i] = as[kr * OP_K3 + k][TILE_ROW(v, i)];
          for (int w = 0; w < OP_M2; ++w)
            for (int j = 0; j < OP_M4; ++j)
              rb[k][w * OP_M4 + j] = bs[kr * OP_K3 + k][TILE_COL(w, j)];
        }
        for (int k = 0; k < OP_K3; ++k)
          for (int r = 0; r < TN; ++r)
            for (int q = 0; q < TM; ++q)
              acc[r][q] += ra[k][r] * rb[k][q];
      }
      __syncthreads();
    }
    float *cb = c + batch * SIZE_N * SIZE_M;
    for (int v = 0; v < OP_N2; ++v)
      for (int i = 0; i < OP_N4; ++i)
        for (int w = 0; w < OP_M2; ++w)
          for (int j = 0; j < OP_M4; ++j)
            cb[(row0 + TILE_ROW(v, i)) * SIZE_M + col0 + TILE_COL(w, j)] =
                acc[v * OP_N4 + i][w * OP_M4 + j];
  }
}
