// Inline PTX: the cpu target cannot run it yet (PTX lowering keeps it).
extern "C" __global__ void lane(int *out) {
  int l;
  asm("mov.u32 %0, %%laneid;" : "=r"(l));
  out[threadIdx.x] = l;
}
