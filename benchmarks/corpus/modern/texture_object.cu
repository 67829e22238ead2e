// Image resampling through a texture object, as image and stencil codes
// read their inputs: tex2D<float> with point sampling at texel centres and
// tex1Dfetch<float> on a linear buffer. The host creates the objects
// (cudaCreateTextureObject); here the handles arrive as kernel arguments.
// Point samples at texel centres must equal the texels, which the kernel
// also receives as a plain array.
#include "check.h"

__global__ void sample(float *out, cudaTextureObject_t image,
                       cudaTextureObject_t linear, const float *texels,
                       int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  float v = tex2D<float>(image, x + 0.5f, y + 0.5f);
  float w = tex1Dfetch<float>(linear, y * width + x);
  CHECK(v == texels[y * width + x]);
  CHECK(w == texels[y * width + x]);
  out[y * width + x] = v + w;
}

int main() {
  const int W = 32, H = 16;
  float *texels, *out;
  cudaMalloc(&texels, W * H * sizeof(float));
  cudaMalloc(&out, W * H * sizeof(float));
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypePitch2D;
  res.res.pitch2D.devPtr = texels;
  res.res.pitch2D.desc = cudaCreateChannelDesc<float>();
  res.res.pitch2D.width = W;
  res.res.pitch2D.height = H;
  res.res.pitch2D.pitchInBytes = W * sizeof(float);
  cudaTextureDesc td = {};
  td.filterMode = cudaFilterModePoint;
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  cudaTextureObject_t image, linear;
  cudaCreateTextureObject(&image, &res, &td, nullptr);
  cudaResourceDesc lin = {};
  lin.resType = cudaResourceTypeLinear;
  lin.res.linear.devPtr = texels;
  lin.res.linear.desc = cudaCreateChannelDesc<float>();
  lin.res.linear.sizeInBytes = W * H * sizeof(float);
  cudaCreateTextureObject(&linear, &lin, &td, nullptr);
  sample<<<dim3(W / 16, H / 8), dim3(16, 8)>>>(out, image, linear, texels, W, H);
  cudaDeviceSynchronize();
  return 0;
}
