// Inline PTX of CUDA 12/13's fp16 and bf16 headers and of CUB/libcu++:
// conversions in every rounding mode, pairs, bf16x2 arithmetic with C-style
// immediates, `.reg.b32 r` declarations, the bit instructions, fences, and
// labels with branches (a loop and an early exit). Each result is checked
// against values worked out by hand from the PTX ISA: a mismatch traps.
#include "self_check.h"

#define CVT(Mode, To, From, Out, In, OutC, InC)                                \
  asm("cvt." Mode "." To "." From " %0, %1;" : "=" OutC(Out) : InC(In));


extern "C" __global__ void convert(const float *in, unsigned *out) {
  unsigned short h;
  float third = in[0] / 3.0f; // in[0] is 1
  // f32 -> f16 in the four modes: 0.1 rounds down to nearest.
  float tenth = in[0] / 10.0f, big = in[0] * 70000.0f;
  CVT("rn", "f16", "f32", h, tenth, "h", "f") SAME(h, 0x2E66)
  CVT("rz", "f16", "f32", h, tenth, "h", "f") SAME(h, 0x2E66)
  CVT("rm", "f16", "f32", h, tenth, "h", "f") SAME(h, 0x2E66)
  CVT("rp", "f16", "f32", h, tenth, "h", "f") SAME(h, 0x2E67)
  CVT("rz", "f16", "f32", h, -tenth, "h", "f") SAME(h, 0xAE66)
  CVT("rm", "f16", "f32", h, -tenth, "h", "f") SAME(h, 0xAE67)
  CVT("rp", "f16", "f32", h, -tenth, "h", "f") SAME(h, 0xAE66)
  // Past the largest half: infinity to nearest and up, the largest toward
  // zero and down.
  CVT("rn", "f16", "f32", h, big, "h", "f") SAME(h, 0x7C00)
  CVT("rz", "f16", "f32", h, big, "h", "f") SAME(h, 0x7BFF)
  CVT("rm", "f16", "f32", h, big, "h", "f") SAME(h, 0x7BFF)
  CVT("rp", "f16", "f32", h, big, "h", "f") SAME(h, 0x7C00)
  CVT("rm", "f16", "f32", h, -big, "h", "f") SAME(h, 0xFC00)
  CVT("rz", "f16", "f32", h, -big, "h", "f") SAME(h, 0xFBFF)
  // bf16: 1/3 is 0x3EAAAAAB in float.
  CVT("rn", "bf16", "f32", h, third, "h", "f") SAME(h, 0x3EAB)
  CVT("rz", "bf16", "f32", h, third, "h", "f") SAME(h, 0x3EAA)
  CVT("rm", "bf16", "f32", h, third, "h", "f") SAME(h, 0x3EAA)
  CVT("rp", "bf16", "f32", h, third, "h", "f") SAME(h, 0x3EAB)
  CVT("rm", "bf16", "f32", h, -third, "h", "f") SAME(h, 0xBEAB)
  CVT("rp", "bf16", "f32", h, -third, "h", "f") SAME(h, 0xBEAA)
  // Tiny: toward +inf, the least subnormal half.
  CVT("rp", "f16", "f32", h, tenth * 1e-8f, "h", "f") SAME(h, 0x0001)
  CVT("rz", "f16", "f32", h, tenth * 1e-8f, "h", "f") SAME(h, 0x0000)
  // f64 -> f32 and s32 -> f32.
  float f;
  double dthird = (double)in[0] / 3.0;
  CVT("rz", "f32", "f64", f, dthird, "f", "d") SAME(__float_as_uint(f), 0x3EAAAAAAu)
  CVT("rn", "f32", "f64", f, dthird, "f", "d") SAME(__float_as_uint(f), 0x3EAAAAABu)
  int odd = 16777217 * (int)in[0];
  CVT("rn", "f32", "s32", f, odd, "f", "r") SAME(f, 16777216.0f)
  CVT("rp", "f32", "s32", f, odd, "f", "r") SAME(f, 16777218.0f)
  CVT("rni", "f32", "f32", f, 2.5f * in[0], "f", "f") SAME(f, 2.0f)
  // Pairs: the first source is the high half.
  unsigned p;
  asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(p) : "f"(in[0]), "f"(2 * in[0]));
  SAME(p, 0x3C004000u)
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(p) : "f"(in[0]), "f"(-2 * in[0]));
  SAME(p, 0x3F80C000u)
  asm("cvt.rn.relu.f16x2.f32 %0, %1, %2;" : "=r"(p) : "f"(-in[0]), "f"(2 * in[0]));
  SAME(p, 0x00004000u)
  // bf16x2 addition as cuda_bf16.h writes it before sm_90: a*1+b.
  unsigned a = 0x3FC04000u * (unsigned)in[0], b = 0x3E803F80u;
  asm("{.reg .b32 c;\n  mov.b32 c, 0x3f803f80U;\n  fma.rn.bf16x2 %0,%1,c,%2;}\n"
      : "=r"(p) : "r"(a), "r"(b));
  SAME(p, 0x3FE04040u)
  // hsqrt as cuda_fp16.h writes it: `.reg.b32 f` declarations.
  asm("{.reg.b32 f;\n .reg.b16 r;\n mov.b16 r,%1;\n cvt.f32.f16 f,r;\n"
      " sqrt.approx.ftz.f32 f,f;\n cvt.rn.f16.f32 r,f;\n mov.b16 %0,r;\n}"
      : "=h"(h) : "h"((unsigned short)0x4400)); // sqrt(4)
  SAME(h, 0x4000)
  // Bits.
  unsigned one = (unsigned)in[0], v;
  asm("brev.b32 %0, %1;" : "=r"(v) : "r"(one)); SAME(v, 0x80000000u)
  asm("popc.b32 %0, %1;" : "=r"(v) : "r"(0xF0F0u * one)); SAME(v, 8u)
  asm("clz.b32 %0, %1;" : "=r"(v) : "r"(0x10000u * one)); SAME(v, 15u)
  asm("bfind.u32 %0, %1;" : "=r"(v) : "r"(0x10000u * one)); SAME(v, 16u)
  asm("bfind.shiftamt.u32 %0, %1;" : "=r"(v) : "r"(0x10000u * one)); SAME(v, 15u)
  asm("bfind.u32 %0, %1;" : "=r"(v) : "r"(0u * one)); SAME(v, 0xFFFFFFFFu)
  asm("bfind.s32 %0, %1;" : "=r"(v) : "r"(-2 * (int)one)); SAME(v, 0u)
  asm("bmsk.wrap.b32 %0, %1, %2;" : "=r"(v) : "r"(one), "r"(2u)); SAME(v, 6u)
  asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(v) : "r"(30 * one), "r"(5u)); SAME(v, 0xC0000000u)
  asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(v) : "r"(40 * one), "r"(2u)); SAME(v, 0u)
  unsigned m = 0xaaaaaaaau * one;
  asm("fns.b32 %0, %1, %2, %3;" : "=r"(v) : "r"(m), "r"(3u), "r"(1)); SAME(v, 3u)
  asm("fns.b32 %0, %1, %2, %3;" : "=r"(v) : "r"(m), "r"(2u), "r"(1)); SAME(v, 3u)
  asm("fns.b32 %0, %1, %2, %3;" : "=r"(v) : "r"(m), "r"(2u), "r"(-1)); SAME(v, 1u)
  asm("fns.b32 %0, %1, %2, %3;" : "=r"(v) : "r"(m), "r"(2u), "r"(-2)); SAME(v, 0xFFFFFFFFu)
  asm volatile("fence.sc.gpu;\n\tmembar.gl;\n\tfence.acq_rel.cta;" ::: "memory");
  // Labels and branches: a loop counting set bits, and an early exit.
  unsigned bitsLeft = 0xF00Fu * one, count;
  asm("{\n .reg .pred done;\n mov.u32 %0, 0;\n"
      "LOOP_%=:\n setp.eq.u32 done, %1, 0;\n @done bra.uni END_%=;\n"
      " and.b32 %2, %1, 1;\n add.u32 %0, %0, %2;\n shr.b32 %1, %1, 1;\n"
      " bra.uni LOOP_%=;\n"
      "END_%=:\n}"
      : "=r"(count), "+r"(bitsLeft), "=r"(v));
  SAME(count, 8u) SAME(bitsLeft, 0u)
  unsigned clamped;
  asm("{\n .reg .pred big;\n mov.u32 %0, %1;\n setp.gt.u32 big, %1, 100;\n"
      " @!big bra SKIP_%=;\n mov.u32 %0, 100;\n SKIP_%=: add.u32 %0, %0, 1;\n}"
      : "=r"(clamped) : "r"(250 * one));
  SAME(clamped, 101u)
  out[threadIdx.x] = h;
}
