// Scalar fp16 math of cuda_fp16.h as inference kernels use it: hsqrt,
// hrsqrt, hrcp, hexp, hlog, __hdiv, __hneg, __habs, comparisons and
// __hisnan/__hisinf, __hmul_sat; each within half precision of the float
// function on the same half input.
#include "check.h"
#include <cuda_fp16.h>

__global__ void half_math(__half *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half x = __float2half(fabsf(in[i]) + 0.125f), y = __float2half(in[i]);
  float xf = __half2float(x), yf = __half2float(y);
  const float tol = 2e-3f;
  CHECK_NEAR(__half2float(hsqrt(x)), sqrtf(xf), tol);
  CHECK_NEAR(__half2float(hrsqrt(x)), rsqrtf(xf), tol);
  CHECK_NEAR(__half2float(hrcp(x)), 1.0f / xf, tol);
  CHECK_NEAR(__half2float(hlog(x)), logf(xf), tol);
  __half e = hexp(__hmul(y, __float2half(0.25f)));
  CHECK_NEAR(__half2float(e), expf(yf * 0.25f), tol);
  CHECK_NEAR(__half2float(__hdiv(y, x)), yf / xf, tol);
  CHECK(__half2float(__hneg(y)) == -yf);
  CHECK(__half2float(__habs(y)) == fabsf(yf));
  CHECK(__hlt(y, x) == (yf < xf) && __hge(y, x) == (yf >= xf));
  CHECK(__heq(y, y) && !__hisnan(y) && !__hisinf(y));
  __half nan = __hdiv(__float2half(0.0f), __float2half(0.0f));
  CHECK(__hisnan(nan) && !__heq(nan, nan));
  CHECK(__hisinf(hrcp(__float2half(0.0f))));
  float sat = __half2float(__hmul_sat(y, x));
  CHECK(sat >= 0.0f && sat <= 1.0f);
  out[i] = __hfma(x, y, e);
}
