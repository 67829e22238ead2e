// The rounding-mode conversions of cuda_fp16.h and cuda_bf16.h, checked
// without trusting them: bf16 against bit manipulation of the float
// (truncate for rz, add-and-truncate for rn, magnitude rules for rd/ru);
// half by the defining properties (rd <= x <= ru, the two adjacent, rz
// and rn picking the right one, ties to even). Inputs span normal and
// subnormal halves. Also half<->int conversions and the bit casts.
#include "check.h"
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__device__ unsigned short bf16Bits(float x, int mode) { // 0 rn 1 rz 2 rd 3 ru
  unsigned b = __float_as_uint(x), low = b & 0xffffu, t = b >> 16;
  bool neg = b >> 31;
  if (mode == 0)
    return (b + 0x7fffu + ((b >> 16) & 1u)) >> 16;
  if (mode == 1 || low == 0)
    return t;
  bool awayFromZero = (mode == 2) == neg;
  return awayFromZero ? t + 1 : t;
}

__global__ void rounding(unsigned *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i] * (i % 3 == 0 ? 1e-5f : 1.0f); // a third are tiny
  CHECK(__bfloat16_as_ushort(__float2bfloat16_rn(x)) == bf16Bits(x, 0));
  CHECK(__bfloat16_as_ushort(__float2bfloat16_rz(x)) == bf16Bits(x, 1));
  CHECK(__bfloat16_as_ushort(__float2bfloat16_rd(x)) == bf16Bits(x, 2));
  CHECK(__bfloat16_as_ushort(__float2bfloat16_ru(x)) == bf16Bits(x, 3));

  __half rd = __float2half_rd(x), ru = __float2half_ru(x);
  __half rz = __float2half_rz(x), rn = __float2half_rn(x);
  float d = __half2float(rd), u = __half2float(ru);
  CHECK(d <= x && x <= u);
  unsigned short bd = __half_as_ushort(rd), bu = __half_as_ushort(ru);
  if (d == u) {
    CHECK(d == x);
  } else if (x > 0) {
    CHECK(bu == bd + 1);
  } else {
    CHECK(bd == bu + 1); // sign-magnitude: the larger magnitude is rd
  }
  CHECK(__half2float(rz) == (x >= 0 ? d : u));
  float near = (x - d < u - x) ? d : (u - x < x - d) ? u
               : ((__half_as_ushort(rd) & 1) ? u : d);
  CHECK(__half2float(rn) == near);
  CHECK(__half_as_ushort(__ushort_as_half(bd)) == bd);
  CHECK(__half2float(__double2half((double)x)) == near);

  __half h = __float2half_rn(in[i] * 100.0f);
  float hf = __half2float(h);
  CHECK(__half2int_rz(h) == (int)truncf(hf));
  CHECK(__half2int_rd(h) == (int)floorf(hf));
  CHECK(__half2int_ru(h) == (int)ceilf(hf));
  CHECK(__half2int_rn(h) == (int)rintf(hf));
  CHECK(__half2float(__int2half_rn(i)) == (float)i);
  out[i] = (unsigned)bd << 16 | __bfloat16_as_ushort(__float2bfloat16_rn(x));
}
