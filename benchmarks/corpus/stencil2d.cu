// 2D 5-point stencil (one Jacobi step of the heat equation).
//
// Each block stages a BLOCK_Y x BLOCK_X tile of the grid plus a one-cell halo
// in shared memory, synchronises, then updates its interior points from the
// tile. Out-of-range neighbours are clamped to the edge (Neumann boundary).
//
// With -DCONSERVATIVE_SYNC (built as stencil2d_sync.ll) it also has the
// barriers a cautious programmer adds and the algorithm does not need: before
// the tile is written (nothing reads it yet), between the centre and the halo
// writes (they write different cells) and after the update (the tile is not
// read again). Evolution should find that deleting them keeps the output.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef CONSERVATIVE_SYNC
#define CONSERVATIVE_BARRIER() __syncthreads()
#else
#define CONSERVATIVE_BARRIER()
#endif

#ifndef BLOCK_X
#define BLOCK_X 16
#endif
#ifndef BLOCK_Y
#define BLOCK_Y 16
#endif

__global__ void stencil2d(const float *__restrict__ in, float *__restrict__ out,
                          int nx, int ny, float centre, float neighbour) {
  __shared__ float tile[BLOCK_Y + 2][BLOCK_X + 2];

  int gx = blockIdx.x * BLOCK_X + threadIdx.x;
  int gy = blockIdx.y * BLOCK_Y + threadIdx.y;
  int lx = threadIdx.x + 1;
  int ly = threadIdx.y + 1;
  int cx = min(gx, nx - 1);
  int cy = min(gy, ny - 1);

  CONSERVATIVE_BARRIER();
  tile[ly][lx] = in[cy * nx + cx];
  CONSERVATIVE_BARRIER();
  if (threadIdx.x == 0)
    tile[ly][0] = in[cy * nx + max(cx - 1, 0)];
  if (threadIdx.x == BLOCK_X - 1)
    tile[ly][BLOCK_X + 1] = in[cy * nx + min(cx + 1, nx - 1)];
  if (threadIdx.y == 0)
    tile[0][lx] = in[max(cy - 1, 0) * nx + cx];
  if (threadIdx.y == BLOCK_Y - 1)
    tile[BLOCK_Y + 1][lx] = in[min(cy + 1, ny - 1) * nx + cx];
  __syncthreads();

  if (gx < nx && gy < ny)
    out[gy * nx + gx] = centre * tile[ly][lx] +
                        neighbour * (tile[ly][lx - 1] + tile[ly][lx + 1] +
                                     tile[ly - 1][lx] + tile[ly + 1][lx]);
  CONSERVATIVE_BARRIER();
}

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 1000;
  int ny = argc > 2 ? atoi(argv[2]) : 600;
  int steps = 50;
  size_t bytes = (size_t)nx * ny * sizeof(float);

  float *h = (float *)malloc(bytes);
  for (int i = 0; i < nx * ny; ++i)
    h[i] = (i % nx == nx / 2) ? 100.0f : 0.0f;

  float *d_a, *d_b;
  cudaMalloc(&d_a, bytes);
  cudaMalloc(&d_b, bytes);
  cudaMemcpy(d_a, h, bytes, cudaMemcpyHostToDevice);

  dim3 block(BLOCK_X, BLOCK_Y);
  dim3 grid((nx + BLOCK_X - 1) / BLOCK_X, (ny + BLOCK_Y - 1) / BLOCK_Y);
  for (int s = 0; s < steps; ++s) {
    stencil2d<<<grid, block>>>(d_a, d_b, nx, ny, 0.6f, 0.1f);
    float *t = d_a;
    d_a = d_b;
    d_b = t;
  }
  cudaMemcpy(h, d_a, bytes, cudaMemcpyDeviceToHost);

  double sum = 0;
  for (int i = 0; i < nx * ny; ++i)
    sum += h[i];
  printf("stencil2d %dx%d, %d steps: sum %.3f\n", nx, ny, steps, sum);
  cudaFree(d_a);
  cudaFree(d_b);
  free(h);
  return 0;
}
