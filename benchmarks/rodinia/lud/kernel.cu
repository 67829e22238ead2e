// LUD: in-place blocked LU decomposition (Doolittle: L unit lower, U upper,
// no pivoting) of a dim x dim row-major matrix, dim a multiple of BLOCK.
//
// Step k (offset = k * BLOCK) of the right-looking blocked algorithm:
// lud_diagonal factors the diagonal tile; lud_perimeter solves the tiles
// right of it (U row: L_kk U = A) and below it (L column: L U_kk = A), one
// block per pair, half its threads on each; lud_internal updates every
// trailing tile A_ij -= L_ik U_kj. After the last step one more
// lud_diagonal factors the final tile. Every kernel stages its tiles in
// shared memory. The plan's grids shrink with the trailing matrix, as the
// original host's do; a block beyond it (a wider launch) returns at once.
#ifndef BLOCK
#define BLOCK 16
#endif

/// One block of BLOCK threads; thread tx owns row tx of the tile.
__global__ void lud_diagonal(float *m, int dim, int step) {
  __shared__ float tile[BLOCK][BLOCK];
  int tx = threadIdx.x;
  int offset = step * BLOCK;
  for (int i = 0; i < BLOCK; ++i)
    tile[i][tx] = m[(offset + i) * dim + offset + tx];
  __syncthreads();

  for (int k = 0; k < BLOCK - 1; ++k) {
    if (tx > k)
      tile[tx][k] /= tile[k][k];
    __syncthreads();
    if (tx > k)
      for (int j = k + 1; j < BLOCK; ++j)
        tile[tx][j] -= tile[tx][k] * tile[k][j];
    __syncthreads();
  }
  for (int i = 0; i < BLOCK; ++i)
    m[(offset + i) * dim + offset + tx] = tile[i][tx];
}

/// Block bx handles the tiles at tile distance bx + 1 right of and below
/// the diagonal tile; 2 * BLOCK threads.
__global__ void lud_perimeter(float *m, int dim, int step) {
  __shared__ float dia[BLOCK][BLOCK];
  __shared__ float row_tile[BLOCK][BLOCK];
  __shared__ float col_tile[BLOCK][BLOCK];
  int offset = step * BLOCK;
  if ((int)blockIdx.x >= (dim - offset) / BLOCK - 1)
    return;
  int tx = threadIdx.x;
  int far = offset + (blockIdx.x + 1) * BLOCK;

  if (tx < BLOCK) {
    for (int i = 0; i < BLOCK; ++i) {
      dia[i][tx] = m[(offset + i) * dim + offset + tx];
      row_tile[i][tx] = m[(offset + i) * dim + far + tx];
    }
  } else {
    int c = tx - BLOCK;
    for (int i = 0; i < BLOCK; ++i)
      col_tile[i][c] = m[(far + i) * dim + offset + c];
  }
  __syncthreads();

  if (tx < BLOCK) { // column tx of U: forward substitution with unit L
    for (int i = 1; i < BLOCK; ++i)
      for (int j = 0; j < i; ++j)
        row_tile[i][tx] -= dia[i][j] * row_tile[j][tx];
  } else { // row r of L: substitution against U
    int r = tx - BLOCK;
    for (int i = 0; i < BLOCK; ++i) {
      for (int j = 0; j < i; ++j)
        col_tile[r][i] -= col_tile[r][j] * dia[j][i];
      col_tile[r][i] /= dia[i][i];
    }
  }
  __syncthreads();

  if (tx < BLOCK) {
    for (int i = 0; i < BLOCK; ++i)
      m[(offset + i) * dim + far + tx] = row_tile[i][tx];
  } else {
    int c = tx - BLOCK;
    for (int i = 0; i < BLOCK; ++i)
      m[(far + i) * dim + offset + c] = col_tile[i][c];
  }
}

/// Block (bx, by) updates trailing tile (by + 1, bx + 1); BLOCK x BLOCK threads.
__global__ void lud_internal(float *m, int dim, int step) {
  __shared__ float peri_row[BLOCK][BLOCK];
  __shared__ float peri_col[BLOCK][BLOCK];
  int offset = step * BLOCK;
  int trailing = (dim - offset) / BLOCK - 1;
  if ((int)blockIdx.x >= trailing || (int)blockIdx.y >= trailing)
    return;
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = offset + (blockIdx.y + 1) * BLOCK;
  int col = offset + (blockIdx.x + 1) * BLOCK;

  peri_row[ty][tx] = m[(offset + ty) * dim + col + tx];
  peri_col[ty][tx] = m[(row + ty) * dim + offset + tx];
  __syncthreads();

  float sum = 0.0f;
  for (int k = 0; k < BLOCK; ++k)
    sum += peri_col[ty][k] * peri_row[k][tx];
  m[(row + ty) * dim + col + tx] -= sum;
}
