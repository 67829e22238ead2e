// HotSpot: transient chip temperature, explicit finite differences.
//
// Each cell's temperature moves towards its neighbours' (lateral
// resistances Rx, Ry), the ambient temperature (vertical resistance Rz) and
// its own power dissipation. One launch advances `iterations` time steps at
// once with a pyramid: a block loads a BLOCK x BLOCK tile of temperature and
// power into shared memory, steps it in place, and each step the valid
// region shrinks by one cell per side; the block writes only its central
// (BLOCK - 2 * iterations)^2 cells. Neighbours beyond the chip's edge are
// the cell itself. The host alternates two temperature buffers.
#ifndef BLOCK
#define BLOCK 16
#endif

__global__ void calculate_temp(int iterations, const float *power,
                               const float *temp_src, float *temp_dst,
                               int cols, int rows, float step_div_cap,
                               float rx_inv, float ry_inv, float rz_inv,
                               float amb_temp) {
  __shared__ float temp[BLOCK][BLOCK];
  __shared__ float pow_tile[BLOCK][BLOCK];
  __shared__ float next[BLOCK][BLOCK];

  int tx = threadIdx.x, ty = threadIdx.y;
  int out_size = BLOCK - 2 * iterations;
  int tile_x = blockIdx.x * out_size - iterations;
  int tile_y = blockIdx.y * out_size - iterations;
  int gx = tile_x + tx, gy = tile_y + ty;
  bool inside = gx >= 0 && gx < cols && gy >= 0 && gy < rows;

  if (inside) {
    temp[ty][tx] = temp_src[gy * cols + gx];
    pow_tile[ty][tx] = power[gy * cols + gx];
  }
  __syncthreads();

  // The tile's cells that lie on the chip: [min, max] in tile coordinates.
  int min_x = tile_x < 0 ? -tile_x : 0;
  int min_y = tile_y < 0 ? -tile_y : 0;
  int max_x = tile_x + BLOCK > cols ? cols - 1 - tile_x : BLOCK - 1;
  int max_y = tile_y + BLOCK > rows ? rows - 1 - tile_y : BLOCK - 1;
  int west = tx - 1 < min_x ? min_x : tx - 1;
  int east = tx + 1 > max_x ? max_x : tx + 1;
  int north = ty - 1 < min_y ? min_y : ty - 1;
  int south = ty + 1 > max_y ? max_y : ty + 1;

  bool computed = false;
  for (int i = 0; i < iterations; ++i) {
    computed = false;
    if (tx >= i + 1 && tx <= BLOCK - 2 - i && ty >= i + 1 &&
        ty <= BLOCK - 2 - i && inside) {
      computed = true;
      float t = temp[ty][tx];
      next[ty][tx] =
          t + step_div_cap * (pow_tile[ty][tx] +
                              (temp[south][tx] + temp[north][tx] - 2.0f * t) * ry_inv +
                              (temp[ty][east] + temp[ty][west] - 2.0f * t) * rx_inv +
                              (amb_temp - t) * rz_inv);
    }
    __syncthreads();
    if (i == iterations - 1)
      break;
    if (computed)
      temp[ty][tx] = next[ty][tx];
    __syncthreads();
  }
  if (computed)
    temp_dst[gy * cols + gx] = next[ty][tx];
}
