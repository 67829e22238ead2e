// Inline PTX the cpu target does not translate (dp4a): the variant is not
// run, and the error names the instruction (PTX lowering keeps it).
extern "C" __global__ void lane(int *out) {
  int r;
  asm("dp4a.u32.u32 %0, %1, %1, %1;" : "=r"(r) : "r"(int(threadIdx.x)));
  out[threadIdx.x] = r;
}
