// All-pairs softened gravity, written for gevo's tuner benchmarks
// (measure.py measures its tunable space on a GPU).
//
// acc[i] = sum over bodies j of m_j (p_j - p_i) / (|p_j - p_i|^2 + eps2)^1.5:
// compute-bound, where the other measured kernels are memory-bound. Every
// config sums the bodies j in the same order with the same expression, so
// correct configs agree to rounding.
//
// Tunable macros:
//   BLOCK   threads per block
//   ILP     bodies i per thread (a block apart)
//   TILE    bodies j per step of the j loop
//   SHARED  1: the block stages each step's bodies in shared memory;
//           0: every thread reads them through the read-only cache
//   SOA     1: bodies j read from four float arrays (x, y, z, m);
//           0: from one float4 array
//   UNROLL  the inner j loop's unroll factor; 0: the compiler's choice
#ifndef UNROLL
#define UNROLL 0
#endif
// A pragma's argument is not macro-expanded; _Pragma's string is built
// after expansion.
#define GEVO_PRAGMA(Text) _Pragma(#Text)
#define GEVO_UNROLL(N) GEVO_PRAGMA(unroll N)

__device__ __forceinline__ float4 body(const float4 *__restrict__ pos,
                                       const float *__restrict__ x,
                                       const float *__restrict__ y,
                                       const float *__restrict__ z,
                                       const float *__restrict__ m, int J) {
#if SOA
  return make_float4(__ldg(x + J), __ldg(y + J), __ldg(z + J), __ldg(m + J));
#else
  return __ldg(pos + J);
#endif
}

extern "C" __global__ void __launch_bounds__(BLOCK)
    nbody(const float4 *__restrict__ pos, const float *__restrict__ x,
          const float *__restrict__ y, const float *__restrict__ z,
          const float *__restrict__ m, float4 *__restrict__ acc, int n, float eps2) {
  const int I0 = blockIdx.x * BLOCK * ILP + threadIdx.x;
  float4 P[ILP];
  float Ax[ILP], Ay[ILP], Az[ILP];
#pragma unroll
  for (int K = 0; K < ILP; ++K) {
    const int I = I0 + K * BLOCK;
    P[K] = I < n ? pos[I] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    Ax[K] = Ay[K] = Az[K] = 0.0f;
  }
#if SHARED
  __shared__ float4 Tile[TILE];
#endif
  for (int J0 = 0; J0 < n; J0 += TILE) {
#if SHARED
    __syncthreads();
    for (int T = threadIdx.x; T < TILE; T += BLOCK)
      Tile[T] = body(pos, x, y, z, m, J0 + T);
    __syncthreads();
#endif
#if UNROLL > 0
    GEVO_UNROLL(UNROLL)
#endif
    for (int J = 0; J < TILE; ++J) {
#if SHARED
      const float4 Q = Tile[J];
#else
      const float4 Q = body(pos, x, y, z, m, J0 + J);
#endif
#pragma unroll
      for (int K = 0; K < ILP; ++K) {
        const float Dx = Q.x - P[K].x, Dy = Q.y - P[K].y, Dz = Q.z - P[K].z;
        const float R2 = Dx * Dx + Dy * Dy + Dz * Dz + eps2;
        const float Inv = rsqrtf(R2);
        const float S = Q.w * Inv * Inv * Inv;
        Ax[K] += Dx * S, Ay[K] += Dy * S, Az[K] += Dz * S;
      }
    }
  }
#pragma unroll
  for (int K = 0; K < ILP; ++K) {
    const int I = I0 + K * BLOCK;
    if (I < n)
      acc[I] = make_float4(Ax[K], Ay[K], Az[K], 0.0f);
  }
}
