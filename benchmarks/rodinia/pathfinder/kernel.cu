// PathFinder: the cheapest path from the top row of a grid to each cell of
// the bottom row, moving one row down and at most one column sideways per
// step (dynamic programming, row by row).
//
// One launch advances `iterations` rows with a pyramid: a block of BLOCK
// threads loads BLOCK costs (its columns plus a halo of `iterations` on each
// side) into shared memory, relaxes them row by row, the valid region
// shrinking by one column per side per row, and writes its central
// BLOCK - 2 * iterations columns. The host alternates the two cost rows;
// `wall` holds rows 1.. of the grid (row 0 is the initial `src`).
#ifndef BLOCK
#define BLOCK 256
#endif

__global__ void dynproc_kernel(int iterations, const int *wall, const int *src,
                               int *dst, int cols, int rows, int launch_index) {
  __shared__ int prev[BLOCK];
  __shared__ int result[BLOCK];

  int tx = threadIdx.x;
  int start_step = launch_index * iterations;
  int out_cols = BLOCK - 2 * iterations;
  int first_col = out_cols * blockIdx.x - iterations;
  int x = first_col + tx;
  // The block's columns that lie on the grid, in block coordinates.
  int valid_min = first_col < 0 ? -first_col : 0;
  int valid_max = first_col + BLOCK > cols ? cols - 1 - first_col : BLOCK - 1;
  int west = tx - 1 < valid_min ? valid_min : tx - 1;
  int east = tx + 1 > valid_max ? valid_max : tx + 1;
  bool inside = tx >= valid_min && tx <= valid_max;

  if (inside)
    prev[tx] = src[x];
  __syncthreads();

  bool computed = false;
  for (int i = 0; i < iterations; ++i) {
    computed = false;
    if (tx >= i + 1 && tx <= BLOCK - 2 - i && inside) {
      computed = true;
      int best = min(prev[west], min(prev[tx], prev[east]));
      result[tx] = best + wall[cols * (start_step + i) + x];
    }
    __syncthreads();
    if (i == iterations - 1)
      break;
    if (computed)
      prev[tx] = result[tx];
    __syncthreads();
  }
  if (computed)
    dst[x] = result[tx];
}
