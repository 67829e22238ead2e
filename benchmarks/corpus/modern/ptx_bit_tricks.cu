// Inline PTX as hand-tuned kernels use it for bit manipulation: %laneid and
// %warpid, %lanemask_lt/%lanemask_ge, lop3.b32 (any 3-input logic
// function by its truth table), prmt.b32 byte permutes, bfe/bfi bit
// fields, shf.l.wrap funnel shifts and brev. Each checked against plain
// C++ on the same values.
#include "check.h"

__device__ unsigned lop3Select(unsigned a, unsigned b, unsigned c) {
  unsigned r; // (a & b) | (~a & c): truth table 0xCA
  asm("lop3.b32 %0, %1, %2, %3, 0xCA;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}

extern "C" __global__ void bit_tricks(unsigned *out, const unsigned *in) {
  unsigned lane, ltMask, geMask, warpid;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(ltMask));
  asm("mov.u32 %0, %%lanemask_ge;" : "=r"(geMask));
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(warpid));
  CHECK(lane == threadIdx.x % 32);
  CHECK(ltMask == (1u << lane) - 1 && geMask == ~ltMask);
  CHECK(warpid < 64); // a hardware slot, not threadIdx.x / 32
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned a = in[i], b = in[i] * 2654435761u, c = ~in[i] ^ 0x5a5a5a5au;
  unsigned sel = lop3Select(a, b, c);
  CHECK(sel == ((a & b) | (~a & c)));
  unsigned swapped; // reverse the bytes of a
  asm("prmt.b32 %0, %1, 0, 0x0123;" : "=r"(swapped) : "r"(a));
  CHECK(swapped == ((a >> 24) | ((a >> 8) & 0xff00u) | ((a << 8) & 0xff0000u) | (a << 24)));
  unsigned mixed; // bytes 0 and 1 of a, then bytes 0 and 1 of b
  asm("prmt.b32 %0, %1, %2, 0x5410;" : "=r"(mixed) : "r"(a), "r"(b));
  CHECK(mixed == ((a & 0xffffu) | (b << 16)));
  unsigned field, inserted;
  asm("bfe.u32 %0, %1, 7, 9;" : "=r"(field) : "r"(a));
  CHECK(field == ((a >> 7) & 0x1ffu));
  asm("bfi.b32 %0, %1, %2, 4, 8;" : "=r"(inserted) : "r"(b), "r"(a));
  CHECK(inserted == ((a & ~0xff0u) | ((b & 0xffu) << 4)));
  unsigned rot, rev;
  asm("shf.l.wrap.b32 %0, %1, %1, %2;" : "=r"(rot) : "r"(a), "r"(lane));
  CHECK(rot == (lane ? (a << lane) | (a >> (32 - lane)) : a));
  asm("brev.b32 %0, %1;" : "=r"(rev) : "r"(a));
  CHECK(rev == __brev(a));
  out[i] = sel ^ swapped ^ mixed ^ field ^ inserted ^ rot ^ rev;
}
