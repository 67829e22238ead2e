// MRG32k3a's three skips with run-time counts, so that the IR keeps the six
// tables of matrix powers whole (rand_tables.py --check-ir reads them).
#include <curand_kernel.h>

__global__ void skips(unsigned long long n, unsigned *out) {
  curandStateMRG32k3a_t s;
  curand_init(0, n, n, &s);
  skipahead_sequence(n, &s);
  out[0] = curand(&s);
}
