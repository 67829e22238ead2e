// GELU (tanh approximation) forward and backward on bf16 activations, two
// elements per thread through __nv_bfloat162, the math in float as mixed
// precision trainers do it. A cast kernel turns the spec's floats into
// bf16 first. Each result is checked against float math on the same bf16
// inputs, within bf16's precision.
#include "check.h"
#include <cuda_bf16.h>

#define GELU_SCALING_FACTOR 0.7978845608f // sqrt(2 / pi)

__global__ void cast_to_bf16(__nv_bfloat16 *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __float2bfloat16(in[i]);
}

__device__ float geluRef(float x) {
  float cube = 0.044715f * x * x * x;
  return 0.5f * x * (1.0f + tanhf(GELU_SCALING_FACTOR * (x + cube)));
}

__global__ void gelu_forward(__nv_bfloat16 *out, const __nv_bfloat16 *inp,
                             int n) {
  int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (i + 1 >= n)
    return;
  __nv_bfloat162 x2 = *reinterpret_cast<const __nv_bfloat162 *>(inp + i);
  float2 xf = __bfloat1622float2(x2);
  float r[2];
  for (int k = 0; k < 2; ++k) {
    float x = k ? xf.y : xf.x;
    float cube = 0.044715f * x * x * x;
    r[k] = 0.5f * x * (1.0f + tanhf(GELU_SCALING_FACTOR * (x + cube)));
  }
  __nv_bfloat162 y = __floats2bfloat162_rn(r[0], r[1]);
  *reinterpret_cast<__nv_bfloat162 *>(out + i) = y;
  CHECK_NEAR(__low2float(y), geluRef(__low2float(x2)), 1.0f / 128);
  CHECK_NEAR(__high2float(y), geluRef(__high2float(x2)), 1.0f / 128);
}

__global__ void gelu_backward_inplace(__nv_bfloat16 *d_in_out,
                                      const __nv_bfloat16 *inp, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = __bfloat162float(inp[i]);
  float cube = 0.044715f * x * x * x;
  float arg = GELU_SCALING_FACTOR * (x + cube);
  float th = tanhf(arg);
  float sech2 = 1.0f - th * th;
  float local = 0.5f * (1.0f + th) +
                x * 0.5f * sech2 * GELU_SCALING_FACTOR *
                    (1.0f + 3.0f * 0.044715f * x * x);
  float dout = __bfloat162float(d_in_out[i]);
  d_in_out[i] = __float2bfloat16(local * dout);
  // the derivative by a central difference of the forward function
  float h = 1e-2f;
  float fd = (geluRef(x + h) - geluRef(x - h)) / (2 * h);
  CHECK_NEAR(local, fd, 1e-3f);
}
