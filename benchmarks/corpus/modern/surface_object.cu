// In-place image update through a surface object: surf2Dread a texel
// (byte-addressed x), apply a gamma-like curve, surf2Dwrite it back, with
// the boundary mode that traps on out-of-range coordinates. The handle is
// a kernel argument, as created by cudaCreateSurfaceObject on the host.
// Checked by reading the texel again after the write.
#include "check.h"

__global__ void adjust(cudaSurfaceObject_t surf, float *log, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  float v;
  surf2Dread(&v, surf, x * (int)sizeof(float), y, cudaBoundaryModeTrap);
  float g = v * v * (3.0f - 2.0f * v); // smoothstep on [0, 1]
  surf2Dwrite(g, surf, x * (int)sizeof(float), y, cudaBoundaryModeTrap);
  float back;
  surf2Dread(&back, surf, x * (int)sizeof(float), y, cudaBoundaryModeTrap);
  CHECK(back == g);
  log[y * width + x] = g - v;
}
