// NVIDIA's cuda_fp16.h and cuda_bf16.h (compiled with --cuda-headers
// nvidia: their intrinsics are inline PTX), each result checked against
// float arithmetic on values the half types hold exactly; a mismatch traps.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#define SAME(A, B)                                                             \
  if ((A) != (B))                                                              \
    __trap();

extern "C" __global__ void halves(const float *in, float *out) {
  int i = threadIdx.x;
  float x = float(i) * 0.25f, y = 1.5f;
  __half hx = __float2half(x), hy = __float2half(y);
  SAME(__half2float(hx), x)
  SAME(__half2float(__hadd(hx, hy)), x + y)
  SAME(__half2float(__hmul(hx, hy)), x * y)
  SAME(__half2float(__hfma(hx, hy, hy)), x * y + y)
  __half2 p = __halves2half2(hx, hy), q = __hadd2(p, p);
  SAME(__low2float(q), 2 * x)
  SAME(__high2float(q), 2 * y)
  __nv_bfloat16 b = __float2bfloat16(x);
  SAME(__bfloat162float(b), x)
  SAME(__bfloat162float(__float2bfloat16(1.0f / 3)), 0.333984375f)
  out[i] = __half2float(__hmul(__float2half(in[i]), hy));
}
