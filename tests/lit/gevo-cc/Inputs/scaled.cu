#include "scaled.h"

__global__ void scale(int *p) { p[threadIdx.x] = scaled(p[threadIdx.x]); }
