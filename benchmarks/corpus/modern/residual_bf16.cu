// Residual connection on bf16 activations with 128-bit memory traffic: a
// small aligned struct of eight bf16 values is loaded and stored through
// int4, as trainers do to saturate bandwidth. The packed path is checked
// element by element against scalar bf16 adds.
#include "check.h"
#include <cuda_bf16.h>

template <class T> struct alignas(16) Packed128 {
  static constexpr int size = sizeof(int4) / sizeof(T);
  T payload[size];
  __device__ static Packed128 load(const T *p) {
    Packed128 r;
    *reinterpret_cast<int4 *>(r.payload) = *reinterpret_cast<const int4 *>(p);
    return r;
  }
  __device__ void store(T *p) const {
    *reinterpret_cast<int4 *>(p) = *reinterpret_cast<const int4 *>(payload);
  }
  __device__ T &operator[](int i) { return payload[i]; }
};
using x128 = Packed128<__nv_bfloat16>;

__global__ void to_bf16(__nv_bfloat16 *out, const float *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    out[i] = __float2bfloat16_rn(in[i]);
}

__global__ void residual_forward(__nv_bfloat16 *out, const __nv_bfloat16 *a,
                                 const __nv_bfloat16 *b, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
  if (i >= n)
    return;
  x128 pa = x128::load(a + i), pb = x128::load(b + i), po;
  for (int k = 0; k < x128::size; ++k) {
    po[k] = __float2bfloat16(__bfloat162float(pa[k]) + __bfloat162float(pb[k]));
    CHECK(__bfloat162float(po[k]) == __bfloat162float(__hadd(a[i + k], b[i + k])));
  }
  po.store(out + i);
}
