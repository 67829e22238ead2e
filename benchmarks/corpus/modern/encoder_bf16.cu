// GPT encoder: each position's activation is its token's embedding plus its
// position's embedding, in bf16, two channels at a time with __hadd2 on
// __nv_bfloat162. Checked against float adds rounded to bf16.
#include "check.h"
#include <cuda_bf16.h>

__global__ void embeddings_to_bf16(__nv_bfloat16 *out, const float *in,
                                   int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __float2bfloat16(in[i]);
}

__global__ void encoder_forward(__nv_bfloat162 *out, const int *tokens,
                                const __nv_bfloat162 *wte,
                                const __nv_bfloat162 *wpe, int BT, int T,
                                int C2) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= BT * C2)
    return;
  int bt = idx / C2, c = idx % C2, t = bt % T;
  int tok = tokens[bt];
  __nv_bfloat162 e = wte[tok * C2 + c], p = wpe[t * C2 + c];
  __nv_bfloat162 s = __hadd2(e, p);
  out[idx] = s;
  float2 ef = __bfloat1622float2(e), pf = __bfloat1622float2(p);
  CHECK(__low2float(s) == __bfloat162float(__float2bfloat16(ef.x + pf.x)));
  CHECK(__high2float(s) == __bfloat162float(__float2bfloat16(ef.y + pf.y)));
}
