// Inline PTX as real kernels and CUDA's headers write it, each result
// checked against plain code: a mismatch traps (so the base fails).
#include "self_check.h"

__device__ unsigned short f2h(float f) {
  unsigned short h;
  asm("{  cvt.rn.f16.f32 %0, %1;}\n" : "=h"(h) : "f"(f));
  return h;
}
__device__ float h2f(unsigned short h) {
  float f;
  asm("{  cvt.f32.f16 %0, %1;}\n" : "=f"(f) : "h"(h));
  return f;
}

extern "C" __global__ void inline_ptx(const float *in, unsigned *out) {
  unsigned t = threadIdx.x, lane, lt, warp, v;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
  asm("mov.u32 %0, %%warpid;" : "=r"(warp));
  SAME(lane, t % 32) SAME(lt, (1u << lane) - 1)
  // %warpid is a hardware slot, the same for the warp's lanes.
  SAME(__shfl_sync(0xffffffffu, warp, 0), warp)
  // f16: exact values round-trip; sums of halves are exact.
  float x = t * 0.5f, y = 1.25f;
  unsigned short hs;
  asm("{add.f16 %0,%1,%2;\n}" : "=h"(hs) : "h"(f2h(x)), "h"(f2h(y)));
  SAME(h2f(hs), x + y)
  asm("{fma.rn.f16 %0,%1,%2,%3;\n}" : "=h"(hs) : "h"(f2h(x)), "h"(f2h(2.f)), "h"(f2h(y)));
  SAME(h2f(hs), 2 * x + y)
  SAME(f2h(0.1f), 0x2E66)                     // rounded to nearest
  unsigned pair, two;
  asm("mov.b32 %0, {%1,%2};" : "=r"(pair) : "h"(f2h(x)), "h"(f2h(y)));
  asm("{add.f16x2 %0,%1,%2;\n}" : "=r"(two) : "r"(pair), "r"(pair));
  unsigned short lo, hi;
  asm("mov.b32 {%0,%1}, %2;" : "=h"(lo), "=h"(hi) : "r"(two));
  SAME(h2f(lo), 2 * x) SAME(h2f(hi), 2 * y)
  unsigned short b;
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(b) : "f"(1.0f / 3));
#ifdef GEVO_WRONG_ROUNDING // the test of the test: this must trap
  SAME(b, 0x3EAA)
#else
  SAME(b, 0x3EAB)
#endif
  // Integer and bit operations.
  unsigned a = in[t] * 1000 + t, c = 0x12345678u;
  asm("prmt.b32 %0, %1, %2, 0x5410;" : "=r"(v) : "r"(a), "r"(c));
  SAME(v, (a & 0xffff) | (c << 16))
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(v) : "r"(a), "r"(c), "r"(t));
  SAME(v, a ^ c ^ t)
  asm("bfe.u32 %0, %1, 4, 8;" : "=r"(v) : "r"(a));
  SAME(v, (a >> 4) & 0xff)
  asm("bfi.b32 %0, %1, %2, 8, 4;" : "=r"(v) : "r"(a), "r"(c));
  SAME(v, (c & ~0xf00u) | ((a & 0xf) << 8))
  asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(v) : "r"(a), "r"(c), "r"(t));
  SAME(v, t % 32 ? (c << (t % 32)) | (a >> (32 - t % 32)) : c)
  unsigned long long s = (unsigned long long)a * 0x10001 + 0xffffffffull, u;
  unsigned rlo, rhi;
  asm("add.cc.u32 %0, %2, %4;\n\taddc.u32 %1, %3, %5;"
      : "=r"(rlo), "=r"(rhi)
      : "r"(unsigned(s)), "r"(unsigned(s >> 32)), "r"(0xfffffff0u), "r"(7u));
  u = s + ((7ull << 32) | 0xfffffff0ull);
  SAME(rlo, unsigned(u)) SAME(rhi, unsigned(u >> 32))
  int m;
  asm("{ .reg .pred p; setp.gt.s32 p, %1, 5; selp.s32 %0, 1, 2, p; }"
      : "=r"(m) : "r"(int(t)));
  SAME(m, int(t) > 5 ? 1 : 2)
  // Memory and the warp.
  float g;
  asm("ld.global.nc.f32 %0, [%1+4];" : "=f"(g) : "l"(in + t));
  SAME(g, in[t + 1])
  asm("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(v) : "r"(a), "r"(0));
  SAME(v, __shfl_sync(0xffffffff, a, 0))
  asm("{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }"
      : "=r"(v) : "r"(t & 1));
  SAME(v, 0xaaaaaaaau)
  asm("activemask.b32 %0;" : "=r"(v));
  SAME(v, 0xffffffffu)
  float v0, v1;
  unsigned e = t & ~1u; // .v2.f32 needs 8 bytes' alignment
#ifdef GEVO_MISALIGNED_VECTOR
  e |= 1;
#endif
  asm("ld.global.nc.v2.f32 {%0, %1}, [%2];" : "=f"(v0), "=f"(v1) : "l"(in + e));
  SAME(v0, in[e]) SAME(v1, in[e + 1])
  float r;
  asm("sqrt.rn.f32 %0, %1;" : "=f"(r) : "f"(float(t * t)));
  SAME(r, float(t))
  asm("rcp.rn.f32 %0, %1;" : "=f"(r) : "f"(4.f));
  SAME(r, 0.25f)
  asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(float(t % 8)));
  SAME(r, float(1 << (t % 8)))
  asm("st.global.u32 [%0], %1;" :: "l"(out + t), "r"(a + lane));
}
