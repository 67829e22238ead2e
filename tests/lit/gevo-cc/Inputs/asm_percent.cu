// Inline PTX as nvcc takes it: a bare % before a special register
// (%laneid, %clock) is passed through by nvcc and rejected by clang;
// gevo-cc doubles it. Operands (%0), %% and % outside asm stay as written.
#include <cstdio>
__global__ void lanes(unsigned *out) {
  unsigned lane, clk, warp;
  asm("mov.u32 %0, %laneid;" : "=r"(lane));
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(warp));
  asm volatile("mov.u32 %0, "
               "%clock;"
               : "=r"(clk));
  out[threadIdx.x] = lane + warp + clk; // 100% of them
  printf("%d %s\n", lane, "asm(\"%x\")");
}
void fail() { undeclared_on_line_15(); }
