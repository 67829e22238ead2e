#ifndef SCALE
#define SCALE 2
#endif
#ifndef OFFSET
#define OFFSET 0
#endif

__device__ inline int scaled(int x) { return x * SCALE + OFFSET; }
