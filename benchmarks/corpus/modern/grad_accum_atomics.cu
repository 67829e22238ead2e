// Embedding backward: every position adds its output gradient to its
// token's row, so rows shared by several positions need atomics. Three
// precisions as trainers keep gradients: float, __half2 and
// __nv_bfloat162 (atomicAdd on the packed pairs). The gradients are small
// integers, exact in every format, so the sums do not depend on the order;
// a second kernel recomputes each row serially and checks all three.
#include "check.h"
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void wte_backward(float *dwte, __half2 *dwteH, __nv_bfloat162 *dwteB,
                             const int *dout, const int *tokens, int BT,
                             int C) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int C2 = C / 2;
  if (idx >= BT * C2)
    return;
  int bt = idx / C2, c = 2 * (idx % C2), tok = tokens[bt];
  float g0 = dout[bt * C + c], g1 = dout[bt * C + c + 1];
  atomicAdd(&dwte[tok * C + c], g0);
  atomicAdd(&dwte[tok * C + c + 1], g1);
  atomicAdd(&dwteH[tok * C2 + c / 2], __floats2half2_rn(g0, g1));
  atomicAdd(&dwteB[tok * C2 + c / 2], __floats2bfloat162_rn(g0, g1));
}

__global__ void wte_check(const float *dwte, const __half2 *dwteH,
                          const __nv_bfloat162 *dwteB, const int *dout,
                          const int *tokens, int BT, int C, int V) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= V * C)
    return;
  int v = idx / C, c = idx % C;
  float plain = 0.0f;
  for (int bt = 0; bt < BT; ++bt)
    if (tokens[bt] == v)
      plain += dout[bt * C + c];
  CHECK(dwte[idx] == plain);
  __half2 h = dwteH[idx / 2];
  CHECK((c % 2 ? __high2float(h) : __low2float(h)) == plain);
  __nv_bfloat162 b = dwteB[idx / 2];
  CHECK((c % 2 ? __high2float(b) : __low2float(b)) == plain);
}
