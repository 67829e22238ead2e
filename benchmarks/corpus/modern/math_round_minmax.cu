// The math calls sample code leans on: round() and its float/double
// overloads, lround/llrint, min/max on mixed int, unsigned and float
// arguments (CUDA's overloads), fast intrinsics (__expf, __fdividef,
// __saturatef, __sinf) and frexpf/ldexpf/copysignf/fmodf/remainderf.
// Each checked against an exact or loosely bounded plain equivalent.
#include "check.h"

__global__ void math_calls(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  double xd = x;
  float r = round(x);
  CHECK(r == truncf(x + copysignf(0.5f, x)) || fabsf(x - truncf(x)) == 0.5f);
  CHECK(round(xd) == (double)roundf(x));
  CHECK(lround(x) == (long)roundf(x) && llrint(xd) == (long long)rint(xd));
  int k = (int)x;
  unsigned u = (unsigned)i;
  CHECK(min(k, i) == (k < i ? k : i) && max(u, 3u) == (u > 3u ? u : 3u));
  CHECK(max(x, 0.0f) == fmaxf(x, 0.0f) && min(xd, 1.0) == fmin(xd, 1.0));
  CHECK_NEAR(__expf(x * 0.1f), expf(x * 0.1f), 1e-4f);
  CHECK_NEAR(__fdividef(x, 3.0f), x / 3.0f, 1e-5f);
  CHECK(__saturatef(x) == fminf(fmaxf(x, 0.0f), 1.0f));
  CHECK_NEAR(__sinf(x), sinf(x), 1e-3f);
  int e;
  float m = frexpf(x, &e);
  CHECK(x == 0.0f || (fabsf(m) >= 0.5f && fabsf(m) < 1.0f && ldexpf(m, e) == x));
  CHECK(copysignf(2.0f, x) == (signbit(x) ? -2.0f : 2.0f));
  CHECK(fmodf(x, 1.5f) == x - 1.5f * truncf(x / 1.5f) || fabsf(x) > 1e6f);
  CHECK(fabsf(remainderf(x, 2.0f)) <= 1.0f);
  out[i] = r + (float)lround(x * 3) + __saturatef(x) + m;
}
