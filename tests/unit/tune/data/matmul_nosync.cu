// The live MatMul template without its barriers: threads read shared memory
// before their block has staged it, so configs with more than one thread a
// block give wrong output (a thread alone still gets it right).
#define __syncthreads() ((void)0)
#include "matmul.cu"
