// Needleman-Wunsch: global alignment scores of two sequences, the
// (n+1) x (n+1) matrix M[i][j] = max(M[i-1][j-1] + ref[i][j],
// M[i][j-1] - penalty, M[i-1][j] - penalty), row 0 and column 0 given.
//
// The n x n interior is cut into BLOCK x BLOCK tiles, processed one
// anti-diagonal of tiles per launch: needle_cuda_shared_1 sweeps the upper
// left half (diagonals 1 .. block_width), needle_cuda_shared_2 the lower
// right half. A block stages its tile's scores (plus the row above and the
// column to the left) and reference values in shared memory, then fills the
// tile one anti-diagonal of cells at a time, one thread per cell. The plan
// launches one block per tile of the current diagonal, as the original
// host does; a block beyond it (a wider launch) returns at once.
#ifndef BLOCK
#define BLOCK 16
#endif

__device__ int maximum(int a, int b, int c) {
  int k = a > b ? a : b;
  return k > c ? k : c;
}

/// Fills tile (tile_x, tile_y) of the interior; BLOCK threads.
__device__ void align_tile(const int *reference, int *matrix, int cols,
                           int penalty, int tile_x, int tile_y) {
  __shared__ int ref[BLOCK][BLOCK];
  __shared__ int score[BLOCK + 1][BLOCK + 1];
  int tx = threadIdx.x;
  int base = cols * BLOCK * tile_y + BLOCK * tile_x; // the cell above-left

  if (tx == 0)
    score[0][0] = matrix[base];
  for (int ty = 0; ty < BLOCK; ++ty)
    ref[ty][tx] = reference[base + cols * (ty + 1) + tx + 1];
  score[tx + 1][0] = matrix[base + cols * (tx + 1)];
  score[0][tx + 1] = matrix[base + tx + 1];
  __syncthreads();

  for (int m = 0; m < BLOCK; ++m) { // diagonals growing from the corner
    if (tx <= m) {
      int x = tx + 1, y = m - tx + 1;
      score[y][x] = maximum(score[y - 1][x - 1] + ref[y - 1][x - 1],
                            score[y][x - 1] - penalty, score[y - 1][x] - penalty);
    }
    __syncthreads();
  }
  for (int m = BLOCK - 2; m >= 0; --m) { // shrinking towards the far corner
    if (tx <= m) {
      int x = tx + BLOCK - m, y = BLOCK - tx;
      score[y][x] = maximum(score[y - 1][x - 1] + ref[y - 1][x - 1],
                            score[y][x - 1] - penalty, score[y - 1][x] - penalty);
    }
    __syncthreads();
  }
  for (int ty = 0; ty < BLOCK; ++ty)
    matrix[base + cols * (ty + 1) + tx + 1] = score[ty + 1][tx + 1];
}

/// Launch `step` (0-based) fills tile diagonal step + 1 of the upper half.
__global__ void needle_cuda_shared_1(const int *reference, int *matrix,
                                     int cols, int penalty, int step,
                                     int block_width) {
  int tiles = step + 1;
  int bx = blockIdx.x;
  if (bx >= tiles)
    return;
  align_tile(reference, matrix, cols, penalty, bx, tiles - 1 - bx);
}

/// Launch `step` (0-based) fills the lower half's diagonal of
/// block_width - 1 - step tiles.
__global__ void needle_cuda_shared_2(const int *reference, int *matrix,
                                     int cols, int penalty, int step,
                                     int block_width) {
  int tiles = block_width - 1 - step;
  int bx = blockIdx.x;
  if (bx >= tiles)
    return;
  align_tile(reference, matrix, cols, penalty, bx + block_width - tiles,
             block_width - bx - 1);
}
