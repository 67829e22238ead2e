#include <math.h>

__global__ void roots(float *x, double *y) {
  x[0] = sqrtf(x[0]);
  x[1] = sqrt(x[1]);
  x[2] = std::sqrt(x[2]);
  y[0] = sqrt(y[0]);
}
