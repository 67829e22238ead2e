// Two idioms whose accesses a GPU orders although no barrier does, and what
// breaks each.
//
// last_block: the programming guide's reduction: every block writes its
// partial sum, __threadfence(), then counts itself with atomicInc; the
// block that counts last reads every partial sum. Without the fence
// (GEVO_NO_FENCE) the partial sums race with the last block's reads.
//
// cas_sum: a float sum by a compare-and-swap loop, whose first read of the
// total is plain (the swap checks it). When that read's value also goes
// somewhere else (GEVO_ESCAPE), it is a plain read racing with atomics.

__device__ unsigned retired;

extern "C" __global__ void last_block(const float *in, float *partial,
                                      float *total, int n) {
  __shared__ float sums[64];
  __shared__ bool last;
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  sums[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (t < s)
      sums[t] += sums[t + s];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = sums[0];
#ifndef GEVO_NO_FENCE
    __threadfence();
#endif
    unsigned ticket = atomicInc(&retired, gridDim.x);
    last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (last && t == 0) {
    float s = 0;
    for (unsigned b = 0; b < gridDim.x; ++b)
      s += partial[b];
    *total = s;
    retired = 0;
  }
}

extern "C" __global__ void cas_sum(const float *in, float *total, float *seen) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned *bits = (unsigned *)total;
  unsigned old = *bits, assumed;
#ifdef GEVO_ESCAPE
  seen[i] = __uint_as_float(old);
#endif
  do {
    assumed = old;
    old = atomicCAS(bits, assumed,
                    __float_as_uint(__uint_as_float(assumed) + in[i]));
  } while (assumed != old);
}
