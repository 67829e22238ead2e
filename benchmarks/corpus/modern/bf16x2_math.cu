// Packed bf16 arithmetic of cuda_bf16.h (__hadd2, __hsub2, __hmul2, __hfma2,
// __hneg2, __habs2, __hmax2, __hmin2, __hbeq2 style comparisons, __lows/
// __highs, __halves2bfloat162) against float math on the unpacked values,
// rounded once to bf16 (products of two bf16 values are exact in float).
#include "check.h"
#include <cuda_bf16.h>

__device__ float bf(float x) { return __bfloat162float(__float2bfloat16_rn(x)); }

__global__ void bf16x2_ops(__nv_bfloat162 *out, const float4 *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float4 f = in[i];
  __nv_bfloat162 a = __floats2bfloat162_rn(f.x, f.y);
  __nv_bfloat162 b = __floats2bfloat162_rn(f.z, f.w);
  float ax = __low2float(a), ay = __high2float(a);
  float bx = __low2float(b), by = __high2float(b);
  CHECK(ax == bf(f.x) && by == bf(f.w));
  __nv_bfloat162 s = __hadd2(a, b), d = __hsub2(a, b), p = __hmul2(a, b);
  CHECK(__low2float(s) == bf(ax + bx) && __high2float(s) == bf(ay + by));
  CHECK(__low2float(d) == bf(ax - bx) && __high2float(d) == bf(ay - by));
  CHECK(__low2float(p) == bf(ax * bx) && __high2float(p) == bf(ay * by));
  __nv_bfloat162 m = __hfma2(a, b, a);
  CHECK(__low2float(m) == bf(fmaf(ax, bx, ax)));
  CHECK(__high2float(__hneg2(a)) == -ay);
  CHECK(__low2float(__habs2(a)) == fabsf(ax));
  CHECK(__low2float(__hmax2(a, b)) == fmaxf(ax, bx));
  CHECK(__high2float(__hmin2(a, b)) == fminf(ay, by));
  __nv_bfloat162 lt = __hlt2(a, b);
  CHECK(__low2float(lt) == (ax < bx ? 1.0f : 0.0f));
  CHECK(__hbgt2(a, b) == (ax > bx && ay > by));
  __nv_bfloat162 sw = __halves2bfloat162(__high2bfloat16(a), __low2bfloat16(b));
  CHECK(__low2float(sw) == ay && __high2float(sw) == bx);
  CHECK(__low2float(__lows2bfloat162(a, b)) == ax);
  out[i] = __hfma2(s, p, m);
}
