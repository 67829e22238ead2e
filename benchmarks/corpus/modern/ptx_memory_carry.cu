// Inline PTX for memory and wide arithmetic: ld.global.nc.v4.f32 (the
// read-only path), ld.global.cg and st.global.cs cache hints, 128-bit
// addition with add.cc/addc.cc/addc, mov.b64 packing of two 32-bit
// halves, fma.rn.f32, and %clock64 being monotonic. Checked against
// ordinary loads, 64-bit arithmetic and fmaf.
#include "check.h"

__device__ float4 loadNc(const float4 *p) {
  float4 v;
  asm volatile("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  return v;
}

extern "C" __global__ void memory_carry(float *out, unsigned long long *wide,
                                        const float4 *in, const uint4 *words) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  long long t0, t1;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0));
  float4 v = loadNc(in + i);
  CHECK(v.x == in[i].x && v.w == in[i].w);
  float cg;
  asm volatile("ld.global.cg.f32 %0, [%1];" : "=f"(cg) : "l"(&in[i].y));
  CHECK(cg == v.y);
  float f;
  asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(f) : "f"(v.x), "f"(v.y), "f"(v.z));
  CHECK(f == fmaf(v.x, v.y, v.z));
  asm volatile("st.global.cs.f32 [%0], %1;" :: "l"(out + i), "f"(f + cg));
  uint4 w = words[i]; // two 64-bit numbers: (x, y) and (z, w), low word first
  unsigned lo, hi, carry;
  asm("add.cc.u32 %0, %3, %5;\n\t"
      "addc.cc.u32 %1, %4, %6;\n\t"
      "addc.u32 %2, 0, 0;"
      : "=r"(lo), "=r"(hi), "=r"(carry)
      : "r"(w.x), "r"(w.y), "r"(w.z), "r"(w.w));
  unsigned long long a = ((unsigned long long)w.y << 32) | w.x;
  unsigned long long b = ((unsigned long long)w.w << 32) | w.z;
  unsigned long long sum;
  asm("mov.b64 %0, {%1, %2};" : "=l"(sum) : "r"(lo), "r"(hi));
  CHECK(sum == a + b);
  CHECK(carry == (a + b < a ? 1u : 0u));
  wide[2 * i] = sum;
  wide[2 * i + 1] = carry;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(t1));
  CHECK(t1 >= t0);
}
