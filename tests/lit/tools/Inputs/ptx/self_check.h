// What the self-checking kernels here share: SAME traps when a result
// differs from the plain code's (so the base fails), and the shared-window
// address of a shared variable, as inline PTX takes it.
#define SAME(A, B)                                                             \
  if ((A) != (B))                                                              \
    __trap();

__device__ inline unsigned sharedAddress(const void *P) {
  unsigned long long A;
  asm("cvta.to.shared.u64 %0, %1;" : "=l"(A) : "l"(P));
  return unsigned(A);
}
