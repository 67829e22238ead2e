// AdamW step as GPT trainers fuse it: moments updated with lerp, bias
// correction from the step number, decoupled weight decay, the gradient
// scaled by a global-norm clip factor. Each thread repeats its update in
// double precision and checks the float result.
#include "check.h"

__device__ __forceinline__ float lerp(float start, float end, float weight) {
  return fmaf(weight, end, fmaf(-weight, start, start));
}

extern "C" __global__ void adamw_update(float *params, const float *grads,
                                        float *m, float *v, long num, int step,
                                        float lr, float beta1, float beta2,
                                        float eps, float decay,
                                        float gradScale) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= num)
    return;
  float g = grads[i] * gradScale;
  float p = params[i], m0 = m[i], v0 = v[i];
  float mt = lerp(g, m0, beta1);
  float vt = lerp(g * g, v0, beta2);
  m[i] = mt;
  v[i] = vt;
  float c1 = 1.0f - powf(beta1, step), c2 = 1.0f - powf(beta2, step);
  float np = p - lr * (mt / c1 / (sqrtf(vt / c2) + eps) + decay * p);
  params[i] = np;

  double gd = (double)grads[i] * gradScale;
  double md = beta1 * (double)m0 + (1.0 - beta1) * gd;
  double vd = beta2 * (double)v0 + (1.0 - beta2) * gd * gd;
  double c1d = 1.0 - pow((double)beta1, step),
         c2d = 1.0 - pow((double)beta2, step);
  double pd = p - lr * (md / c1d / (sqrt(vd / c2d) + eps) + decay * p);
  CHECK_NEAR(mt, md, 1e-5f);
  CHECK_NEAR(vt, vd, 1e-5f);
  CHECK_NEAR(np, pd, 1e-5f);
}
